import { createServer, type Server, type Socket } from 'node:net'
import { execFileSync } from 'node:child_process'
import {
  answer,
  callTool,
  loadEvent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
} from '../helpers/e2e.js'
import { openaiError } from '../helpers/llm-server.js'

// Faults injected end to end through `node dist/index.js`: the model API,
// GitHub's API and the git remote fail in the ways users meet, and the run
// still keeps the agent's work and answers on the thread.

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

function comments(): string[] {
  return [...e2e.github.comments.values()].map((comment) => comment.body)
}

function originBranches(): string[] {
  return e2e.repo
    .originGit(['for-each-ref', '--format=%(refname:short)', 'refs/heads'])
    .split('\n')
    .filter((line) => line !== '')
}

function pullRequestBodies(): Record<string, unknown>[] {
  return e2e.github.requests
    .filter(
      (request) => request.method === 'POST' && request.path.endsWith('/pulls'),
    )
    .map((request) => request.body as Record<string, unknown>)
}

const WRITE_FIX = callTool('bash', { command: 'printf "fixed\\n" > fix.txt' })

test('model 500s are retried, each retry a log line, the count in the summary', async () => {
  e2e = await startE2E()
  e2e.llm.enqueue(
    openaiError(500, 'The server had an error'),
    openaiError(503, 'Overloaded'),
    answer('Nothing to change.'),
  )
  const run = await e2e.run({ inputs: { task: 'Look around' } })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  expect(run.stdout).toMatch(
    /\[retry\] openai attempt 2 of 4 in \d+\.\d s: openai request failed \(HTTP 500\)/,
  )
  expect(run.stdout).toMatch(/\[retry\] openai attempt 3 of 4 in \d+\.\d s/)
  expect(run.summary).toContain('The model API was retried 2 times')
})

test('a 401 after the agent edited files: the work is pushed as a draft PR, the step fails', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  e2e.llm.enqueue(WRITE_FIX, openaiError(401, 'Incorrect API key provided'))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { commit: 'true', 'pull-request': 'true' },
  })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('failed')
  expect(run.stdout).toContain('::error::')
  expect(run.outputs.branch).toBe('harness9/issue-12-4242')
  expect(e2e.repo.originGit(['show', 'harness9/issue-12-4242:fix.txt'])).toBe(
    'fixed\n',
  )
  const message = e2e.repo.originGit([
    'log',
    '-1',
    '--format=%B',
    'harness9/issue-12-4242',
  ])
  expect(message).toMatch(/^harness9 \(work in progress\): /)
  expect(message).toContain('Work in progress: the run failed.')
  expect(message).toContain('HTTP 401')
  const [pull] = pullRequestBodies()
  expect(pull).toMatchObject({ draft: true, head: 'harness9/issue-12-4242' })
  expect(String(pull.title)).toMatch(/^\[WIP\] harness9: /)
  const [reply] = comments()
  expect(reply).toContain('### ❌ Failed')
  expect(reply).toContain(run.outputs['pull-request-url'])
  expect(run.summary).toContain('harness9/issue-12-4242')
})

test('max_turns fails the step after everything is published, with the work on a draft PR', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  // The turn, then the handover call (no tools) that says where it stopped.
  e2e.llm.enqueue(WRITE_FIX, answer('Wrote fix.txt; the test is still to do.'))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { 'max-turns': '1', commit: 'true', 'pull-request': 'true' },
  })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('max_turns')
  expect(run.stdout).toContain(
    '::error::The run reached max-turns (1) before the model finished.',
  )
  expect(run.outputs['pull-request-url']).toMatch(/\/pull\/\d+$/)
  expect(pullRequestBodies()[0]).toMatchObject({ draft: true })
  expect(
    e2e.repo.originGit(['log', '-1', '--format=%s', 'harness9/issue-12-4242']),
  ).toMatch(/^harness9 \(work in progress\): /)
  expect(run.summary).toContain('Stopped at the turn limit')
  expect(comments()[0]).toContain('Stopped at the turn limit')
  expect(String(pullRequestBodies()[0].body)).toContain(
    'the test is still to do',
  )
})

test('a branch that already exists: the same commit goes to a fresh branch, theirs untouched', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  e2e.repo.git(['push', '--quiet', 'origin', 'main:harness9/issue-12-4242'])
  const theirs = e2e.repo.originGit(['rev-parse', 'harness9/issue-12-4242'])
  e2e.llm.enqueue(WRITE_FIX, answer('Fixed.'))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { commit: 'true' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  const branch = run.outputs.branch
  expect(branch).toMatch(/^harness9\/issue-12-4242-[0-9a-f]{6}$/)
  expect(e2e.repo.originGit(['show', `${branch}:fix.txt`])).toBe('fixed\n')
  expect(e2e.repo.originGit(['rev-parse', 'harness9/issue-12-4242'])).toBe(
    theirs,
  )
  expect(run.summary).toContain(
    `Pushed to the new branch ${branch} instead of harness9/issue-12-4242: Branch 'harness9/issue-12-4242' already exists`,
  )
  expect(comments()[0]).toContain(branch)
})

