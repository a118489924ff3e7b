import * as core from '@actions/core'
import type { RunRequest } from '../request/resolve-request.js'
import type { ChangedFile } from './diff-index.js'
import { selectOpenFindings, type EarlierFinding } from './earlier-findings.js'
import type { ReviewApi, ReviewedPullRequest } from './review-api.js'
import { readReviewMarker } from './review-body.js'

/** What to review: the whole pull request, or the commits since the last review. */
export interface ReviewScope {
  /** What the model reviews: the pull request's files, or the new commits'. */
  files: ChangedFile[]
  /** The pull request's whole diff: GitHub places comments on it alone. */
  pullRequestFiles: ChangedFile[]
  sinceSha: string | undefined
  /** The action's earlier findings whose threads are still open. */
  openFindings: EarlierFinding[]
}

/**
 * Incremental when an earlier review of ours left its head SHA and the new
 * head builds on it; the whole pull request when the history was rewritten.
 * Undefined when an event asks again for a head already reviewed.
 */
export async function chooseScope(
  api: ReviewApi,
  pullRequest: ReviewedPullRequest,
  request: RunRequest,
): Promise<ReviewScope | undefined> {
  const reviews = await api.listReviews(pullRequest.number)
  const lastSha = reviews
    .filter((review) => review.byBot)
    .map((review) => readReviewMarker(review.body))
    .filter((sha): sha is string => sha !== undefined)
    .at(-1)
  if (lastSha === pullRequest.head.sha && !request.comment) return undefined
  const pullRequestFiles = await api.listFiles(pullRequest.number)
  const openFindings = lastSha
    ? selectOpenFindings(await api.listThreads(pullRequest.number))
    : []
  const full = {
    files: pullRequestFiles,
    pullRequestFiles,
    sinceSha: undefined,
    openFindings,
  }
  if (!lastSha || lastSha === pullRequest.head.sha) return full
  const files = await api.compare(lastSha, pullRequest.head.sha)
  if (!files) {
    core.info(
      `The last reviewed commit ${lastSha.slice(0, 7)} is not an ancestor of the head: reviewing the whole pull request.`,
    )
    return full
  }
  return { files, pullRequestFiles, sinceSha: lastSha, openFindings }
}
