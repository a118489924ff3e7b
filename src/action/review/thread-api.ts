import type { GitHubClient, RepoRef } from '../github/client.js'
import { readNumber, readObject, readString } from '../github/json-fields.js'

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

/** Runs one call, turning a failure into a GitHubRequestError naming it. */
export type CallGitHub = <T>(what: string, send: () => Promise<T>) => Promise<T>

/** Review threads (GraphQL), replies, resolutions and the check run. */
export function createThreadCalls(
  client: GitHubClient,
  repo: RepoRef,
  call: CallGitHub,
) {
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
  }
}

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
