import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { VERSION } from '../../src/cli/version.js'

test("VERSION is package.json's version", () => {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'),
  ) as { version: unknown }
  expect(typeof manifest.version).toBe('string')
  expect(VERSION).toBe(manifest.version)
})
