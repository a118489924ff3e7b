import { existsSync, readFileSync } from 'node:fs'
import { answer, callTool, startE2E, type E2E } from '../helpers/e2e.js'

let e2e: E2E
beforeEach(async () => {
  e2e = await startE2E({ defaultBranch: 'main' })
})
afterEach(async () => {
  expect(e2e.llm.misses).toEqual([])
  await e2e.close()
})

test('a task run edits files, commits to a new branch and opens a pull request', async () => {
  e2e.llm.enqueue(
    callTool('write_file', { path: 'src/hello.txt', content: 'hello\n' }),
    callTool('edit_file', {
      path: 'README.md',
      source_text: '# test',
      target_text: '# widgets',
    }),
    answer('Added src/hello.txt and renamed the README heading.'),
  )
  const run = await e2e.run({
    inputs: {
      task: 'Add a hello file',
      commit: 'true',
      'pull-request': 'true',
      'log-language': 'en',
    },
  })
  expect(run.stderr).toBe('')
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  expect(run.outputs.result).toBe(
    'Added src/hello.txt and renamed the README heading.',
  )
  expect(run.outputs.turns).toBe('3')
  expect(JSON.parse(run.outputs['changed-files'])).toEqual([
    'README.md',
    'src/hello.txt',
  ])
  expect(run.outputs.branch).toBe('harness9/run-4242')

  // The bare origin has the branch, with the bot's commit holding the change.
  const log = e2e.repo
    .originGit(['log', '-1', '--format=%H%n%an <%ae>%n%s', 'harness9/run-4242'])
    .split('\n')
  expect(log[0]).toBe(run.outputs['commit-sha'])
  expect(log[1]).toBe(
    'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>',
  )
  expect(log[2]).toBe('harness9: Add a hello file')
  expect(e2e.repo.originGit(['show', 'harness9/run-4242:src/hello.txt'])).toBe(
    'hello\n',
  )
  expect(e2e.repo.originGit(['show', 'harness9/run-4242:README.md'])).toBe(
    '# widgets\n',
  )
  // main is untouched: never a push to the default branch.
  expect(e2e.repo.originGit(['show', 'main:README.md'])).toBe('# test\n')

  const pull = e2e.github.requests.find(
    (request) =>
      request.method === 'POST' && request.path === '/repos/acme/widgets/pulls',
  )
  expect(pull?.body).toMatchObject({
    head: 'harness9/run-4242',
    base: 'main',
    title: 'harness9: Add a hello file',
  })
  expect(run.outputs['pull-request-url']).toMatch(
    /^https:\/\/github\.com\/acme\/widgets\/pull\/\d+$/,
  )

  // Tool calls ran in grouped, block-style logs.
  expect(run.stdout).toContain('::group::Turn 1 · write_file src/hello.txt\n')
  // The action's own phases are groups too, so the log does not end at the loop.
  expect(run.stdout).toContain('::group::Commit, push and pull request\n')
  expect(run.stdout).toContain('::group::Summary, outputs and reply\n')
  expect(run.stdout).toMatch(
    /\[engine\] Turn 1 │ tool start │ tool=write_file id=call_\d+/,
  )
  expect(run.stdout).toContain('::endgroup::')
  expect(run.summary).toContain('## harness9: ✅ Completed')
  expect(run.summary).toContain(
    '| 1 | 1 | `write_file` | ok | `src/hello.txt` |',
  )
  expect(run.summary).toContain('- `src/hello.txt`')

  // The transcript has every message, one JSON object a line.
  expect(existsSync(run.outputs.transcript)).toBe(true)
  const roles = readFileSync(run.outputs.transcript, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).role)
  expect(roles).toEqual([
    'system',
    'user',
    'assistant',
    'user',
    'assistant',
    'user',
    'assistant',
  ])
})

test('with nothing changed there is nothing to commit, and that is not an error', async () => {
  e2e.llm.enqueue(answer('Nothing needed changing.'))
  const run = await e2e.run({
    inputs: { task: 'Check the README', commit: 'true' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  expect(run.outputs['commit-sha']).toBe('')
  expect(run.summary).toContain('Nothing to commit: no file changed.')
  expect(e2e.repo.originGit(['branch', '--list'])).not.toContain('harness9/')
})

test('the model is sent the task and the system prompt, with the tools', async () => {
  e2e.llm.enqueue(answer('Done.'))
  await e2e.run({
    inputs: {
      task: 'Say done',
      instructions: 'Run npm test before you finish.',
    },
  })
  const body = e2e.llm.requests[0].body as {
    messages: { role: string; content: string }[]
    tools: { function: { name: string } }[]
  }
  expect(body.messages[0].role).toBe('system')
  expect(body.messages[0].content).toContain('Run npm test before you finish.')
  expect(body.messages[1]).toEqual({ role: 'user', content: 'Say done' })
  expect(body.tools.map((tool) => tool.function.name)).toEqual([
    'read_file',
    'write_file',
    'edit_file',
    'bash',
  ])
})

test('a missing key fails the step with one sentence naming the input and the secret', async () => {
  const run = await e2e.run({ inputs: { task: 'Anything', 'api-key': '' } })
  expect(run.exitCode).toBe(1)
  expect(run.stdout).toContain(
    "::error::No API key for openai: set the input 'api-key' (for example api-key: ${{ secrets.OPENAI_API_KEY }}) or the OPENAI_API_KEY environment variable.",
  )
  expect(run.outputs.status).toBe('failed')
  expect(run.summary).toContain('## harness9: ❌ Failed')
  expect(e2e.llm.requests).toEqual([])
})

test('a bad number fails the step naming the input and the value', async () => {
  const run = await e2e.run({
    inputs: { task: 'Anything', 'max-turns': 'ten' },
  })
  expect(run.exitCode).toBe(1)
  expect(run.stdout).toContain(
    "::error::Input 'max-turns' must be a positive integer, got 'ten'.",
  )
  expect(e2e.llm.requests).toEqual([])
})
