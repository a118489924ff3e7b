import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import {
  answer,
  callTool,
  startE2E,
  type E2E,
  checkAndCloseE2E,
} from '../helpers/e2e.js'
import { toolResultsIn } from './attacker-kit.js'
import { requireRoot, writeStandIn } from '../helpers/machine-requirements.js'

// Where no user namespace can be had, `auto` runs the tools as a throwaway
// user. The file tools' helper starts through the same wrapper (sudo or
// setpriv, which close inherited descriptors), so it runs as that user too
// and writes the workspace the user owns. Needs root, like the other
// separate-user tests; the stand-ins live under /opt (a trusted directory).

let e2e: E2E
let dir: string

beforeEach(async () => {
  requireRoot()
  e2e = await startE2E()
  dir = mkdtempSync('/opt/h9-no-userns-')
  chmodSync(dir, 0o755)
  // bwrap and the AppArmor profile both fail, as where namespaces are off.
  writeStandIn(dir, 'bwrap', [
    "echo 'bwrap: No permissions to create new namespace' >&2",
    'exit 1',
  ])
  writeStandIn(dir, 'apparmor_parser', ['exit 1'])
})

afterEach(async () => {
  await checkAndCloseE2E(e2e)
  rmSync(dir, { recursive: true, force: true })
})

test('the file tools run as the separate user, like bash', async () => {
  mkdirSync(join(e2e.repo.workdir, 'src'), { recursive: true })
  writeFileSync(join(e2e.repo.workdir, 'src', 'a.txt'), 'old\n')
  e2e.llm.enqueue(
    callTool('write_file', { path: 'src/new.txt', content: 'new\n' }),
    callTool('edit_file', {
      path: 'src/a.txt',
      source_text: 'old',
      target_text: 'edited',
    }),
    callTool('read_file', { path: 'src/a.txt' }),
    callTool('bash', { command: 'stat -c "%U" src/new.txt; id -un' }),
    answer('Done.'),
  )
  const run = await e2e.run({
    inputs: { task: 'Edit as the other user', sandbox: 'auto' },
    env: { PATH: `${dir}:${process.env.PATH}` },
  })
  expect(run.summary).toContain('separate user')
  expect(run.outputs.status).toBe('completed')
  expect(toolResultsIn(e2e.llm.requests[3]).at(-1)).toBe('edited\n')
  // The helper's file belongs to the user bash runs as, not to root.
  const [owner, user] = toolResultsIn(e2e.llm.requests[4])
    .at(-1)!
    .trim()
    .split('\n')
  expect(user).toMatch(/^harness9-/)
  expect(owner).toBe(user)
  expect(readFileSync(join(e2e.repo.workdir, 'src', 'new.txt'), 'utf8')).toBe(
    'new\n',
  )
  // The workspace is given back to the action's user afterwards.
  expect(statSync(join(e2e.repo.workdir, 'src', 'new.txt')).uid).toBe(0)
})
