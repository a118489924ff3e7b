import { createGitHubClient } from '../../../src/action/github/client.js'
import { buildDiffIndex } from '../../../src/action/review/diff-index.js'
import { postReview } from '../../../src/action/review/post-review.js'
import { createReviewApi } from '../../../src/action/review/review-api.js'
import type { ReviewFinding } from '../../../src/tools/review-comment.js'
import {
  startGithubServer,
  type GithubServer,
} from '../../helpers/github-server.js'

const SHA = 'd'.repeat(40)
let server: GithubServer
afterEach(async () => {
  expect(server.misses).toEqual([])
  await server.close()
})

const index = buildDiffIndex([
  {
    path: 'a.ts',
    status: 'modified',
    additions: 1,
    deletions: 0,
    patch: '@@ -1,1 +1,2 @@\n one\n+two',
  },
])

const critical: ReviewFinding = {
  path: 'a.ts',
  line: 2,
  startLine: undefined,
  side: 'RIGHT',
  severity: 'critical',
  body: 'Broken',
  suggestion: undefined,
}

async function post(failures: { message: string; times: number }[]) {
  server = await startGithubServer({
    failures: failures.map((failure) => ({
      match: 'POST /repos/acme/widgets/pulls/7/reviews',
      status: 422,
      times: failure.times,
      body: { message: failure.message },
    })),
    routes: [
      [
        'POST',
        /^\/repos\/acme\/widgets\/pulls\/7\/reviews$/,
        () => ({ status: 200, body: { id: 1, html_url: 'https://review' } }),
      ],
    ],
  })
  const client = await createGitHubClient('token', { baseUrl: server.url })
  return postReview({
    api: createReviewApi(client, { owner: 'acme', repo: 'widgets' }),
    number: 7,
    headSha: SHA,
    findings: [critical],
    index,
    failOn: 'critical',
    secrets: ['sk-secret-0123456789'],
    body: {
      sinceSha: undefined,
      fileCount: 1,
      leftOut: [],
      resolvedCount: 0,
      summary: '',
    },
  })
}

function reviewBodies(): { event: string; comments: unknown[] }[] {
  return server.requests.map(
    (request) => request.body as { event: string; comments: unknown[] },
  )
}

test('on its own pull request the token may not request changes: the review becomes a comment', async () => {
  const posted = await post([
    {
      message:
        'Unprocessable Entity: Can not request changes on your own pull request',
      times: 1,
    },
  ])
  expect(posted).toMatchObject({ url: 'https://review', outside: [] })
  expect(
    reviewBodies().map((body) => [body.event, body.comments.length]),
  ).toEqual([
    ['REQUEST_CHANGES', 1],
    ['COMMENT', 1],
  ])
})

test('a refused comment position moves every finding into the body', async () => {
  const posted = await post([
    { message: 'Line could not be resolved', times: 1 },
  ])
  expect(posted.outside).toEqual([critical])
  const [, second] = reviewBodies()
  expect(second).toMatchObject({ event: 'REQUEST_CHANGES', comments: [] })
  expect((second as unknown as { body: string }).body).toContain(
    '`a.ts:2`: Broken',
  )
})

test('a review GitHub keeps refusing fails with its message', async () => {
  await expect(
    post([{ message: 'Validation Failed', times: 5 }]),
  ).rejects.toThrow('Validation Failed')
  expect(server.requests).toHaveLength(2)
})
