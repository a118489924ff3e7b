import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback server that speaks the few GitHub REST endpoints the action
 * uses. Point `getOctokit(token, { baseUrl: server.url })` or the action's
 * `GITHUB_API_URL` at it. Every request is recorded; an unknown route gets
 * 404 and lands in `misses`, which a test should expect to be empty.
 *
 * Routes (any owner and repo):
 * - GET   /repos/:o/:r/collaborators/:login/permission  (from `permissions`)
 * - POST  /repos/:o/:r/issues/comments/:id/reactions
 * - POST  /repos/:o/:r/pulls/comments/:id/reactions
 * - POST  /repos/:o/:r/issues/:n/comments               (ids from 1001)
 * - PATCH /repos/:o/:r/issues/comments/:id              (404 if never posted)
 * - GET   /repos/:o/:r/pulls/:n                         (from `pulls`)
 * - GET   /repos/:o/:r/pulls?head=owner:branch          (open `pulls` matching head)
 * - POST  /repos/:o/:r/pulls                            (numbers from 101)
 * - GET   /repos/:o/:r                                  (`defaultBranch`)
 * - GET   /repos/:o/:r/issues/:n/comments               (`issueComments`, then posted ones)
 * - GET   /repos/:o/:r/pulls/:n/comments                (`reviewComments`)
 * - DELETE /repos/:o/:r/issues/:n/labels/:name          (`labels` removed)
 * - GET   /repos/:o/:r/actions/runs/:id/jobs            (`jobs`)
 * - GET   /repos/:o/:r/actions/jobs/:id/logs            (302 to /job-logs/:id)
 * - GET   /job-logs/:id                                 (the plain-text log)
 */

/** A comment already on the thread, as the list endpoints return it. */
export interface SeedComment {
  id: number
  login: string
  body: string
  /** Review comments only: the thread's first comment. */
  inReplyTo?: number
}

/** A job of a workflow run, with its plain-text log. */
export interface SeedJob {
  id: number
  name: string
  conclusion: string
  log: string
}

/** A role as GitHub names it; `permission` is derived the way GitHub does. */
export type Role = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'

export interface PullSpec {
  headRef: string
  /** `owner/name` of the head repository; null for a deleted fork. */
  headRepo: string | null
  /** Defaults to the repository in the request path. */
  baseRepo?: string
  baseRef?: string
  /** The head commit; a test with a real repository passes its sha. */
  headSha?: string
  title?: string
  body?: string
}

export interface ScriptedFailure {
  /**
   * Matched against `"<METHOD> <path>"`, e.g. `'GET /repos/o/r'` or
   * /permission$/.
   */
  match: string | RegExp
  /** An HTTP status, or 'reset' to drop the connection without an answer. */
  status: number | 'reset'
  message?: string
  /** The whole JSON answer, instead of `{ message }`. */
  body?: unknown
  /** Extra response headers (`retry-after`, …). */
  headers?: Record<string, string>
  /** Wait this long before failing (to test timeouts). */
  delayMs?: number
  /** How many requests fail; every one when absent. */
  times?: number
}

export interface GithubServerOptions {
  /**
   * Login → role, or the exact answer `{ permission, role_name }`. Others get
   * 404.
   */
  permissions?: Record<
    string,
    Role | { permission: string; role_name?: string }
  >
  pulls?: Record<number, PullSpec>
  defaultBranch?: string
  failures?: ScriptedFailure[]
  issueComments?: Record<number, SeedComment[]>
  reviewComments?: Record<number, SeedComment[]>
  /** Workflow run id → its jobs. */
  jobs?: Record<number, SeedJob[]>
  /** More routes, tried before the built-in ones (e.g. review mode's). */
  routes?: GithubRoute[]
}

/** `[method, pattern on the path without query, handler of the captures]`. */
export type GithubRoute = [string, RegExp, Handler]

export interface RecordedRequest {
  method: string
  path: string
  /** Parsed JSON, the raw text when not JSON, undefined when empty. */
  body: unknown
  authorization: string | undefined
}

export interface StoredComment {
  issueNumber: number
  body: string
}

export interface GithubServer {
  url: string
  requests: RecordedRequest[]
  misses: RecordedRequest[]
  /** Issue comments as posted and updated, by id. */
  comments: Map<number, StoredComment>
  /** Adds a failure after start. */
  fail(failure: ScriptedFailure): void
  /** Stops the server; safe to call twice. */
  close(): Promise<void>
}

export interface Reply {
  status: number
  body: unknown
  /** A redirect's target, relative to the server. */
  location?: string
  /** Send `body` as plain text, not JSON. */
  text?: boolean
  headers?: Record<string, string>
}

export type Handler = (
  params: string[],
  request: RecordedRequest,
) => Reply | undefined

