import { runPlainGit, tryPlainGit } from './git-repo.js'
import type { GithubRoute, RecordedRequest, Reply } from './github-server.js'

/**
 * The GitHub side of review mode for a loopback server: a pull request whose
 * files, diff and compare answers come from a real git repository, its
 * reviews and review threads (REST and GraphQL), and a record of what the
 * action posted. Pass `routes` to startGithubServer / startE2E.
 */
export interface ReviewPull {
  number: number
  title: string
  body: string
  draft: boolean
  headRef: string
  headSha: string
  baseSha: string
}

export interface PostedReview {
  id: number
  commit_id: string
  body: string
  event: string
  comments: {
    path: string
    line: number
    side?: string
    start_line?: number
    body: string
  }[]
  user: { login: string; type: string }
}

export interface ReviewThread {
  id: string
  isResolved: boolean
  isOutdated: boolean
  path: string
  line: number | null
  originalLine: number
  originalStartLine: number | null
  comment: { databaseId: number; body: string }
}

export interface ReviewGithub {
  /** The repository the diffs come from; set before the action runs. */
  workdir: string
  pull: ReviewPull
  reviews: PostedReview[]
  threads: ReviewThread[]
  replies: { commentId: number; body: string }[]
  resolutions: string[]
  checkRuns: Record<string, unknown>[]
  routes: GithubRoute[]
}

const BOT = { login: 'github-actions[bot]', type: 'Bot' }

/** Routes first, facts later: set `workdir` and `pull` once the repository exists. */
export function createReviewGithub(): ReviewGithub {
  const state: ReviewGithub = {
    workdir: '',
    pull: {
      number: 0,
      title: '',
      body: '',
      draft: false,
      headRef: '',
      headSha: '',
      baseSha: '',
    },
    reviews: [],
    threads: [],
    replies: [],
    resolutions: [],
    checkRuns: [],
    routes: [],
  }
  const workdir = (): string => state.workdir
  let nextId = 9000
  const repoPath = '/repos/([^/]+)/([^/]+)'
  const ok = (body: unknown, status = 200): Reply => ({ status, body })
  state.routes = [
    [
      'GET',
      new RegExp(`^${repoPath}/pulls/(\\d+)/files$`),
      () => ok(listFiles(workdir(), state.pull.baseSha, state.pull.headSha)),
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/pulls/(\\d+)/reviews$`),
      () => ok(state.reviews),
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/pulls/(\\d+)/reviews$`),
      ([owner, repo, number], request) => {
        const review = {
          ...(request.body as Omit<PostedReview, 'id' | 'user'>),
          id: ++nextId,
          user: BOT,
        }
        const problem = findOutsideComment(workdir(), state.pull, review)
        if (problem) return ok({ message: problem }, 422)
        state.reviews.push(review)
        for (const comment of review.comments ?? []) {
          state.threads.push({
            id: `PRRT_${++nextId}`,
            isResolved: false,
            isOutdated: false,
            path: comment.path,
            line: comment.line,
            originalLine: comment.line,
            originalStartLine: comment.start_line ?? null,
            comment: { databaseId: ++nextId, body: comment.body },
          })
        }
        return ok({
          id: review.id,
          html_url: `https://github.com/${owner}/${repo}/pull/${number}#pullrequestreview-${review.id}`,
        })
      },
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/pulls/(\\d+)/comments/(\\d+)/replies$`),
      ([, , , commentId], request) => {
        const body = String((request.body as { body?: unknown }).body)
        state.replies.push({ commentId: Number(commentId), body })
        return ok({ id: ++nextId, body }, 201)
      },
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/pulls/(\\d+)$`),
      ([owner, repo]) => ok(renderPull(`${owner}/${repo}`, state.pull)),
    ],
    [
      'GET',
      new RegExp(`^${repoPath}/compare/([0-9a-f]{40})\\.\\.\\.([0-9a-f]{40})$`),
      ([, , base, head]) => {
        if (
          tryPlainGit(['cat-file', '-e', `${base}^{commit}`], workdir()) ===
          undefined
        )
          return ok({ message: 'Not Found' }, 404)
        const ahead =
          tryPlainGit(
            ['merge-base', '--is-ancestor', base, head],
            workdir(),
          ) !== undefined
        return ok({
          status: ahead ? 'ahead' : 'diverged',
          files: listFiles(workdir(), base, head),
        })
      },
    ],
    [
      'POST',
      new RegExp(`^${repoPath}/check-runs$`),
      (_params, request) => {
        state.checkRuns.push(request.body as Record<string, unknown>)
        return ok({ id: ++nextId, html_url: 'https://github.com/check' }, 201)
      },
    ],
    [
      'POST',
      /^\/graphql$/,
      (_params, request) => answerGraphql(state, request),
    ],
  ]
  return state
}

