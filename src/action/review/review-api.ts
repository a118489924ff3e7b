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
import { createThreadCalls } from './thread-api.js'
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
    ...createThreadCalls(client, repo, call),
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
