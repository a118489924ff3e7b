import type { ReviewFinding } from '../../tools/review-comment.js'
import { isInDiff, type DiffIndex } from './diff-index.js'
import type { OpenFinding } from './review-prompt.js'

/** The most findings one review keeps: past that, the review is noise. */
export const MAX_FINDINGS = 50

export interface FindingCollector {
  findings: ReviewFinding[]
  /** The review_comment tool's callback: keeps the finding, says where it goes. */
  record(finding: ReviewFinding): string
}

/**
 * Keeps the model's findings, refusing repeats of its own and of the earlier
 * open findings, and tells it whether each lands in the diff.
 */
export function createFindingCollector(
  index: DiffIndex,
  openFindings: readonly OpenFinding[],
): FindingCollector {
  const findings: ReviewFinding[] = []
  const record = (finding: ReviewFinding): string => {
    const where = `${finding.path}:${finding.line}`
    if (findings.some((kept) => isSameFinding(kept, finding))) {
      throw new Error(
        `A finding on ${where} with this text is already recorded.`,
      )
    }
    const earlier = openFindings.find(
      (open) =>
        open.path === finding.path &&
        open.line === finding.line &&
        normalize(open.body).includes(normalize(firstLine(finding.body))),
    )
    if (earlier) {
      throw new Error(
        `This repeats earlier open finding ${earlier.number} on ${where}; it is still open, so it is not reported again.`,
      )
    }
    if (findings.length >= MAX_FINDINGS) {
      throw new Error(
        `This review already has ${MAX_FINDINGS} findings, the most it keeps. Finish the review.`,
      )
    }
    findings.push(finding)
    const start = finding.startLine ?? finding.line
    const inDiff = isInDiff(
      index,
      finding.path,
      finding.side,
      start,
      finding.line,
    )
    const place = inDiff
      ? 'an inline comment'
      : "the review's text (those lines are not in the diff)"
    const suggestion =
      finding.suggestion === undefined
        ? ''
        : inDiff && finding.side === 'RIGHT'
          ? ' with a one-click suggestion'
          : ' with the suggestion as plain text'
    return `Recorded finding ${findings.length} (${finding.severity}) on ${where}: it will be ${place}${suggestion}.`
  }
  return { findings, record }
}

function isSameFinding(a: ReviewFinding, b: ReviewFinding): boolean {
  return (
    a.path === b.path &&
    a.line === b.line &&
    a.side === b.side &&
    normalize(a.body) === normalize(b.body)
  )
}

function firstLine(text: string): string {
  return text.split('\n')[0]
}

function normalize(text: string): string {
  return text.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim().toLowerCase()
}
