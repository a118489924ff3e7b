import { execFileSync } from 'node:child_process'
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

// GitHub runs dist/ as committed, so a bundle that differs from a fresh build
// of src/ is a bug. This builds into a temp dir with the same script and
// compares every file.
const ROOT = join(import.meta.dirname, '..')

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort()
}

test('the committed dist/ is what `npm run build` makes from src/', () => {
  const out = mkdtempSync(join(tmpdir(), 'harness9-dist-'))
  try {
    execFileSync('npm', ['run', '-s', 'build'], {
      cwd: ROOT,
      env: { ...process.env, DIST_DIR: out },
      stdio: 'pipe',
    })
    const committed = join(ROOT, 'dist')
    expect(listFiles(committed)).toEqual(listFiles(out))
    const stale = listFiles(out).filter(
      (name) =>
        !readFileSync(join(out, name)).equals(
          readFileSync(join(committed, name)),
        ),
    )
    expect(stale.map((name) => relative(ROOT, join(committed, name)))).toEqual(
      [],
    )
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}, 180_000)

// The action and the command are one build: the files that are started are
// stubs, and the SDKs are bundled once (two builds made dist/ 13 MB).
const DIST = join(ROOT, 'dist')

test.each(['index.js', 'cli/index.js'])(
  'dist/%s is a stub that starts its entry from the shared bundle',
  (stub) => {
    const text = readFileSync(join(DIST, stub), 'utf8')
    expect(text.length).toBeLessThan(1000)
    expect(text).toMatch(/await import\('\.{1,2}\/bundle\/index\.js'\)/)
  },
)

test('the OpenAI SDK is bundled once, in one chunk', () => {
  const holders = listFiles(DIST).filter(
    (name) =>
      name.endsWith('.js') &&
      readFileSync(join(DIST, name), 'utf8').includes('class OpenAI '),
  )
  expect(holders).toHaveLength(1)
})

// 5.9 MB with the SDKs shared and our own artifact client (@actions/artifact
// and its Azure storage SDK made it 10.3 MB), plus a margin of 0.6 MB.
test('dist/ is under 6.5 MB', () => {
  const bytes = listFiles(DIST).reduce(
    (sum, name) => sum + statSync(join(DIST, name)).size,
    0,
  )
  expect(bytes).toBeLessThan(6_500_000)
})

test('the command turns on the V8 compile cache before loading the bundle', () => {
  const text = readFileSync(join(DIST, 'cli/index.js'), 'utf8')
  expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true)
  expect(text.indexOf('enableCompileCache')).toBeGreaterThan(0)
  expect(text.indexOf('enableCompileCache')).toBeLessThan(
    text.indexOf("import('../bundle/index.js')"),
  )
})

test('the command is executable', () => {
  expect(statSync(join(DIST, 'cli/index.js')).mode & 0o111).toBe(0o111)
})

test.each([
  '@actions/core',
  '@actions/exec',
  '@actions/io',
  'undici',
  'openai',
])('dist/licenses.txt carries the license of %s', (name) => {
  const text = readFileSync(join(DIST, 'licenses.txt'), 'utf8')
  // name@version, its SPDX license, then the license text itself.
  expect(text).toMatch(
    new RegExp(`^${name}@\\d+\\.\\d+\\.\\d+\\n[\\w.-]+\\n\\S`, 'm'),
  )
})
