import type { ActionStatus } from '../run-report.js'
import { quoteModelText, toPlainText } from '../publish-safe-markdown.js'

/** Comments stay short; the full answer is in the job summary. */
export const MAX_REPLY_ANSWER_CHARS = 3000
const MAX_REPLY_FILES = 20

const HEADLINES: Record<ActionStatus, string> = {
  completed: '✅ Done',
  max_turns: '⚠️ Stopped at the turn limit',
  token_limit: '⚠️ Stopped at the token limit',
  cost_limit: '⚠️ Stopped at the cost limit',
  deadline: '⏱️ Stopped: the time budget ran out',
  failed: '❌ Failed',
  refused: '🚫 Refused by the provider',
  skipped: '⏭️ Skipped',
  cancelled: '🛑 Cancelled',
}

/** The comment posted at once when a run starts. */
export function renderStartedComment(input: { runUrl: string }): string {
  return `👀 Working on it… [View the run](${input.runUrl})\n`
}

/** The reply to a comment that has the trigger phrase and nothing after it. */
export function renderNoTaskComment(input: { phrase: string }): string {
  return (
    `Nothing to do: the comment has no task after ${code(input.phrase)}. ` +
    `Write the task after the phrase, e.g. ${code(`${input.phrase} fix the failing test`)}.\n`
  )
}

export interface FinishedCommentInput {
  status: ActionStatus
  /** One sentence: why the run stopped, failed or was skipped. */
  reason?: string
  turns: number
  tokens: { input: number; output: number }
  changedFiles: string[]
  branch?: string
  pullRequestUrl?: string
  error?: string
  /** Changed files kept out of the commit (protected paths). */
  leftOut?: string[]
  /** Why nothing was committed or pushed, when that is the case. */
  commitSkippedReason?: string
  /** The model's final answer; cut to MAX_REPLY_ANSWER_CHARS. */
  answer?: string
  runUrl?: string
}

/** The status comment's final text, for every ending of a run. */
export function renderFinishedComment(input: FinishedCommentInput): string {
  const parts = [`### ${HEADLINES[input.status]}`]
  if (input.reason) parts.push(toPlainText(input.reason))
  if (input.error && input.error !== input.reason) {
    parts.push(`**Error:** ${toPlainText(input.error)}`)
  }
  if (input.status !== 'skipped') parts.push(renderFacts(input).join('\n'))
  if (input.answer?.trim()) parts.push(renderAnswer(input.answer))
  if (input.runUrl) parts.push(`[View the run](${input.runUrl})`)
  return `${parts.join('\n\n')}\n`
}

function renderFacts(input: FinishedCommentInput): string[] {
  const facts = [
    `- Turns: ${input.turns} · tokens: ${formatCount(input.tokens.input)} in, ${formatCount(input.tokens.output)} out`,
    `- ${renderFiles(input.changedFiles)}`,
  ]
  if (input.branch) facts.push(`- Branch: ${code(input.branch)}`)
  if (input.pullRequestUrl)
    facts.push(`- Pull request: ${input.pullRequestUrl}`)
  if (input.leftOut && input.leftOut.length > 0) {
    facts.push(
      `- Left out of the commit (protected paths): ${listFiles(input.leftOut)}`,
    )
  }
  if (input.commitSkippedReason) {
    facts.push(
      `- Nothing was committed: ${toPlainText(input.commitSkippedReason)}`,
    )
  }
  return facts
}

function renderFiles(files: string[]): string {
  if (files.length === 0) return 'No files changed.'
  return `Changed files (${files.length}): ${listFiles(files)}`
}

function listFiles(files: string[]): string {
  const shown = files.slice(0, MAX_REPLY_FILES).map(code).join(', ')
  const more = files.length - MAX_REPLY_FILES
  return more > 0 ? `${shown} and ${more} more (see the job summary)` : shown
}

function renderAnswer(answer: string): string {
  const trimmed = answer.trim()
  const cut =
    trimmed.length > MAX_REPLY_ANSWER_CHARS
      ? `${trimmed.slice(0, MAX_REPLY_ANSWER_CHARS)}\n\n… (cut; the full answer is in the job summary)`
      : trimmed
  return `**Answer**\n\n${quoteModelText(cut)}`
}

function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US').format(value)
}

/** A code span that survives backticks and newlines in the text. */
function code(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ')
  const longest = Math.max(
    0,
    ...(flat.match(/`+/g) ?? []).map((run) => run.length),
  )
  const fence = '`'.repeat(longest + 1)
  const pad = longest > 0 ? ' ' : ''
  return `${fence}${pad}${flat}${pad}${fence}`
}
