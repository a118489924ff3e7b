import {
  SEVERITIES,
  type ReviewFinding,
  type Severity,
} from '../../tools/review-comment.js'
import {
  fence,
  meetsThreshold,
  safeModelMarkdown,
  severityLabel,
} from './place-findings.js'

/** The review's outcome, also the `verdict` output. */
export type Verdict = 'no-findings' | 'comments' | 'changes-requested'

const HEADLINES: Record<Verdict, string> = {
  'no-findings': '✅ No findings',
  comments: '💬 Comments',
  'changes-requested': '❌ Changes requested',
}

const MAX_SUMMARY_CHARS = 20_000
const MARKER = /<!-- harness9-review head=([0-9a-f]{40}) -->/

/** The hidden marker that records which head commit a review covered. */
export function renderReviewMarker(headSha: string): string {
  return `<!-- harness9-review head=${headSha} -->`
}

/** The head SHA of an earlier review's marker, if its body has one. */
export function readReviewMarker(body: string): string | undefined {
  return MARKER.exec(body)?.[1]
}

/** Decides the verdict from the findings and the `review-fail-on` input. */
export function decideVerdict(
  findings: readonly ReviewFinding[],
  failOn: Severity | 'never',
): Verdict {
  if (findings.some((finding) => meetsThreshold(finding.severity, failOn)))
    return 'changes-requested'
  return findings.length > 0 ? 'comments' : 'no-findings'
}

export function countBySeverity(
  findings: readonly ReviewFinding[],
): Record<Severity, number> {
  const counts = { critical: 0, major: 0, minor: 0, nit: 0 }
  for (const finding of findings) counts[finding.severity]++
  return counts
}

/** The one-line title of a finding: its body's first line, shortened. */
export function findingTitle(finding: ReviewFinding): string {
  const first = finding.body
    .split('\n')[0]
    .replace(/^#+\s*/, '')
    .replace(/\*\*/g, '')
    .trim()
  return first.length > 100 ? `${first.slice(0, 99)}…` : first
}

export interface ReviewBodyInput {
  verdict: Verdict
  findings: readonly ReviewFinding[]
  outside: readonly ReviewFinding[]
  headSha: string
  /** Set for an incremental review: the head the last review covered. */
  sinceSha: string | undefined
  fileCount: number
  /** Files left out of the diff (lock files, generated, vendored). */
  leftOut: readonly string[]
  /** Earlier threads resolved as fixed in this review. */
  resolvedCount: number
  /** The model's closing words, untrusted text shown quoted. */
  summary: string
}

/** The review's body: verdict, counts, the findings outside the diff, marker. */
export function renderReviewBody(input: ReviewBodyInput): string {
  const counts = countBySeverity(input.findings)
  const scope = input.sinceSha
    ? `the commits since \`${input.sinceSha.slice(0, 7)}\` up to \`${input.headSha.slice(0, 7)}\``
    : `\`${input.headSha.slice(0, 7)}\``
  const parts = [
    `### harness9 review: ${HEADLINES[input.verdict]}`,
    `Reviewed ${input.fileCount} changed ${input.fileCount === 1 ? 'file' : 'files'} at ${scope}.` +
      (input.resolvedCount > 0
        ? ` Resolved ${input.resolvedCount} earlier ${input.resolvedCount === 1 ? 'finding' : 'findings'} as fixed.`
        : ''),
    [
      `| ${SEVERITIES.map(severityLabel).join(' | ')} |`,
      `| ${SEVERITIES.map(() => '---:').join(' | ')} |`,
      `| ${SEVERITIES.map((severity) => counts[severity]).join(' | ')} |`,
    ].join('\n'),
  ]
  if (input.outside.length > 0) {
    parts.push(
      `#### Findings outside the diff\n\n${input.outside.map(renderOutside).join('\n\n')}`,
    )
  }
  if (input.leftOut.length > 0) {
    parts.push(
      `Not reviewed (lock, generated or vendored files): ${input.leftOut.map((path) => `\`${path}\``).join(', ')}`,
    )
  }
  const summary = input.summary.trim()
  if (summary) {
    const cut =
      summary.length > MAX_SUMMARY_CHARS
        ? `${summary.slice(0, MAX_SUMMARY_CHARS)}…`
        : summary
    parts.push(
      `<details><summary>Reviewer's notes</summary>\n\n${safeModelMarkdown(cut)}\n\n</details>`,
    )
  }
  parts.push(renderReviewMarker(input.headSha))
  return parts.join('\n\n')
}

function renderOutside(finding: ReviewFinding): string {
  const lines = finding.startLine
    ? `${finding.startLine}-${finding.line}`
    : `${finding.line}`
  const path = finding.path.replace(/`/g, "'")
  const body = safeModelMarkdown(finding.body).replace(/\n/g, '\n  ')
  const head = `- **${severityLabel(finding.severity)}** \`${path}:${lines}\`${finding.side === 'LEFT' ? ' (old file)' : ''}: ${body}`
  if (finding.suggestion === undefined) return head
  const block = fence('', finding.suggestion).replace(/\n/g, '\n  ')
  return `${head}\n\n  Suggested replacement:\n\n  ${block}`
}