test('a re-run of the same run id pushes to its own branch', async () => {
  e2e = await startE2E()
  e2e.llm.enqueue(WRITE_FIX, answer('Fixed.'))
  const run = await e2e.run({
    inputs: { task: 'Fix it', commit: 'true' },
    env: { GITHUB_RUN_ATTEMPT: '2' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.branch).toBe('harness9/run-4242-2')
  expect(originBranches()).toContain('harness9/run-4242-2')
})

test('GitHub 500s on the replies are retried; a status comment that is gone gets a new one', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  e2e.github.fail({
    match: 'POST /repos/acme/widgets/issues/12/comments',
    status: 500,
    times: 1,
  })
  e2e.github.fail({
    match: /^PATCH \/repos\/acme\/widgets\/issues\/comments\/\d+$/,
    status: 404,
    message: 'Not Found',
  })
  e2e.llm.enqueue(answer('All good.'))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
  })
  expect(run.exitCode).toBe(0)
  const posts = e2e.github.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === '/repos/acme/widgets/issues/12/comments',
  )
  // 500, the retried "working on it", then the outcome as a new comment.
  expect(posts).toHaveLength(3)
  const bodies = comments()
  expect(bodies).toHaveLength(2)
  expect(bodies[1]).toContain('All good.')
  expect(run.stdout).toContain(
    'Could not update the status comment, posting the result as a new comment',
  )
})

test('when no reply can be posted at all, the summary and the log say so', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  e2e.github.fail({
    match: 'POST /repos/acme/widgets/issues/12/comments',
    status: 403,
    message: 'Resource not accessible by integration',
  })
  e2e.llm.enqueue(answer('All good.'))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  expect(comments()).toEqual([])
  expect(run.stdout).toContain('::warning::Could not reply on the thread')
  expect(run.summary).toContain(
    'Could not reply on the thread, so the outcome will only be in the job summary',
  )
  expect(run.summary).toContain('Resource not accessible by integration')
})

test('pushed but the pull request failed: the branch, the commit and a compare link', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  e2e.github.fail({
    match: 'POST /repos/acme/widgets/pulls',
    status: 422,
    message: 'Validation Failed',
  })
  e2e.llm.enqueue(WRITE_FIX, answer('Fixed.'))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { commit: 'true', 'pull-request': 'true' },
  })
  expect(run.outputs.status).toBe('completed')
  expect(run.outputs.branch).toBe('harness9/issue-12-4242')
  const sha = run.outputs['commit-sha']
  expect(e2e.repo.originGit(['rev-parse', 'harness9/issue-12-4242'])).toBe(
    `${sha}\n`,
  )
  const compare =
    'https://github.com/acme/widgets/compare/harness9/issue-12-4242?expand=1'
  expect(run.summary).toContain('The pull request could not be opened')
  expect(run.summary).toContain(compare)
  expect(run.summary).not.toContain('not committed')
  const [reply] = comments()
  expect(reply).toContain('The work is on branch harness9/issue-12-4242')
  expect(reply).toContain(sha.slice(0, 12))
  expect(reply).toContain(compare)
})

describe('a remote that accepts the connection and never answers', () => {
  let silent: Server
  const sockets: Socket[] = []
  afterEach(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  async function silentOrigin(): Promise<number> {
    silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as { port: number }).port
    e2e.repo.git([
      'remote',
      'set-url',
      'origin',
      `http://127.0.0.1:${port}/acme/widgets.git`,
    ])
    return port
  }

  function gitLeftFor(port: number): string[] {
    return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(`127.0.0.1:${port}`))
  }

  test("fetching a pull request's head is cut by the budget; the reply says why", async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    const port = await silentOrigin()
    const run = await e2e.run({
      eventName: 'pull_request_review_comment',
      payload: loadEvent('pull-request-review-comment'),
      inputs: { 'budget-minutes': '0.25' },
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.status).toBe('failed')
    expect(run.durationMs).toBeLessThan(60_000) // not git's 10-minute limit
    expect(run.stdout).toContain('git was killed: it ran past its time limit')
    const [status] = [...e2e.github.comments.values()]
    expect(status.body).toContain('### ❌ Failed')
    expect(status.body).toContain('git fetch')
    expect(e2e.llm.requests).toEqual([])
    expect(gitLeftFor(port)).toEqual([])
  }, 90_000)

  test('the push is cut by the budget; the patch is in the summary; nothing is left running', async () => {
    e2e = await startE2E()
    const port = await silentOrigin()
    e2e.llm.enqueue(WRITE_FIX, answer('Fixed.'))
    // 0.25 min = 15 s: git may use all but the last 5 % (0.75 s).
    const run = await e2e.run({
      inputs: { task: 'Fix it', commit: 'true', 'budget-minutes': '0.25' },
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.status).toBe('failed')
    expect(run.durationMs).toBeLessThan(60_000) // not git's 10-minute limit
    expect(run.summary).toContain('but not pushed')
    expect(run.summary).toContain('+fixed')
    expect(run.summary).toContain('The commit as a patch')
    expect(run.stdout).toContain('could not be pushed')
    expect(gitLeftFor(port)).toEqual([])
  }, 90_000)
})
