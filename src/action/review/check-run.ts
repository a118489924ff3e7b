import * as core from '@actions/core'
import { errorMessage } from '../../util/error-message.js'
import type { ReviewFinding, Severity } from '../../tools/review-comment.js'
import type { ReviewReport } from '../report/run-report.js'
import { meetsThreshold, severityLabel } from './place-findings.js'
import type { ReviewApi } from './review-api.js'
import type { CheckRunRequest } from './thread-api.js'
import { findingTitle } from './review-body.js'

const LEVELS: Record<
  Severity,
  CheckRunRequest['annotations'][number]['annotation_level']
> = {
  critical: 'failure',
  major: 'failure',
  minor: 'warning',
  nit: 'notice',
}

/**
 * The `harness9 review` check: `failure` when a finding meets
 * `review-fail-on`, `neutral` with findings below it, `success` without any;
 * one annotation per finding.
 */
export function buildCheckRun(
  headSha: string,
  review: ReviewReport,
  findings: readonly ReviewFinding[],
  failOn: Severity | 'never',
): CheckRunRequest {
  const failing = findings.some((finding) =>
    meetsThreshold(finding.severity, failOn),
  )
  const conclusion = failing
    ? 'failure'
    : findings.length > 0
      ? 'neutral'
      : 'success'
  return {
    headSha,
    conclusion,
    title:
      findings.length === 0
        ? 'No findings'
        : `${findings.length} ${findings.length === 1 ? 'finding' : 'findings'}${failing ? ` at or above ${failOn}` : ''}`,
    summary: review.url ? `The review: ${review.url}` : 'No review was posted.',
    annotations: findings.map((finding) => ({
      path: finding.path,
      start_line: finding.startLine ?? finding.line,
      end_line: finding.line,
      annotation_level: LEVELS[finding.severity],
      title: `${severityLabel(finding.severity)}: ${findingTitle(finding)}`,
      message: finding.body,
    })),
  }
}

/** Creates the check run; returns a note for the summary, never throws. */
export async function postCheckRun(
  api: ReviewApi,
  headSha: string,
  review: ReviewReport,
  findings: readonly ReviewFinding[],
  failOn: Severity | 'never',
): Promise<string> {
  const check = buildCheckRun(headSha, review, findings, failOn)
  try {
    const url = await api.createCheckRun(check)
    return `Check run 'harness9 review': ${check.conclusion}${url ? ` (${url})` : ''}.`
  } catch (error) {
    // The review is posted; a token without checks: write loses only the check.
    const message = `Could not create the check run (the token needs 'checks: write'): ${errorMessage(error)}`
    core.warning(message)
    return message
  }
}
