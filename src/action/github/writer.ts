import type { GitHubClient, RepoRef } from './client.js'
import { toGitHubRequestError } from './github-request-error.js'
import { readNumber, readString } from './json-fields.js'

/** Which REST family a comment belongs to: the two have separate reactions. */
export type CommentKind = 'issue_comment' | 'pull_request_review_comment'

export type ReactionContent =
  '+1' | '-1' | 'laugh' | 'confused' | 'heart' | 'hooray' | 'rocket' | 'eyes'

export interface PullRequestRequest {
  /** The branch with the commits. */
  head: string
  /** The branch to merge into, usually the default branch. */
  base: string
  title: string
  body: string
  /** Opened as a draft: the run did not finish its task. */
  draft?: boolean
}

/**
 * Everything the action writes to GitHub outside a review: reactions, the
 * status comment, labels, and the pull request it opens. Every failure is a
 * GitHubRequestError.
 */
export interface GitHubWriter {
  addReaction(
    commentId: number,
    kind: CommentKind,
    content?: ReactionContent,
  ): Promise<void>
  /** Posts a comment on an issue or pull request; returns its id. */
  postStatusComment(issueNumber: number, body: string): Promise<number>
  updateStatusComment(commentId: number, body: string): Promise<void>
  /** Opens a pull request; returns its html_url. */
  openPullRequest(request: PullRequestRequest): Promise<string>
  getDefaultBranch(): Promise<string>
  /** Takes a label off an issue or pull request. */
  removeLabel(issueNumber: number, name: string): Promise<void>
}

/** Binds the writes to one repository. */
export function createGitHubWriter(
  client: GitHubClient,
  repo: RepoRef,
): GitHubWriter {
  const name = `${repo.owner}/${repo.repo}`
  return {
    async addReaction(commentId, kind, content = 'eyes') {
      await call(`add a reaction to comment ${commentId} in ${name}`, () =>
        kind === 'issue_comment'
          ? client.rest.reactions.createForIssueComment({
              ...repo,
              comment_id: commentId,
              content,
            })
          : client.rest.reactions.createForPullRequestReviewComment({
              ...repo,
              comment_id: commentId,
              content,
            }),
      )
    },

    async postStatusComment(issueNumber, body) {
      const what = `post a comment on #${issueNumber} in ${name}`
      const data = await call(what, () =>
        client.rest.issues.createComment({
          ...repo,
          issue_number: issueNumber,
          body,
        }),
      )
      return expectField(what, 'id', readNumber(data, 'id'))
    },

    async updateStatusComment(commentId, body) {
      await call(`update comment ${commentId} in ${name}`, () =>
        client.rest.issues.updateComment({
          ...repo,
          comment_id: commentId,
          body,
        }),
      )
    },

    async openPullRequest(request) {
      const what = `open a pull request from ${request.head} into ${request.base} in ${name}`
      const data = await call(what, () =>
        client.rest.pulls.create({ ...repo, ...request }),
      )
      return expectField(what, 'html_url', readString(data, 'html_url'))
    },

    async getDefaultBranch() {
      const what = `read the default branch of ${name}`
      const data = await call(what, () => client.rest.repos.get({ ...repo }))
      return expectField(
        what,
        'default_branch',
        readString(data, 'default_branch'),
      )
    },

    async removeLabel(issueNumber, label) {
      await call(
        `remove the label '${label}' from #${issueNumber} in ${name}`,
        () =>
          client.rest.issues.removeLabel({
            ...repo,
            issue_number: issueNumber,
            name: label,
          }),
      )
    },
  }
}

/** Runs one REST call; its answer is `unknown` until a guard reads it. */
async function call(
  what: string,
  send: () => Promise<{ data: unknown }>,
): Promise<unknown> {
  try {
    const response = await send()
    return response.data
  } catch (error) {
    throw toGitHubRequestError(what, error)
  }
}

function expectField<T>(what: string, field: string, value: T | undefined): T {
  if (value === undefined) {
    throw toGitHubRequestError(
      what,
      new Error(`GitHub's answer has no '${field}'`),
    )
  }
  return value
}
