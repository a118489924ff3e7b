import * as core from '@actions/core'
import type { ReviewFinding, Severity } from '../../tools/review-comment.js'
import { GitHubRequestError } from '../github/github-request-error.js'
import { assertNoSecret } from '../guard/secret-guard.js'
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
 * `review-fail-on`, every text scanned for secrets first. When GitHub
 * refuses it (422), it is posted again as plainly as needed so no finding
 * is lost: as a comment when the token may not request changes (its own
 * pull request), else with every finding in the body.
 */
export async function postReview(
  input: PostReviewInput,
): Promise<PostedReview> {
  const verdict = decideVerdict(input.findings, input.failOn)
  const placed = placeFindings(input.findings, input.index)
  const attempt = {
    event: (verdict === 'changes-requested' ? 'REQUEST_CHANGES' : 'COMMENT') as
      'REQUEST_CHANGES' | 'COMMENT',
    inline: placed.inline,
    outside: placed.outside,
  }
  for (let tries = 0; ; tries++) {
    try {
      const url = await sendReview(input, verdict, attempt)
      return { url, verdict, outside: attempt.outside }
    } catch (error) {
      if (!(error instanceof GitHubRequestError) || error.status !== 422)
        throw error
      if (
        attempt.event === 'REQUEST_CHANGES' &&
        /own pull request/i.test(error.message)
      ) {
        core.warning(
          `GitHub refused to request changes (${error.message}); posting the review as a comment.`,
        )
        attempt.event = 'COMMENT'
      } else if (attempt.inline.length > 0 && tries < 2) {
        core.warning(
          `GitHub refused the review's inline comments (${error.message}); posting every finding in the review's text instead.`,
        )
        attempt.inline = []
        attempt.outside = [...input.findings]
      } else {
        throw error
      }
    }
  }
}

async function sendReview(
  input: PostReviewInput,
  verdict: Verdict,
  attempt: {
    event: 'REQUEST_CHANGES' | 'COMMENT'
    inline: InlineComment[]
    outside: ReviewFinding[]
  },
): Promise<string> {
  const body = renderReviewBody({
    ...input.body,
    verdict,
    findings: input.findings,
    outside: attempt.outside,
    headSha: input.headSha,
  })
  assertNoSecret(
    'review',
    [body, ...attempt.inline.map((comment) => comment.body)].join('\n'),
    input.secrets,
  )
  return input.api.createReview(input.number, {
    commitId: input.headSha,
    body,
    event: attempt.event,
    comments: attempt.inline,
  })
}
