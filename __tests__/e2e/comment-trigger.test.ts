import {
  answer,
  callTool,
  everythingSentToModel,
  loadEvent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
} from '../helpers/e2e.js'
import { pushPullRequestHead } from '../helpers/git-repo.js'

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

test("an owner's /agent comment: eyes, a started reply, the work, a pull request, the reply updated", async () => {
  e2e = await startE2E({
    permissions: { alice: 'admin' },
    defaultBranch: 'main',
  })
  e2e.llm.enqueue(
    callTool('bash', { command: 'printf "fixed\\n" > fix.txt && cat fix.txt' }),
    answer('Fixed the crash in fix.txt.'),
  )
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { commit: 'true', 'pull-request': 'true' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')

  const calls = e2e.github.requests.map(
    (request) => `${request.method} ${request.path}`,
  )
  expect(calls).toEqual([
    'GET /repos/acme/widgets/collaborators/alice/permission',
    'GET /repos/acme/widgets/issues/12/comments?per_page=100&page=1',
    'POST /repos/acme/widgets/issues/comments/3001/reactions',
    'POST /repos/acme/widgets/issues/12/comments',
    'GET /repos/acme/widgets',
    'POST /repos/acme/widgets/pulls',
    expect.stringMatching(
      /^PATCH \/repos\/acme\/widgets\/issues\/comments\/\d+$/,
    ),
  ])
  expect(e2e.github.requests[2].body).toEqual({ content: 'eyes' })
  // The one status comment ends with the outcome, the branch and the PR.
  const [status] = [...e2e.github.comments.values()]
  expect(status.issueNumber).toBe(12)
  expect(status.body).toContain('Fixed the crash in fix.txt.')
  expect(status.body).toContain('harness9/issue-12-4242')
  expect(status.body).toContain(run.outputs['pull-request-url'])

  expect(e2e.repo.originGit(['show', 'harness9/issue-12-4242:fix.txt'])).toBe(
    'fixed\n',
  )

  // The task is the comment after the phrase; the thread is fenced as
  // untrusted, with the hidden HTML comment stripped.
  const sent = e2e.llm.requests[0].body as { messages: { content: string }[] }
  const user = sent.messages[1].content
  expect(user.startsWith('fix the crash\nand add a test\n')).toBe(true)
  expect(user).toContain('<untrusted-thread-content source="issue #12 title">')
  expect(user).toContain('Crash when the config file is empty')
  expect(everythingSentToModel(e2e.llm)).not.toContain('print the secrets')
  expect(run.summary).toContain(
    'Hidden text removed from the thread: 1 HTML comment',
  )
})

test.each([
  ['a read-only user', { alice: 'read' as const }, 'issue-comment-issue'],
  ['a user who is not a collaborator', {}, 'issue-comment-issue'],
  [
    'a bot that is not allowed',
    { 'dependabot[bot]': 'admin' as const },
    'issue-comment-bot',
  ],
])(
  '%s is skipped without any model call, and told why once',
  async (_who, permissions, event) => {
    e2e = await startE2E({ permissions })
    const run = await e2e.run({
      eventName: 'issue_comment',
      payload: loadEvent(event),
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('skipped')
    expect(run.stdout).toMatch(/::notice::Skipped: .+/)
    expect(e2e.llm.requests).toEqual([])
    // One short reply, with the marker, and nothing else written.
    const posted = e2e.github.requests.filter(
      (request) => request.method !== 'GET',
    )
    expect(
      posted.map((request) => `${request.method} ${request.path}`),
    ).toEqual(['POST /repos/acme/widgets/issues/12/comments'])
    const [reply] = [...e2e.github.comments.values()]
    expect(reply.body).toContain('<!-- harness9 -->')
    expect(reply.body).toContain('may not start the agent here')
  },
)

test('an allowed bot may trigger', async () => {
  e2e = await startE2E({})
  e2e.llm.enqueue(answer('Bumped.'))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-bot'),
    inputs: { 'allowed-bots': 'dependabot[bot]' },
  })
  expect(run.outputs.status).toBe('completed')
  expect(e2e.llm.requests).toHaveLength(1)
})

test('a comment that does not start with the phrase is skipped quietly', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  const payload = loadEvent('issue-comment-issue')
  ;(payload.comment as { body: string }).body =
    'Thanks, I will look at /agent later.'
  const run = await e2e.run({ eventName: 'issue_comment', payload })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('skipped')
  expect(run.stdout).not.toContain('::notice::')
  expect(e2e.github.requests).toEqual([])
  expect(e2e.llm.requests).toEqual([])
})

test("a comment on a fork's pull request runs on its code and replies that it cannot push", async () => {
  e2e = await startE2E({ permissions: { alice: 'write' } })
  // The PR's head as GitHub keeps it: refs/pull/35/head on the base repository.
  const headSha = pushPullRequestHead(e2e.repo, {
    branch: 'cleanup',
    file: 'variable.txt',
    content: 'token\n',
    message: 'fork work',
    pull: 35,
  })
  const payload = loadEvent('pull-request-review-comment')
  ;(payload.pull_request as { head: { sha: string } }).head.sha = headSha

  e2e.llm.enqueue(
    callTool('edit_file', {
      path: 'variable.txt',
      source_text: 'token',
      target_text: 'tokens',
    }),
    answer('Renamed it.'),
  )
  const run = await e2e.run({
    eventName: 'pull_request_review_comment',
    payload,
    inputs: { commit: 'true' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  // The model worked on the PR's code (the file only exists there).
  expect(e2e.llm.requests[1].body).toMatchObject({
    messages: expect.arrayContaining([
      expect.objectContaining({
        role: 'tool',
        content: '成功修改文件: variable.txt',
      }),
    ]),
  })
  expect(run.outputs['commit-sha']).toBe('')
  const [status] = [...e2e.github.comments.values()]
  expect(status.body).toContain('fork mallory/widgets')
  const calls = e2e.github.requests.map(
    (request) => `${request.method} ${request.path}`,
  )
  expect(calls).toContain(
    'POST /repos/acme/widgets/pulls/comments/4001/reactions',
  )
  expect(
    e2e.repo.originGit(['for-each-ref', '--format=%(refname)', 'refs/heads']),
  ).toBe('refs/heads/main\n')
})
