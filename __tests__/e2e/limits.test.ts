import { answer, callTool, loadEvent, e2ePerTest } from '../helpers/e2e.js'

const e2e = e2ePerTest({ permissions: { alice: 'admin' } })

function finalReply(): string {
  const comments = [...e2e.github.comments.values()]
  expect(comments).toHaveLength(1)
  return comments[0].body
}

test('the turn limit stops the run; summary, reply and outputs still say so', async () => {
  e2e.llm.enqueue(
    callTool('bash', { command: 'echo one > one.txt' }),
    callTool('bash', { command: 'echo two > two.txt' }),
    answer('Wrote one.txt and two.txt. Left: the test; run it next.'),
  )
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { 'max-turns': '2', commit: 'true' },
  })
  // Unfinished work is never green; the status output tells which limit.
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('max_turns')
  expect(run.outputs.turns).toBe('2')
  expect(run.stdout).toContain(
    '::error::The run reached max-turns (2) before the model finished.',
  )
  expect(run.summary).toContain('## harness9: ⚠️ Stopped at the turn limit')
  expect(finalReply()).toContain(
    'The run reached max-turns (2) before the model finished.',
  )
  // The model was asked, without tools, for a handover: it is the result.
  expect(e2e.llm.requests).toHaveLength(3)
  expect(e2e.llm.requests[2].body).not.toHaveProperty('tools')
  expect(JSON.stringify(e2e.llm.requests[2].body)).toContain('handover')
  expect(finalReply()).toContain('Left: the test; run it next.')
  expect(run.summary).toContain('Left: the test; run it next.')
  // What was done is still committed, on the branch.
  expect(e2e.repo.originGit(['show', 'harness9/issue-12-4242:two.txt'])).toBe(
    'two\n',
  )
})

test('the deadline stops a hanging tool and the run, leaving time to report', async () => {
  e2e.llm.enqueue(callTool('bash', { command: 'sleep 60' }))
  // 0.1 min = 6 s of budget, of which 10 % is kept for wrap-up. (3 s was
  // too little on a loaded machine: the action's own start-up, sandbox and
  // all, could use most of it and leave no time for the reply.)
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { 'budget-minutes': '0.1', 'tool-timeout': '120' },
  })
  expect(run.durationMs).toBeLessThan(20_000) // not the 60 s sleep, nor the 120 s tool timeout
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('deadline')
  expect(run.summary).toContain(
    '## harness9: ⏱️ Stopped: the time budget ran out',
  )
  expect(run.summary).toContain('| 1 | 1 | `bash` | error |')
  expect(finalReply()).toContain(
    'The time budget (budget-minutes 0.1) ran out before the model finished.',
  )
  expect(e2e.llm.requests).toHaveLength(1)
})

test('the token budget stops the run before the next model call', async () => {
  e2e.llm.enqueue(
    callTool('bash', { command: 'true' }),
    answer('Ran `true`; nothing else done.'),
    answer('never sent'),
  )
  const run = await e2e.run({ inputs: { task: 'loop', 'max-tokens': '10' } })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('token_limit')
  // The tool ran, then one last call without tools asked for the handover.
  expect(e2e.llm.requests).toHaveLength(2)
  expect(e2e.llm.requests[1].body).not.toHaveProperty('tools')
  expect(e2e.llm.pending).toBe(1)
  expect(run.summary).toContain('Ran `true`; nothing else done.')
  expect(run.summary).toContain('## harness9: ⚠️ Stopped at the token limit')
})

test('a model API failure fails the step and the reply says why', async () => {
  e2e.llm.enqueue({
    status: 401,
    json: {
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
      },
    },
  })
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
  })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('failed')
  expect(run.stdout).toContain(
    '::error::openai request failed (HTTP 401): Incorrect API key provided',
  )
  expect(finalReply()).toContain('Incorrect API key provided')
  expect(run.summary).toContain('## harness9: ❌ Failed')
})

test('a reply that cannot be posted is a warning; the work still happens', async () => {
  e2e.github.fail({
    match: /^POST \/repos\/acme\/widgets\/issues\/12\/comments$/,
    status: 403,
    message: 'Resource not accessible by integration',
  })
  e2e.llm.enqueue(answer('Done anyway.'))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  expect(run.stdout).toMatch(
    /::warning::Could not reply on the thread, so the outcome will only be in the job summary: .*HTTP 403/,
  )
  expect(run.summary).toContain('Done anyway.')
})
