import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import {
  answer,
  callTool,
  lastMessageSent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
} from '../helpers/e2e.js'
import { requireRoot, writeStandIn } from '../helpers/machine-requirements.js'

// GitHub's ubuntu-24.04 runner, through `node dist/index.js` with
// `sandbox: auto` and no set-up step: a bwrap stand-in first on PATH fails
// as AppArmor makes the real one fail, until an apparmor_parser stand-in
// "loads" a profile; from then on it hands over to the real bubblewrap.
// The action trusts only root-owned directories that no one else can
// write, so the stand-ins live under /opt, not /tmp; this needs root, as
// the separate-user tests do (the CI container runs as root).

const USERNS_REFUSED = 'bwrap: setting up uid map: Permission denied'

let e2e: E2E
let dir: string
let bin: string
let log: string
let loaded: string

beforeEach(async () => {
  requireRoot()
  e2e = await startE2E()
  dir = mkdtempSync('/opt/h9-runner-')
  bin = join(dir, 'bin')
  mkdirSync(bin)
  log = join(dir, 'log')
  loaded = join(dir, 'profile')
  writeFileSync(log, '')
  writeStandIn(bin, 'bwrap', [
    `echo bwrap >> ${log}`,
    `[ -e ${loaded} ] && exec /usr/bin/bwrap "$@"`,
    `echo '${USERNS_REFUSED}' >&2`,
    'exit 1',
  ])
  writeStandIn(bin, 'apparmor_parser', [
    `echo "apparmor_parser $*" >> ${log}`,
    `cat > ${loaded}`,
  ])
})

afterEach(async () => {
  await checkAndCloseE2E(e2e)
  rmSync(dir, { recursive: true, force: true })
})

test('auto loads the AppArmor profile for bwrap and runs the tools in the sandbox', async () => {
  e2e.llm.enqueue(
    // In bubblewrap's PID namespace the shell is one of very few processes.
    callTool('bash', { command: 'ls /proc | grep -c "^[0-9]"' }),
    answer('Done.'),
  )
  const run = await e2e.run({
    inputs: { task: 'Count processes', sandbox: 'auto' },
    env: { PATH: `${bin}:${process.env.PATH}` },
  })
  expect(run.outputs.status).toBe('completed')
  expect(run.stdout).toContain(
    `Loaded an AppArmor profile that allows user namespaces for ${bin}/bwrap only.`,
  )
  expect(run.summary).toContain('bash runs in a bubblewrap sandbox')
  expect(readFileSync(loaded, 'utf8')).toContain(
    `profile bwrap ${bin}/bwrap flags=(unconfined) {\n  userns,`,
  )
  // probe (refused), load, probe again, the tool call.
  expect(readFileSync(log, 'utf8').split('\n')).toEqual([
    'bwrap',
    'apparmor_parser -r',
    'bwrap',
    'bwrap',
    '',
  ])
  // bwrap's init, the egress forwarder, bash, ls and grep; the host has many more.
  expect(Number(lastMessageSent(e2e.llm, 1).trim())).toBeLessThan(10)
})
