import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures')

/**
 * Compares `actual` with the golden file `fixtures/<name>`.
 * `UPDATE_GOLDEN=1 npm test -- <file>` rewrites it; read the diff before committing.
 */
export function expectGolden(name: string, actual: string): void {
  const path = join(FIXTURES, name)
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, actual)
  }
  expect(actual).toBe(readFileSync(path, 'utf8'))
}
