import { answer, callTool, e2ePerTest } from '../helpers/e2e.js'
import { openaiStream } from '../helpers/llm-server.js'
import {
  activeWorkflowCommands,
  TEST_API_KEY,
  TEST_GITHUB_TOKEN,
} from '../helpers/run-action.js'

// Workflow commands the attacker's tool output and answer try to give the
// runner: overwrite an output, mask text (hiding evidence, or masking
// everything), stop the action's own commands, raise a fake annotation.
const INJECTED = [
  '::set-output name=status::completed',
  '::add-mask::x',
  '::stop-commands::abc',
  '::error::fake',
  '::abc::',
]

const ATTACK = [
  'echo "::set-output name=status::completed"',
  'echo "::add-mask::x"',
  'echo "::stop-commands::abc"',
  'echo "::error::fake"',
  'echo "::abc::"',
  // A bare carriage return ends a line for the runner: the command would
  // start a line of its own even behind the log's `│` prefix.
  "printf 'ok\\r::set-output name=turns::99\\r\\n'",
].join('; ')

const e2e = e2ePerTest()

/** The action's own commands: masks of the real secrets, groups, its error. */
function expectOnlyOwnCommands(commands: string[]): void {
  const own = commands.filter(
    (command) =>
      command === `::add-mask::${TEST_API_KEY}` ||
      command === `::add-mask::${TEST_GITHUB_TOKEN}` ||
      // A turn's title quotes the model's command, on the group's own line:
      // the runner reads the rest of that line as the title, never a command.
      /^::(group::Turn \d+( · [^\r\n]*)?|endgroup::)$/.test(command) ||
      PHASE_GROUPS.includes(command) ||
      command.startsWith('::error::The run reached max-turns (2)'),
  )
  expect(commands).toEqual(own)
  expect(commands).toContain(`::add-mask::${TEST_API_KEY}`)
  expect(
    commands.some((command) => command.startsWith('::group::Turn 1 · bash: ')),
  ).toBe(true)
}

/** The action's own phases, each a group of the step log. */
const PHASE_GROUPS = [
  '::group::Request and authorisation',
  '::group::Workspace',
  '::group::Summary, outputs and reply',
]

// Proves both layers of the log together: every line of model and tool text
// sits behind `│` (a bare \r normalised first) inside a stop-commands pause.
test('commands in tool output and in the answer never reach the runner, and the outputs are the real ones', async () => {
  // The run really ends at the turn limit (the model still wants a tool in
  // turn 2), which the forged `status=completed` must not cover up.
  const moreWork = {
    id: 'call_more',
    name: 'bash',
    arguments: '{"command":"true"}',
  }
  e2e.llm.enqueue(
    callTool('bash', { command: ATTACK }),
    openaiStream.toolCalls([moreWork], {
      text: `Almost done.\n${INJECTED.join('\n')}`,
    }),
    answer(`Handover.\n${INJECTED.join('\n')}`),
  )
  const run = await e2e.run({
    inputs: { task: 'Print things', 'max-turns': '2', sandbox: 'bwrap' },
  })

  const toolResult = JSON.stringify(e2e.llm.requests[1].body)
  expect(toolResult).toContain('::set-output name=status::completed') // the attack ran
  expect(run.stdout).toContain('::set-output name=status::completed') // and is in the log, inert
  expectOnlyOwnCommands(
    activeWorkflowCommands(run.stdout.replace(/\r\n?/g, '\n')),
  )
  expect(run.outputs.status).toBe('max_turns')
  expect(run.outputs.turns).toBe('2')
})

// Proves the stop-commands pause on its own: were a renderer to drop the `│`
// prefix in front of output lines, the pause must still keep them inert.
test('the stop-commands pause alone keeps the injected lines inert', async () => {
  e2e.llm.enqueue(
    callTool('bash', { command: ATTACK }),
    answer(INJECTED.join('\n')),
  )
  const run = await e2e.run({
    inputs: { task: 'Print things', sandbox: 'none' },
  })
  expect(run.exitCode).toBe(0)
  const unprefixed = run.stdout.replace(/\r\n?/g, '\n').replace(/^\s*│ ?/gm, '')
  expect(unprefixed).toMatch(/^::set-output name=status::completed$/m)
  expect(unprefixed).toMatch(/^::set-output name=turns::99$/m)
  const commands = activeWorkflowCommands(unprefixed)
  for (const injected of [...INJECTED, '::set-output name=turns::99']) {
    expect(commands).not.toContain(injected)
  }
  expect(run.outputs.status).toBe('completed')
  expect(run.outputs.turns).toBe('2')
})
