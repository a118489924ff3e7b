import { createGitHubClient } from '../../../src/action/github/client.js'
import { createGitHubWriter } from '../../../src/action/github/writer.js'
import { githubServerPerTest } from '../../helpers/per-test.js'

const TOKEN = 'ghs_clienttesttoken000000000000'
const repo = { owner: 'acme', repo: 'widgets' }
const server = githubServerPerTest(
  { defaultBranch: 'trunk' },
  { noMisses: true },
)

function replies(options: { deadline?: () => number | undefined } = {}) {
  return createGitHubClient(TOKEN, {
    baseUrl: server.url,
    retryBaseMs: 10,
    ...options,
  }).then((client) => createGitHubWriter(client, repo))
}

function count(line: string): number {
  return server.requests.filter(
    (request) => `${request.method} ${request.path}` === line,
  ).length
}

test('5xx answers and dropped connections are retried until one succeeds', async () => {
  server.fail({ match: 'GET /repos/acme/widgets', status: 502, times: 1 })
  server.fail({ match: 'GET /repos/acme/widgets', status: 'reset', times: 1 })
  const api = await replies()
  expect(await api.getDefaultBranch()).toBe('trunk')
  expect(count('GET /repos/acme/widgets')).toBe(3)
})

test('a 5xx that persists fails after three retries, naming the status', async () => {
  server.fail({
    match: 'POST /repos/acme/widgets/issues/7/comments',
    status: 500,
  })
  const api = await replies()
  await expect(api.postStatusComment(7, 'hello')).rejects.toThrow('HTTP 500')
  expect(count('POST /repos/acme/widgets/issues/7/comments')).toBe(4)
})

test('a 404 or a 422 is not retried: asking again cannot help', async () => {
  const api = await replies()
  await expect(api.updateStatusComment(999, 'gone')).rejects.toThrow('HTTP 404')
  expect(count('PATCH /repos/acme/widgets/issues/comments/999')).toBe(1)
})

test("a secondary rate limit is retried after GitHub's retry-after", async () => {
  server.fail({
    match: 'POST /repos/acme/widgets/issues/7/comments',
    status: 403,
    message: 'You have exceeded a secondary rate limit.',
    headers: { 'retry-after': '1' },
    times: 1,
  })
  const api = await replies()
  expect(await api.postStatusComment(7, 'hello')).toBeGreaterThan(1000)
  expect(count('POST /repos/acme/widgets/issues/7/comments')).toBe(2)
})

test('a rate-limit wait longer than the time left is not waited for', async () => {
  server.fail({
    match: 'POST /repos/acme/widgets/issues/7/comments',
    status: 403,
    message: 'You have exceeded a secondary rate limit.',
    headers: { 'retry-after': '600' },
  })
  const api = await replies({ deadline: () => Date.now() + 5_000 })
  await expect(api.postStatusComment(7, 'hello')).rejects.toThrow('HTTP 403')
  expect(count('POST /repos/acme/widgets/issues/7/comments')).toBe(1)
})

test('no request is sent once the deadline has passed', async () => {
  const api = await replies({ deadline: () => Date.now() - 1 })
  await expect(api.getDefaultBranch()).rejects.toThrow(
    'no time left in the budget for a GitHub request',
  )
  expect(server.requests).toEqual([])
})

test('a hung request is cut at the deadline, not at the 30 s request timeout', async () => {
  server.fail({ match: 'GET /repos/acme/widgets', status: 500, delayMs: 5_000 })
  const deadline = Date.now() + 300
  const api = await replies({ deadline: () => deadline })
  // Not cut, it would end in the server's HTTP 500 after 5 s.
  await expect(api.getDefaultBranch()).rejects.toThrow(/timed out|no time left/)
})
