import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  answer,
  callTool,
  lastMessageSent,
  e2ePerTest,
} from '../helpers/e2e.js'

// A self-hosted runner keeps its credentials in its root directory and the
// checkouts of other repositories in `_work` beside it; RUNNER_TEMP and
// RUNNER_WORKSPACE point below that root. The sandbox hides /tmp anyway, so
// the root lives in /var/tmp here, where only the runner-root rule hides it.

const CREDENTIAL = 'runner-credential-5d1f7a'
const OTHER_CHECKOUT = 'other-repository-secret-9e3b'

const e2e = e2ePerTest()
let runnerRoot: string
beforeEach(async () => {
  runnerRoot = mkdtempSync('/var/tmp/h9-runner-root-')
  writeFileSync(join(runnerRoot, '.runner'), '{"agentName":"self-hosted"}\n')
  writeFileSync(join(runnerRoot, '.credentials'), `${CREDENTIAL}\n`)
  mkdirSync(join(runnerRoot, '_work/_temp'), { recursive: true })
  mkdirSync(join(runnerRoot, '_work/other/other'), { recursive: true })
  writeFileSync(
    join(runnerRoot, '_work/other/other/.env'),
    `${OTHER_CHECKOUT}\n`,
  )
})
afterEach(async () => {
  rmSync(runnerRoot, { recursive: true, force: true })
})

test.each([
  ['bwrap', false],
  ['none', true],
])("under %s the runner's root is visible: %s", async (sandbox, visible) => {
  e2e.llm.enqueue(
    callTool('bash', {
      command: `cat ${runnerRoot}/.credentials ${runnerRoot}/_work/other/other/.env; ls -A ${runnerRoot}`,
    }),
    answer('Done.'),
  )
  const run = await e2e.run({
    inputs: { task: 'Look around', sandbox },
    env: {
      RUNNER_TEMP: join(runnerRoot, '_work/_temp'),
      RUNNER_WORKSPACE: join(runnerRoot, '_work/widgets'),
    },
  })
  expect(run.outputs.status).toBe('completed')
  const seen = lastMessageSent(e2e.llm, 1)
  expect(seen.includes(CREDENTIAL)).toBe(visible)
  expect(seen.includes(OTHER_CHECKOUT)).toBe(visible)
  expect(seen.includes('.runner')).toBe(visible)
})
