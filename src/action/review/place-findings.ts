import {
  SEVERITIES,
  type ReviewFinding,
  type Severity,
} from '../../tools/review-comment.js'
import {
  dropImages,
  neutralizeHtml,
  neutralizeReferences,
} from '../guard/publish-safe-markdown.js'
import { isInDiff, type DiffIndex } from './diff-index.js'

/** A comment of `POST /pulls/{n}/reviews`, as GitHub's REST API names it. */
export interface InlineComment {
  path: string
  line: number
  side: 'LEFT' | 'RIGHT'
  start_line?: number
  start_side?: 'LEFT' | 'RIGHT'
  body: string
}

export interface PlacedFindings {
  inline: InlineComment[]
  /** Findings whose lines are not in the diff: they go into the review body. */
  outside: ReviewFinding[]
}

/** Marks the action's own review comments, to find its threads again. */
export const FINDING_MARKER = '<!-- harness9-finding -->'

/** Splits findings into inline comments and the rest, against the diff. */
export function placeFindings(
  findings: readonly ReviewFinding[],
  index: DiffIndex,
): PlacedFindings {
  const placed: PlacedFindings = { inline: [], outside: [] }
  for (const finding of findings) {
    const start = finding.startLine ?? finding.line
    if (!isInDiff(index, finding.path, finding.side, start, finding.line)) {
      placed.outside.push(finding)
      continue
    }
    placed.inline.push({
      path: finding.path,
      line: finding.line,
      side: finding.side,
      ...(finding.startLine !== undefined
        ? { start_line: finding.startLine, start_side: finding.side }
        : {}),
      body: renderInlineBody(finding),
    })
  }
  return placed
}

/**
 * The comment text. A suggestion is a one-click ```suggestion block only on
 * the new file's side: there it replaces exactly the commented lines.
 */
export function renderInlineBody(finding: ReviewFinding): string {
  const parts = [
    `**${severityLabel(finding.severity)}** ${safeModelMarkdown(finding.body)}`,
  ]
  if (finding.suggestion !== undefined) {
    parts.push(
      finding.side === 'RIGHT'
        ? fence('suggestion', finding.suggestion)
        : `Suggested replacement:\n\n${fence('', finding.suggestion)}`,
    )
  }
  parts.push(FINDING_MARKER)
  return parts.join('\n\n')
}

/**
 * The model's text as it may appear in a review: markdown still renders, but
 * no mention, closing keyword, image or HTML (so no fake hidden marker) works.
 * A suggestion is not passed through here: it is code inside a fence.
 */
export function safeModelMarkdown(text: string): string {
  return neutralizeHtml(neutralizeReferences(dropImages(text)))
}

/** A code block whose fence is longer than any backtick run inside. */
export function fence(info: string, text: string): string {
  const longest = Math.max(
    2,
    ...[...text.matchAll(/`+/g)].map((match) => match[0].length),
  )
  const marks = '`'.repeat(longest + 1)
  const content = text.endsWith('\n') ? text : `${text}\n`
  return `${marks}${info}\n${content}${marks}`
}

export function severityLabel(severity: Severity): string {
  return severity.charAt(0).toUpperCase() + severity.slice(1)
}

/** Whether `severity` is at or above `threshold`. */
export function meetsThreshold(
  severity: Severity,
  threshold: Severity | 'never',
): boolean {
  if (threshold === 'never') return false
  return SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(threshold)
}
