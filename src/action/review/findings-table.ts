import {
  neutralizeHtml,
  neutralizeReferences,
} from '../guard/publish-safe-markdown.js'
import type { ReviewReport } from '../report/run-report.js'

const MAX_ROWS = 100

/** The summary's review section: verdict, link and one row per finding. */
export function renderFindingsTable(review: ReviewReport): string {
  const head = [
    `Verdict: \`${review.verdict || 'none'}\``,
    review.url ? ` · [the review](${review.url})` : '',
  ].join('')
  if (review.findings.length === 0) return `${head}\n\n_No findings._`
  const rows = review.findings
    .slice(0, MAX_ROWS)
    .map(
      (finding, index) =>
        `| ${index + 1} | ${finding.severity} | \`${escapeCode(finding.path)}:${finding.line}\` | ${escapeCell(finding.title)} |`,
    )
  const more = review.findings.length - rows.length
  return [
    head,
    '',
    '| # | Severity | Where | Finding |',
    '| ---: | --- | --- | --- |',
    ...rows,
    ...(more > 0 ? [`\n_…and ${more} more findings._`] : []),
  ].join('\n')
}

function escapeCell(text: string): string {
  return neutralizeHtml(neutralizeReferences(text))
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ')
}

function escapeCode(text: string): string {
  return text.replace(/`/g, 'ˋ').replace(/\n/g, ' ')
}
