import * as core from '@actions/core'
import type { ReviewFinding, Severity } from '../../tools/review-comment.js'
import { GitHubRequestError } from '../github/github-request-error.js'
import { assertNoSecret } from '../secret-guard.js'
import type { DiffIndex } from './diff-index.js'
import { placeFindings, type InlineComment } from './place-findings.js'
import type { ReviewApi } from './review-api.js'
import {
  decideVerdict,
  renderReviewBody,
  type ReviewBodyInput,
  type Verdict,
} from './review-body.js'

export interface PostReviewInput {
  api: ReviewApi
  number: number
  headSha: string
  findings: readonly ReviewFinding[]
  index: DiffIndex
  failOn: Severity | 'never'
  secrets: string[]
  body: Omit<ReviewBodyInput, 'verdict' | 'findings' | 'outside' | 'headSha'>
}

export interface PostedReview {
  url: string
  verdict: Verdict
  /** Findings that went into the body, not the code. */
  outside: ReviewFinding[]
}

/**
 * Posts the one review: findings placed against the diff, the event from
 * `review-fail-on`, every text scanned for secrets first. Should GitHub
 * still refuse a comment's position (422), the review is posted again with
 * every finding in its body, so none is lost.
 */
export async function postReview(
  input: PostReviewInput,
): Promise<PostedReview> {
  const verdict = decideVerdict(input.findings, input.failOn)
  const event = verdict === 'changes-requested' ? 'REQUEST_CHANGES' : 'COMMENT'
  const placed = placeFindings(input.findings, input.index)
  const render = (outside: ReviewFinding[]): string =>
    renderReviewBody({
      ...input.body,
      verdict,
      findings: input.findings,
      outside,
      headSha: input.headSha,
    })
  const post = (body: string, comments: InlineComment[]): Promise<string> => {
    assertNoSecret(
      'review',
      [body, ...comments.map((comment) => comment.body)].join('\n'),
      input.secrets,
    )
    return input.api.createReview(input.number, {
      commitId: input.headSha,
      body,
      event,
      comments,
    })
  }
  try {
    const url = await post(render(placed.outside), placed.inline)
    return { url, verdict, outside: placed.outside }
  } catch (error) {
    if (
      !(error instanceof GitHubRequestError) ||
      error.status !== 422 ||
      placed.inline.length === 0
    )
      throw error
    core.warning(
      `GitHub refused the review's inline comments (${error.message}); posting every finding in the review's text instead.`,
    )
    const url = await post(render([...input.findings]), [])
    return { url, verdict, outside: [...input.findings] }
  }
}
