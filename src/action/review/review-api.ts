import type { GitHubClient, RepoRef } from '../github/client.js'
import {
  GitHubRequestError,
  toGitHubRequestError,
} from '../github/github-request-error.js'
import {
  isJsonObject,
  readNumber,
  readObject,
  readString,
} from '../github/json-fields.js'
import {
  parsePullRequestHead,
  type PullRequestHead,
} from '../github/pull-request-head.js'
import type { ChangedFile } from './diff-index.js'
import type { InlineComment } from './place-findings.js'

/** The pull request facts a review needs. */
export interface ReviewedPullRequest {
  number: number
  title: string
  body: string
  draft: boolean
  head: PullRequestHead
  baseSha: string
}

/** A review thread of the pull request, with its first comment. */
export interface ReviewThread {
  id: string
  isResolved: boolean
  /** GitHub's word for "the lines it points at have changed since". */
  isOutdated: boolean
  path: string
  /** Lines in the commit the comment was made on. */
  originalStartLine: number | undefined
  originalLine: number | undefined
  /** The first comment's REST id, for a reply. */
  commentId: number
  body: string
}

export interface CheckRunRequest {
  headSha: string
  conclusion: 'success' | 'neutral' | 'failure'
  title: string
  summary: string
  annotations: {
    path: string
    start_line: number
    end_line: number
    annotation_level: 'notice' | 'warning' | 'failure'
    title: string
    message: string
  }[]
}