function answerGraphql(state: ReviewGithub, request: RecordedRequest): Reply {
  const { query, variables } = request.body as {
    query: string
    variables: Record<string, unknown>
  }
  if (query.includes('resolveReviewThread')) {
    const thread = state.threads.find((item) => item.id === variables.threadId)
    if (!thread)
      return { status: 200, body: { errors: [{ message: 'no thread' }] } }
    thread.isResolved = true
    state.resolutions.push(thread.id)
    return {
      status: 200,
      body: {
        data: {
          resolveReviewThread: { thread: { id: thread.id, isResolved: true } },
        },
      },
    }
  }
  const nodes = state.threads.map((thread) => ({
    id: thread.id,
    isResolved: thread.isResolved,
    isOutdated: thread.isOutdated,
    path: thread.path,
    line: thread.line,
    originalLine: thread.originalLine,
    originalStartLine: thread.originalStartLine,
    comments: {
      nodes: [
        {
          databaseId: thread.comment.databaseId,
          body: thread.comment.body,
          author: { login: 'github-actions' },
        },
      ],
    },
  }))
  return {
    status: 200,
    body: {
      data: {
        repository: {
          pullRequest: {
            reviewThreads: {
              pageInfo: { hasNextPage: false, endCursor: null },
              nodes,
            },
          },
        },
      },
    },
  }
}

function renderPull(fullName: string, pull: ReviewPull): unknown {
  return {
    number: pull.number,
    title: pull.title,
    body: pull.body,
    draft: pull.draft,
    head: {
      ref: pull.headRef,
      sha: pull.headSha,
      repo: { full_name: fullName },
    },
    base: { ref: 'main', sha: pull.baseSha, repo: { full_name: fullName } },
  }
}

/** The files endpoint's answer, from `git diff base head`. */
export function listFiles(
  workdir: string,
  base: string,
  head: string,
): unknown[] {
  const numstat = runPlainGit(['diff', '--numstat', base, head], workdir)
  return numstat
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [additions, deletions, path] = line.split('\t')
      const diff = runPlainGit(['diff', base, head, '--', path], workdir)
      const start = diff.indexOf('\n@@')
      return {
        filename: path,
        status: 'modified',
        additions: Number(additions),
        deletions: Number(deletions),
        ...(start === -1
          ? {}
          : { patch: diff.slice(start + 1).replace(/\n$/, '') }),
      }
    })
}

/**
 * GitHub's 422 for a comment outside the diff, checked from the hunk headers'
 * new-file ranges (independently of the action's own diff parser).
 */
function findOutsideComment(
  workdir: string,
  pull: ReviewPull,
  review: { comments?: { path: string; line: number; side?: string }[] },
): string | undefined {
  for (const comment of review.comments ?? []) {
    if (comment.side === 'LEFT') continue
    const diff = runPlainGit(
      ['diff', pull.baseSha, pull.headSha, '--', comment.path],
      workdir,
    )
    const inside = [
      ...diff.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm),
    ].some((match) => {
      const start = Number(match[1])
      const count = match[2] === undefined ? 1 : Number(match[2])
      return comment.line >= start && comment.line < start + count
    })
    if (!inside) return 'Unprocessable Entity: "Line could not be resolved"'
  }
  return undefined
}
