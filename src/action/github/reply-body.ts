import { STATUS_HEADLINES, type ActionStatus } from '../report/run-report.js'
import { quoteModelText, toPlainText } from '../guard/publish-safe-markdown.js'
import { formatDuration } from '../report/summary.js'
import { withCommentMarker } from './comment-marker.js'

/** Comments stay short; the full answer is in the job summary. */
export const MAX_REPLY_ANSWER_CHARS = 3000
const MAX_REPLY_FILES = 20

// A reply answers the person who asked: "Done" says it plainly.
const HEADLINES = { ...STATUS_HEADLINES, completed: '✅ Done' }

/** The comment posted at once when a run starts. */
export function renderStartedComment(input: { runUrl: string }): string {
  return withCommentMarker(
    `👀 Working on it… [View the run](${input.runUrl})\n`,
  )
}

/** The short reply to a would-be trigger that did not run, saying why. */
export function renderSkippedTriggerComment(input: { text: string }): string {
  return withCommentMarker(`⏭️ ${input.text}\n`)
}

export interface ProgressCommentInput {
  elapsedMs: number
  turn: number
  maxTurns: number
  /** The last steps, oldest first, e.g. `bash: npm test → exit 1`. */
  steps: string[]
  runUrl: string
}

/** The status comment while the run goes on. */
export function renderProgressComment(input: ProgressCommentInput): string {
  const lines = [
    `👀 Working on it… ${formatDuration(input.elapsedMs)} so far, turn ${input.turn} of ${input.maxTurns}.`,
  ]
  if (input.steps.length > 0) {
    lines.push('', ...input.steps.map((step) => `- ${code(step)}`))
  }
  if (input.runUrl) lines.push('', `[View the run](${input.runUrl})`)
  return withCommentMarker(`${lines.join('\n')}\n`)
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
  /** The login of the person who asked. */
  requester?: string
  durationMs?: number
  commitSha?: string
  /** `https://github.com/owner/repo`, for branch and commit links. */
  repositoryUrl?: string
  /** `git diff --shortstat` of the commit, e.g. `2 files changed, …`. */
  diffstat?: string
}

/** The status comment's final text, for every ending of a run. */
export function renderFinishedComment(input: FinishedCommentInput): string {
  const parts = [`### ${HEADLINES[input.status]}`]
  if (input.reason) parts.push(toPlainText(input.reason))
  const byline = renderByline(input)
  if (byline && input.status !== 'skipped') parts.push(byline)
  if (input.error && input.error !== input.reason) {
    parts.push(`**Error:** ${toPlainText(input.error)}`)
  }
  if (input.status !== 'skipped') parts.push(renderFacts(input).join('\n'))
  if (input.answer?.trim()) parts.push(renderAnswer(input.answer))
  if (input.runUrl) parts.push(`[View the run](${input.runUrl})`)
  return withCommentMarker(`${parts.join('\n\n')}\n`)
}

/**
 * "Asked by @alice · 2 min 3 s · 3 turns · 12,345 tokens in, 678 out". The
 * name does not ping: the reply already answers that person's request, and
 * a reply that mentions no one cannot be turned into a ping by its text.
 */
function renderByline(input: FinishedCommentInput): string {
  return [
    input.requester ? `Asked by ${toPlainText(`@${input.requester}`)}` : '',
    input.durationMs === undefined ? '' : formatDuration(input.durationMs),
    `${input.turns} ${input.turns === 1 ? 'turn' : 'turns'}`,
    `tokens: ${formatCount(input.tokens.input)} in, ${formatCount(input.tokens.output)} out`,
  ]
    .filter(Boolean)
    .join(' · ')
}

function renderFacts(input: FinishedCommentInput): string[] {
  const facts: string[] = []
  if (input.pullRequestUrl)
    facts.push(`- Pull request: ${input.pullRequestUrl}`)
  if (input.branch) facts.push(`- Branch: ${renderBranch(input)}`)
  facts.push(
    `- ${renderFiles(input.changedFiles)}${input.diffstat && input.changedFiles.length > 0 ? ` (${input.diffstat})` : ''}`,
  )
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

function renderBranch(input: FinishedCommentInput): string {
  const branch = input.branch ?? ''
  const base = input.repositoryUrl
  const name = base
    ? `[${code(branch)}](${base}/tree/${branch.split('/').map(encodeURIComponent).join('/')})`
    : code(branch)
  if (!input.commitSha) return name
  const short = input.commitSha.slice(0, 7)
  const commit = base
    ? `[${code(short)}](${base}/commit/${input.commitSha})`
    : code(short)
  return `${name} · commit ${commit}`
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
