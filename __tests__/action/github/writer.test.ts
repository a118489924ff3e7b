import { inspect } from 'node:util'

import {
  createGitHubClient,
  type GitHubClient,
} from '../../../src/action/github/client.js'
import { GitHubRequestError } from '../../../src/action/github/github-request-error.js'
import { createGitHubWriter } from '../../../src/action/github/writer.js'
import { githubServerPerTest } from '../../helpers/per-test.js'

const TOKEN = 'ghs_repliestesttoken00000000000'
const repo = { owner: 'acme', repo: 'widgets' }
const server = githubServerPerTest({ defaultBranch: 'trunk' })
let client: GitHubClient

beforeEach(async () => {
  client = await createGitHubClient(TOKEN, {
    baseUrl: server.url,
    retryBaseMs: 10,
  })
})

function sent(): string[] {
  return server.requests.map((request) => `${request.method} ${request.path}`)
}

test('an eyes reaction on an issue comment', async () => {
  await createGitHubWriter(client, repo).addReaction(3001, 'issue_comment')
  expect(server.requests).toEqual([
    {
      method: 'POST',
      path: '/repos/acme/widgets/issues/comments/3001/reactions',
      body: { content: 'eyes' },
      authorization: `token ${TOKEN}`,
    },
  ])
  expect(server.misses).toEqual([])
})

test('an eyes reaction on a pull request review comment', async () => {
  await createGitHubWriter(client, repo).addReaction(
    4001,
    'pull_request_review_comment',
  )
  expect(sent()).toEqual([
    'POST /repos/acme/widgets/pulls/comments/4001/reactions',
  ])
  expect(server.requests[0].body).toEqual({ content: 'eyes' })
})

test('another reaction can be chosen', async () => {
  await createGitHubWriter(client, repo).addReaction(
    3001,
    'issue_comment',
    'confused',
  )
  expect(server.requests[0].body).toEqual({ content: 'confused' })
})

test('a status comment is posted, then updated in place', async () => {
  const replies = createGitHubWriter(client, repo)
  const id = await replies.postStatusComment(12, 'Working on it…')
  await replies.updateStatusComment(id, '### ✅ Done')
  expect(id).toBe(1001)
  expect(
    server.requests.map(({ method, path, body }) => ({ method, path, body })),
  ).toEqual([
    {
      method: 'POST',
      path: '/repos/acme/widgets/issues/12/comments',
      body: { body: 'Working on it…' },
    },
    {
      method: 'PATCH',
      path: '/repos/acme/widgets/issues/comments/1001',
      body: { body: '### ✅ Done' },
    },
  ])
  expect(server.comments.get(1001)).toEqual({
    issueNumber: 12,
    body: '### ✅ Done',
  })
})

test('a pull request is opened and its URL returned', async () => {
  const url = await createGitHubWriter(client, repo).openPullRequest({
    head: 'harness9/issue-12-99',
    base: 'trunk',
    title: 'Fix the crash on an empty config',
    body: 'Closes #12',
  })
  expect(url).toBe('https://github.com/acme/widgets/pull/101')
  expect(server.requests[0]).toMatchObject({
    method: 'POST',
    path: '/repos/acme/widgets/pulls',
    body: {
      head: 'harness9/issue-12-99',
      base: 'trunk',
      title: 'Fix the crash on an empty config',
      body: 'Closes #12',
    },
  })
})

test('the default branch', async () => {
  expect(await createGitHubWriter(client, repo).getDefaultBranch()).toBe(
    'trunk',
  )
  expect(sent()).toEqual(['GET /repos/acme/widgets'])
})

describe('failures', () => {
  test('a 403 on a reaction names what failed and what GitHub said', async () => {
    server.fail({
      match: /reactions$/,
      status: 403,
      message: 'Resource not accessible by integration',
    })
    const promise = createGitHubWriter(client, repo).addReaction(
      3001,
      'issue_comment',
    )
    await expect(promise).rejects.toThrow(
      'Could not add a reaction to comment 3001 in acme/widgets: GitHub answered HTTP 403 (Resource not accessible by integration).',
    )
  })

  test('the error is a GitHubRequestError with the status and no token', async () => {
    server.fail({
      match: 'POST /repos/acme/widgets/issues/12/comments',
      status: 403,
    })
    const error: unknown = await createGitHubWriter(client, repo)
      .postStatusComment(12, 'hi')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitHubRequestError)
    expect(error).toMatchObject({
      name: 'GitHubRequestError',
      status: 403,
      message:
        'Could not post a comment on #12 in acme/widgets: GitHub answered HTTP 403 (Scripted failure).',
    })
    expect(inspect(error, { depth: 10 })).not.toContain(TOKEN)
  })

  test('updating a comment that does not exist', async () => {
    await expect(
      createGitHubWriter(client, repo).updateStatusComment(77, 'x'),
    ).rejects.toThrow(
      'Could not update comment 77 in acme/widgets: GitHub answered HTTP 404 (Not Found).',
    )
  })

  test('a validation failure carries GitHub’s detail', async () => {
    server.fail({
      match: 'POST /repos/acme/widgets/pulls',
      status: 422,
      body: {
        message: 'Validation Failed',
        errors: [
          {
            resource: 'PullRequest',
            code: 'custom',
            message: 'A pull request already exists for acme:b.',
          },
        ],
      },
    })
    await expect(
      createGitHubWriter(client, repo).openPullRequest({
        head: 'b',
        base: 'main',
        title: 't',
        body: '',
      }),
    ).rejects.toThrow(
      'Could not open a pull request from b into main in acme/widgets: GitHub answered HTTP 422 (Validation Failed: A pull request already exists for acme:b.).',
    )
  })

  test('a message echoing a token is scrubbed', async () => {
    server.fail({
      match: /reactions$/,
      status: 401,
      message: `Bad credentials for token ${TOKEN}`,
    })
    const promise = createGitHubWriter(client, repo).addReaction(
      1,
      'issue_comment',
    )
    await expect(promise).rejects.toThrow(
      'Could not add a reaction to comment 1 in acme/widgets: GitHub answered HTTP 401 (Bad credentials for ***).',
    )
  })

  test('a hung API call times out with a sentence', async () => {
    const quick = await createGitHubClient(TOKEN, {
      baseUrl: server.url,
      timeoutMs: 100,
    })
    server.fail({ match: 'GET /repos/acme/widgets', status: 500, delayMs: 400 })
    await expect(
      createGitHubWriter(quick, repo).getDefaultBranch(),
    ).rejects.toThrow(
      'Could not read the default branch of acme/widgets: the request timed out.',
    )
  })
})

describe('the loopback GitHub server', () => {
  test('an unknown route is a 404 recorded as a miss', async () => {
    await expect(
      client.request('GET /repos/{owner}/{repo}/labels', repo),
    ).rejects.toMatchObject({ status: 404 })
    expect(server.misses).toEqual([
      {
        method: 'GET',
        path: '/repos/acme/widgets/labels',
        body: undefined,
        authorization: `token ${TOKEN}`,
      },
    ])
  })

  test('a failure scripted for a number of times, then the normal answer', async () => {
    server.fail({ match: 'GET /repos/acme/widgets', status: 502, times: 1 })
    const once = await createGitHubClient(TOKEN, {
      baseUrl: server.url,
      retries: 0,
    })
    const replies = createGitHubWriter(once, repo)
    await expect(replies.getDefaultBranch()).rejects.toThrow('HTTP 502')
    expect(await replies.getDefaultBranch()).toBe('trunk')
    expect(server.misses).toEqual([])
  })
})
