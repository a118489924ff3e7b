import { ToolError, type BaseTool } from './base-tool.js'
import { defineTool } from './define-tool.js'

export const SEVERITIES = ['critical', 'major', 'minor', 'nit'] as const
export type Severity = (typeof SEVERITIES)[number]

/** One finding the model reported, as it sent it (checked, not placed). */
export interface ReviewFinding {
  path: string
  line: number
  startLine: number | undefined
  side: 'LEFT' | 'RIGHT'
  severity: Severity
  body: string
  /** Replacement text for lines startLine..line of the new file. */
  suggestion: string | undefined
}

const DESCRIPTION = `Records one finding of your code review. All findings are posted together as one pull request review when you finish; nothing is posted before.

- path: the file, relative to the repository root, as it appears in the diff.
- line: the line the finding is about, in the new version of the file (side RIGHT, the default). For a removed line, give its number in the old version and side "LEFT".
- start_line: for a finding about several lines, the first of them (line is the last). They must be in one hunk of the diff.
- severity: "critical" (breaks production, security hole, data loss), "major" (a real bug or a missing case), "minor" (worth fixing, not urgent) or "nit" (style, naming).
- body: what is wrong and why, in one short paragraph; start with a one-line title.
- suggestion: optional replacement text for exactly lines start_line..line (or line) of the new file, without code fences. It becomes a one-click suggestion when those lines are in the diff.
- Findings on lines outside the diff are kept, but go into the review's text instead of the code.
- Report few, high-signal findings: each must be worth a reviewer's time. Never report the same thing twice.`

/** Checks the fields of a review_comment call. */
export function parseReviewCommentInput(
  input: Record<string, unknown>,
): ReviewFinding {
  const path = input.path
  if (typeof path !== 'string' || path.trim() === '') {
    throw new ToolError(
      "review_comment needs 'path': the file's path relative to the repository root.",
    )
  }
  const line = readLine('line', input.line)
  if (line === undefined) {
    throw new ToolError("review_comment needs 'line': a positive integer.")
  }
  const startLine = readLine('start_line', input.start_line)
  if (startLine !== undefined && startLine > line) {
    throw new ToolError(
      "review_comment's 'start_line' must not be after 'line'.",
    )
  }
  const side = input.side ?? 'RIGHT'
  if (side !== 'RIGHT' && side !== 'LEFT') {
    throw new ToolError(
      'review_comment\'s \'side\' must be "RIGHT" (new file) or "LEFT" (old file).',
    )
  }
  const severity = input.severity
  if (!SEVERITIES.includes(severity as Severity)) {
    throw new ToolError(
      `review_comment's 'severity' must be one of ${SEVERITIES.join(', ')}.`,
    )
  }
  const body = input.body
  if (typeof body !== 'string' || body.trim() === '') {
    throw new ToolError(
      "review_comment needs 'body': what is wrong and why, starting with a one-line title.",
    )
  }
  const suggestion = input.suggestion
  if (suggestion !== undefined && typeof suggestion !== 'string') {
    throw new ToolError(
      "review_comment's 'suggestion' must be a string: the replacement lines.",
    )
  }
  return {
    path: path.trim().replace(/^\.\//, ''),
    line,
    startLine: startLine === line ? undefined : startLine,
    side,
    severity: severity as Severity,
    body: body.trim(),
    suggestion,
  }
}

function readLine(name: string, value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ToolError(
      `review_comment's '${name}' must be a positive integer line number.`,
    )
  }
  return value
}

/**
 * The review_comment tool. `record` keeps the finding and returns what the
 * model is told (e.g. whether the line is in the diff).
 */
export function createReviewCommentTool(
  record: (finding: ReviewFinding) => string,
): BaseTool<ReviewFinding> {
  return defineTool({
    name: 'review_comment',
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path.' },
        line: { type: 'integer', description: 'Last line of the finding.' },
        start_line: {
          type: 'integer',
          description: 'First line, for a multi-line finding.',
        },
        side: { type: 'string', enum: ['RIGHT', 'LEFT'] },
        severity: { type: 'string', enum: [...SEVERITIES] },
        body: { type: 'string', description: 'Title line, then why.' },
        suggestion: {
          type: 'string',
          description: 'Replacement for the lines, no code fences.',
        },
      },
      required: ['path', 'line', 'severity', 'body'],
      additionalProperties: false,
    },
    example:
      '{"path": "src/a.ts", "line": 12, "severity": "major", "body": "Off by one: …"}',
    parse: parseReviewCommentInput,
    // Findings on one file are recorded in call order.
    pathOf: (finding) => finding.path,
    async execute(finding) {
      return record(finding)
    },
  })
}