const THREADS_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $cursor: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $cursor) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id isResolved isOutdated path originalLine originalStartLine
          comments(first: 1) { nodes { databaseId body } }
        }
      }
    }
  }
}`

const RESOLVE_MUTATION = `mutation($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } }
}`

/** GitHub allows 50 annotations per check run request. */
const MAX_ANNOTATIONS = 50

export interface EarlierReview {
  body: string
  /** Reviews written by a bot (the action's token) can carry our marker. */
  byBot: boolean
}

/** The REST and GraphQL calls of review mode, bound to one repository. */
export function createReviewApi(client: GitHubClient, repo: RepoRef) {
  const name = `${repo.owner}/${repo.repo}`
  const call = async <T>(what: string, send: () => Promise<T>): Promise<T> => {
    try {
      return await send()
    } catch (error) {
      throw toGitHubRequestError(`${what} in ${name}`, error)
    }
  }
  return {
    /** Every review thread of the pull request (GraphQL, paged). */
    async listThreads(number: number): Promise<ReviewThread[]> {
      const threads: ReviewThread[] = []
      let cursor: string | null = null
      for (let page = 0; page < 20; page++) {
        const data: unknown = await call(
          `list the review threads of pull request #${number}`,
          () => client.graphql(THREADS_QUERY, { ...repo, number, cursor }),
        )
        const connection = readObject(
          readObject(readObject(data, 'repository'), 'pullRequest'),
          'reviewThreads',
        )
        const nodes = connection?.nodes
        for (const node of Array.isArray(nodes) ? nodes : []) {
          const thread = parseThread(node)
          if (thread) threads.push(thread)
        }
        const pageInfo = readObject(connection, 'pageInfo')
        cursor = readString(pageInfo, 'endCursor') ?? null
        if (pageInfo?.hasNextPage !== true || !cursor) break
      }
      return threads
    },

    async replyToComment(
      number: number,
      commentId: number,
      body: string,
    ): Promise<void> {
      await call(`reply to review comment ${commentId}`, () =>
        client.request(
          'POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies',
          { ...repo, pull_number: number, comment_id: commentId, body },
        ),
      )
    },

    async resolveThread(threadId: string): Promise<void> {
      await call(`resolve review thread ${threadId}`, () =>
        client.graphql(RESOLVE_MUTATION, { threadId }),
      )
    },

    /** Creates the completed `harness9 review` check run; returns its html_url. */
    async createCheckRun(check: CheckRunRequest): Promise<string> {
      const { data } = await call('create the harness9 review check run', () =>
        client.request('POST /repos/{owner}/{repo}/check-runs', {
          ...repo,
          name: 'harness9 review',
          head_sha: check.headSha,
          status: 'completed',
          conclusion: check.conclusion,
          output: {
            title: check.title,
            summary: check.summary,
            annotations: check.annotations.slice(0, MAX_ANNOTATIONS),
          },
        }),
      )
      return readString(data, 'html_url') ?? ''
    },

    async getPullRequest(number: number): Promise<ReviewedPullRequest> {
      const what = `read pull request #${number}`
      const { data } = await call(what, () =>
        client.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
          ...repo,
          pull_number: number,
        }),
      )
      const head = parsePullRequestHead(data)
      const baseSha = readString(readObject(data, 'base'), 'sha')
      if (!head || !head.sha || !baseSha) {
        throw new GitHubRequestError(
          `Could not ${what} in ${name}: the answer has no head or base commit.`,
          undefined,
        )
      }
      return {
        number,
        title: readString(data, 'title') ?? '',
        body: readString(data, 'body') ?? '',
        draft: (data as { draft?: unknown }).draft === true,
        head,
        baseSha,
      }
    },

    async listFiles(number: number): Promise<ChangedFile[]> {
      const files = await call(
        `list the files of pull request #${number}`,
        () =>
          client.paginate(
            'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
            {
              ...repo,
              pull_number: number,
              per_page: 100,
            },
          ),
      )
      return (files as unknown[]).map(parseChangedFile)
    },

    /** The files changed from `base` to `head`; undefined when not a fast-forward. */
    async compare(
      base: string,
      head: string,
    ): Promise<ChangedFile[] | undefined> {
      try {
        const { data } = await client.request(
          'GET /repos/{owner}/{repo}/compare/{basehead}',
          { ...repo, basehead: `${base}...${head}` },
        )
        if (readString(data, 'status') !== 'ahead') return undefined
        const files = (data as { files?: unknown }).files
        return Array.isArray(files) ? files.map(parseChangedFile) : []
      } catch (error) {
        const failure = toGitHubRequestError(
          `compare ${base}...${head} in ${name}`,
          error,
        )
        // The old head is gone (a force-push): review the whole pull request.
        if (failure.status === 404) return undefined
        throw failure
      }
    },

    async listReviews(number: number): Promise<EarlierReview[]> {
      const reviews = await call(
        `list the reviews of pull request #${number}`,
        () =>
          client.paginate(
            'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
            {
              ...repo,
              pull_number: number,
              per_page: 100,
            },
          ),
      )
      return (reviews as unknown[]).map((review) => ({
        body: readString(review, 'body') ?? '',
        byBot: readString(readObject(review, 'user'), 'type') === 'Bot',
      }))
    },

    /** Posts one review with all its comments; returns its html_url. */
    async createReview(
      number: number,
      review: {
        commitId: string
        body: string
        event: 'COMMENT' | 'REQUEST_CHANGES'
        comments: InlineComment[]
      },
    ): Promise<string> {
      const { data } = await call(
        `post a review on pull request #${number}`,
        () =>
          client.request(
            'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
            {
              ...repo,
              pull_number: number,
              commit_id: review.commitId,
              body: review.body,
              event: review.event,
              comments: review.comments,
            },
          ),
      )
      return readString(data, 'html_url') ?? ''
    },
  }
}

export type ReviewApi = ReturnType<typeof createReviewApi>

function parseThread(node: unknown): ReviewThread | undefined {
  const id = readString(node, 'id')
  const path = readString(node, 'path')
  const comments = readObject(node, 'comments')?.nodes
  const first = Array.isArray(comments) ? comments[0] : undefined
  const commentId = readNumber(first, 'databaseId')
  if (!id || !path || commentId === undefined) return undefined
  return {
    id,
    isResolved: (node as { isResolved?: unknown }).isResolved === true,
    isOutdated: (node as { isOutdated?: unknown }).isOutdated === true,
    path,
    originalStartLine: readNumber(node, 'originalStartLine'),
    originalLine: readNumber(node, 'originalLine'),
    commentId,
    body: readString(first, 'body') ?? '',
  }
}

function parseChangedFile(file: unknown): ChangedFile {
  if (!isJsonObject(file)) {
    throw new GitHubRequestError(
      'Could not read the changed files: GitHub answered an entry that is not an object.',
      undefined,
    )
  }
  return {
    path: readString(file, 'filename') ?? '',
    status: readString(file, 'status') ?? 'modified',
    additions: readNumber(file, 'additions') ?? 0,
    deletions: readNumber(file, 'deletions') ?? 0,
    patch: readString(file, 'patch'),
  }
}
