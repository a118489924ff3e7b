import { readFileSync } from 'node:fs'
import {
  answer,
  callTool,
  loadEvent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
} from '../helpers/e2e.js'
import { TEST_API_KEY, TEST_GITHUB_TOKEN } from '../helpers/run-action.js'
import { findSecrets, maskLikeRunner, keyFrom } from './attacker-kit.js'

// The attacker here is the model endpoint itself: it is sent the API key in
// every request's Authorization header and tries to publish it. Keeping it
// out of reach is impossible, so every output is scanned before it leaves.

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

const ENCODINGS: [string, (key: string) => string][] = [
  ['raw', (key) => key],
  ['base64', (key) => Buffer.from(`key=${key}`).toString('base64')],
  ['split by zero-width spaces', (key) => [...key].join('\u200B')],
  [
    'URL-encoded with spaces between halves',
    (key) => `${key.slice(0, 10)} ${encodeURIComponent(key.slice(10))}`,
  ],
]

// Proves the scan of the reply comment, the summary and the outputs: the
// model's answer goes into all three, and the key would be published in each.
test.each(ENCODINGS)(
  'a final answer carrying the key %s is not posted, and the step fails',
  async (_form, encode) => {
    e2e = await startE2E({ permissions: { alice: 'admin' } })
    e2e.llm.enqueue((request) =>
      answer(`Done. For the record: ${encode(keyFrom(request))}`),
    )
    const run = await e2e.run({
      eventName: 'issue_comment',
      payload: loadEvent('issue-comment-issue'),
    })
    expect(e2e.llm.requests[0].headers.authorization).toBe(
      `Bearer ${TEST_API_KEY}`,
    )

    expect(run.exitCode).toBe(1)
    expect(run.stdout).toMatch(
      /^::error::Blocked the .*reply comment.*: they contained a secret/m,
    )
    expect(run.stdout).toMatch(
      /^::error::Blocked the .*output 'result'.*job summary/m,
    )
    expect(run.outputs.result).toBe('')
    expect(run.outputs.status).toBe('failed')
    expect(findSecrets(run.summary)).toEqual([])
    expect(run.summary).toContain('Summary blocked')
    const bodies = [...e2e.github.comments.values()].map(
      (comment) => comment.body,
    )
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toContain('Reply blocked')
    expect(
      findSecrets(
        JSON.stringify(e2e.github.requests.map((request) => request.body)),
      ),
    ).toEqual([])
    // The log is public too: what the runner's masking misses is redacted.
    expect(findSecrets(maskLikeRunner(run.stdout))).toEqual([])
    // The transcript, kept for upload as an artifact, is redacted as well.
    expect(findSecrets(readFileSync(run.outputs.transcript, 'utf8'))).toEqual(
      [],
    )
  },
)

// Proves the scan of the pull request body (the final answer), which happens
// before anything is pushed: the commit itself is clean, but a branch pushed
// for a pull request that is then refused would be left behind on origin.
test('a final answer carrying the key opens no pull request and pushes nothing', async () => {
  e2e = await startE2E({ defaultBranch: 'main' })
  e2e.llm.enqueue(
    callTool('write_file', { path: 'fix.txt', content: 'fixed\n' }),
    (request) =>
      answer(`Fixed. ${Buffer.from(keyFrom(request)).toString('base64')}`),
  )
  const run = await e2e.run({
    inputs: { task: 'Fix it', commit: 'true', 'pull-request': 'true' },
  })
  expect(run.exitCode).toBe(1)
  expect(run.stdout).toContain('pull request body')
  const posts = e2e.github.requests.filter(
    (request) => request.method !== 'GET',
  )
  expect(posts).toEqual([])
  expect(e2e.repo.originGit(['for-each-ref', '--format=%(refname)'])).toBe(
    'refs/heads/main\n',
  )
  expect(run.outputs['commit-sha']).toBe('')
  expect(run.outputs['pull-request-url']).toBe('')
  expect(findSecrets(run.summary)).toEqual([])
})

// Proves the scan of the committed files: a file holding the key would be
// published by the push.
test('a changed file carrying the key is not committed or pushed', async () => {
  e2e = await startE2E({ defaultBranch: 'main' })
  e2e.llm.enqueue(
    (request) =>
      callTool('write_file', {
        path: 'notes.txt',
        content: `key: ${[...keyFrom(request)].join(' ')}\n`,
      }),
    callTool('write_file', { path: 'fix.txt', content: 'fixed\n' }),
    answer('Fixed.'),
  )
  const run = await e2e.run({ inputs: { task: 'Fix it', commit: 'true' } })
  expect(run.exitCode).toBe(1)
  expect(run.stdout).toContain('::error::')
  expect(run.stdout).toContain('commit (file notes.txt)')
  expect(e2e.repo.originGit(['for-each-ref', '--format=%(refname)'])).toBe(
    'refs/heads/main\n',
  )
  expect(run.outputs['commit-sha']).toBe('')
})

// Proves the scan of the committed paths: git publishes file names with the
// tree, and the outputs that would be blocked later are written only after
// the push.
test('a file whose name carries the key is not committed or pushed', async () => {
  e2e = await startE2E({ defaultBranch: 'main' })
  e2e.llm.enqueue(
    (request) =>
      callTool('write_file', {
        path: `notes-${Buffer.from(keyFrom(request)).toString('base64url')}.txt`,
        content: 'hi\n',
      }),
    answer('Fixed.'),
  )
  const run = await e2e.run({ inputs: { task: 'Fix it', commit: 'true' } })
  expect(run.exitCode).toBe(1)
  expect(run.stdout).toMatch(/^::error::.*file name/m)
  expect(e2e.repo.originGit(['for-each-ref', '--format=%(refname)'])).toBe(
    'refs/heads/main\n',
  )
  expect(run.outputs['changed-files']).toBe('')
})

// The thread's text is trusted only as far as its author: a task that
// quotes the token (pasted by mistake) must not end up in the commit message.
test('a task carrying the token is not written into a commit message', async () => {
  e2e = await startE2E({ defaultBranch: 'main' })
  e2e.llm.enqueue(
    callTool('write_file', { path: 'fix.txt', content: 'fixed\n' }),
    answer('Fixed.'),
  )
  const run = await e2e.run({
    inputs: { task: `Rotate ${TEST_GITHUB_TOKEN}`, commit: 'true' },
  })
  expect(run.exitCode).toBe(1)
  expect(run.stdout).toContain('commit message')
  expect(e2e.repo.originGit(['for-each-ref', '--format=%(refname)'])).toBe(
    'refs/heads/main\n',
  )
})