const GITHUB_PERMISSION: Record<Role, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
}

export async function startGithubServer(
  options: GithubServerOptions = {},
): Promise<GithubServer> {
  const requests: RecordedRequest[] = []
  const misses: RecordedRequest[] = []
  const comments = new Map<number, StoredComment>()
  const failures = [...(options.failures ?? [])]
  const counters = { comment: 1000, pull: 100, reaction: 500 }
  const routes = [
    ...(options.routes ?? []),
    ...buildRoutes(options, comments, counters),
  ]

  const server = createServer((incoming, response) => {
    void handle(incoming, response)
  })

  async function handle(
    incoming: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const request = await record(incoming)
    requests.push(request)
    const failure = takeFailure(failures, `${request.method} ${request.path}`)
    if (failure) {
      if (failure.delayMs) await delay(failure.delayMs)
      if (failure.status === 'reset') {
        response.socket?.destroy()
        return
      }
      const message = failure.message ?? 'Scripted failure'
      send(response, {
        status: failure.status,
        body: failure.body ?? { message },
        headers: failure.headers,
      })
      return
    }
    const reply = route(routes, request)
    if (!reply) misses.push(request)
    send(response, reply ?? notFound())
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    misses,
    comments,
    fail: (failure) => failures.push(failure),
    close: () => {
      if (!server.listening) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
    },
  }
}

function buildRoutes(
  options: GithubServerOptions,
  comments: Map<number, StoredComment>,
  counters: { comment: number; pull: number; reaction: number },
): [string, RegExp, Handler][] {
  const repoPath = '/repos/([^/]+)/([^/]+)'
  return [
    [
      'GET',
      new RegExp(`^${repoPath}/issues/(\\d+)/comments$`),
      ([, , number], request) => {
        const seeded = (options.issueComments?.[Number(number)] ?? []).map(
          renderSeedComment,
        )
        const posted = [...comments.entries()]
          .filter(([, comment]) => comment.issueNumber === Number(number))
          .map(([id, comment]) =>
            renderSeedComment({
              id,
              login: 'github-actions[bot]',
              body: comment.body,
            }),
          )
        return { status: 200, body: page([...seeded, ...posted], request) }
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/pulls/(\\d+)/comments$`),
      ([, , number], request) => ({
        status: 200,
        body: page(
          (options.reviewComments?.[Number(number)] ?? []).map(
            renderSeedComment,
          ),
          request,
        ),
      }),
    ],
    [
      'DELETE',
      new RegExp(`^${repoPath}/issues/(\\d+)/labels/([^/]+)$`),
      () => ({ status: 200, body: [] }),
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/actions/runs/(\\d+)/jobs$`),
      ([, , runId]) => {
        const jobs = options.jobs?.[Number(runId)]
        if (!jobs) return notFound()
        return {
          status: 200,
          body: {
            total_count: jobs.length,
            jobs: jobs.map((job) => ({
              id: job.id,
              run_id: Number(runId),
              name: job.name,
              status: 'completed',
              conclusion: job.conclusion,
            })),
          },
        }
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/actions/jobs/(\\d+)/logs$`),
      ([, , jobId]) => {
        const known = Object.values(options.jobs ?? {})
          .flat()
          .some((job) => job.id === Number(jobId))
        if (!known) return notFound()
        return { status: 302, body: '', location: `/job-logs/${jobId}` }
      },
    ],
    [
      'GET',
      /^\/job-logs\/(\d+)$/,
      ([jobId]) => {
        const job = Object.values(options.jobs ?? {})
          .flat()
          .find((candidate) => candidate.id === Number(jobId))
        if (!job) return notFound()
        return { status: 200, body: job.log, text: true }
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/collaborators/([^/]+)/permission$`),
      ([, , login]) => {
        const entry = options.permissions?.[decodeURIComponent(login)]
        if (entry === undefined) {
          return { status: 404, body: { message: `${login} is not a user` } }
        }
        const answer =
          typeof entry === 'string'
            ? { permission: GITHUB_PERMISSION[entry], role_name: entry }
            : entry
        return { status: 200, body: { ...answer, user: { login } } }
      },
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/(issues|pulls)/comments/(\\d+)/reactions$`),
      (_params, request) => ({
        status: 201,
        body: {
          id: ++counters.reaction,
          content: readField(request.body, 'content'),
        },
      }),
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/issues/(\\d+)/comments$`),
      ([owner, repo, number], request) => {
        const id = ++counters.comment
        const body = String(readField(request.body, 'body') ?? '')
        comments.set(id, { issueNumber: Number(number), body })
        const html_url = `https://github.com/${owner}/${repo}/issues/${number}#issuecomment-${id}`
        return { status: 201, body: { id, body, html_url } }
      },
    ],
    [
      'PATCH',
      new RegExp(`^${repoPath}/issues/comments/(\\d+)$`),
      ([, , id], request) => {
        const stored = comments.get(Number(id))
        if (!stored) return notFound()
        stored.body = String(readField(request.body, 'body') ?? '')
        return { status: 200, body: { id: Number(id), body: stored.body } }
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/pulls/(\\d+)$`),
      ([owner, repo, number]) => {
        const pull = options.pulls?.[Number(number)]
        if (!pull) return notFound()
        return {
          status: 200,
          body: renderPull(`${owner}/${repo}`, Number(number), pull),
        }
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/pulls$`),
      ([owner, repo], request) => {
        const query = new URLSearchParams(request.path.split('?')[1] ?? '')
        const head = query.get('head')
        const listed = Object.entries(options.pulls ?? {})
          .filter(
            ([, pull]) =>
              head === null ||
              `${(pull.headRepo ?? '').split('/')[0]}:${pull.headRef}` === head,
          )
          .map(([number, pull]) =>
            renderPull(`${owner}/${repo}`, Number(number), pull),
          )
        return { status: 200, body: listed }
      },
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/pulls$`),
      ([owner, repo]) => {
        const number = ++counters.pull
        const html_url = `https://github.com/${owner}/${repo}/pull/${number}`
        return { status: 201, body: { number, html_url } }
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}$`),
      ([owner, repo]) => ({
        status: 200,
        body: {
          name: repo,
          full_name: `${owner}/${repo}`,
          owner: { login: owner },
          default_branch: options.defaultBranch ?? 'main',
        },
      }),
    ],
  ]
}

function renderPull(baseRepo: string, number: number, pull: PullSpec): unknown {
  return {
    number,
    title: pull.title ?? `Pull request ${number}`,
    body: pull.body ?? '',
    head: {
      ref: pull.headRef,
      sha: pull.headSha ?? '0123456789abcdef0123456789abcdef01234567',
      repo: pull.headRepo === null ? null : { full_name: pull.headRepo },
    },
    base: {
      ref: pull.baseRef ?? 'main',
      repo: { full_name: pull.baseRepo ?? baseRepo },
    },
  }
}

function route(
  routes: [string, RegExp, Handler][],
  request: RecordedRequest,
): Reply | undefined {
  const pathname = request.path.split('?')[0]
  for (const [method, pattern, handler] of routes) {
    const match = method === request.method ? pattern.exec(pathname) : null
    if (match) return handler(match.slice(1), request)
  }
  return undefined
}

function takeFailure(
  failures: ScriptedFailure[],
  line: string,
): ScriptedFailure | undefined {
  const index = failures.findIndex((failure) =>
    typeof failure.match === 'string'
      ? failure.match === line
      : failure.match.test(line),
  )
  if (index === -1) return undefined
  const failure = failures[index]
  if (failure.times !== undefined) {
    if (failure.times <= 1) failures.splice(index, 1)
    else failures[index] = { ...failure, times: failure.times - 1 }
  }
  return failure
}

async function record(incoming: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return {
    method: incoming.method ?? '',
    path: incoming.url ?? '',
    body: parseBody(text),
    authorization: incoming.headers.authorization,
  }
}

function parseBody(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function readField(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[key]
    : undefined
}

function notFound(): Reply {
  return {
    status: 404,
    body: {
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
    },
  }
}

function send(response: ServerResponse, reply: Reply): void {
  if (reply.location !== undefined) {
    // GitHub answers a log request with a redirect to a plain-text URL.
    const host = response.req.headers.host ?? '127.0.0.1'
    response.writeHead(reply.status, {
      location: `http://${host}${reply.location}`,
    })
    response.end()
    return
  }
  if (reply.text) {
    response.writeHead(reply.status, { 'content-type': 'text/plain' })
    response.end(String(reply.body))
    return
  }
  response.writeHead(reply.status, {
    'content-type': 'application/json',
    ...reply.headers,
  })
  response.end(JSON.stringify(reply.body))
}

function renderSeedComment(comment: SeedComment): unknown {
  return {
    id: comment.id,
    body: comment.body,
    user: {
      login: comment.login,
      type: comment.login.endsWith('[bot]') ? 'Bot' : 'User',
    },
    ...(comment.inReplyTo === undefined
      ? {}
      : { in_reply_to_id: comment.inReplyTo }),
  }
}

/** `per_page` and `page` as GitHub reads them (30 a page by default). */
function page(items: unknown[], request: RecordedRequest): unknown[] {
  const query = new URLSearchParams(request.path.split('?')[1] ?? '')
  const perPage = Number(query.get('per_page') ?? 30)
  const number = Number(query.get('page') ?? 1)
  return items.slice((number - 1) * perPage, number * perPage)
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
