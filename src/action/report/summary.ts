import { renderCostSection } from './cost-summary.js'
import { quoteModelText, toPlainText } from '../guard/publish-safe-markdown.js'
import { renderFindingsTable } from '../review/findings-table.js'
import { STATUS_HEADLINES, type RunReport } from './run-report.js'

/** GitHub refuses a step summary over 1 MiB; stay clear of it. */
export const MAX_SUMMARY_BYTES = 1000 * 1024
const MAX_TASK_CHARS = 4000
const MAX_ANSWER_CHARS = 200_000
const MAX_TOOL_ROWS = 300
const MAX_FILES = 300
/** The unpushed commit's patch in the summary; the artifact has it whole. */
export const MAX_PATCH_CHARS = 60_000

/**
 * The job summary as markdown, always under MAX_SUMMARY_BYTES: the outcome,
 * the links and the answer first, the details in collapsed sections. A
 * skipped run is one line.
 */
export function renderSummary(report: RunReport): string {
  if (report.status === 'skipped') {
    return fitSummary(
      `harness9 ${STATUS_HEADLINES.skipped}: ${toPlainText(report.reason)}\n`,
    )
  }
  const parts = [
    `## harness9: ${STATUS_HEADLINES[report.status]}`,
    toPlainText(report.reason),
    ...renderLinks(report),
    renderByline(report),
    ...(report.review
      ? [section('Review', renderFindingsTable(report.review))]
      : []),
    section(
      'Answer',
      report.finalAnswer
        ? quote(cut(report.finalAnswer, MAX_ANSWER_CHARS))
        : '_No answer._',
    ),
    details('Task', quote(cut(report.task, MAX_TASK_CHARS))),
    details(
      `Changed files (${report.changedFiles.length})`,
      renderFileList(report.changedFiles),
    ),
    ...(report.commit ? [details('Commit', renderCommit(report))] : []),
    details(`Tool calls (${report.toolCalls.length})`, renderToolTable(report)),
    details('Tokens, cost and time', renderFigures(report)),
    ...(report.notes.length > 0
      ? [
          details(
            `Notes (${report.notes.length})`,
            report.notes.map((note) => `- ${note}`).join('\n'),
          ),
        ]
      : []),
  ]
  return fitSummary(`${parts.join('\n\n')}\n`)
}

/**
 * PR, branch, commit and diffstat on one line, then why nothing was pushed
 * and which files were left out, when that is the case.
 */
function renderLinks(report: RunReport): string[] {
  const commit = report.commit
  if (!commit) return []
  const links = commit.sha
    ? [
        commit.pullRequestUrl
          ? `**Pull request:** ${commit.pullRequestUrl}`
          : '',
        `**Branch:** \`${escapeCode(commit.branch ?? '')}\``,
        `**Commit:** \`${escapeCode(commit.sha.slice(0, 12))}\``,
        commit.diffstat ? escapeCell(commit.diffstat) : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : ''
  const leftOut =
    commit.leftOut.length > 0
      ? `Not committed (protected paths): ${commit.leftOut.map((file) => `\`${escapeCode(file)}\``).join(', ')}`
      : ''
  return [
    links,
    commit.skippedReason ? toPlainText(commit.skippedReason) : '',
    leftOut,
  ].filter(Boolean)
}

/** Who asked, how long, how many turns and tokens: one line. */
function renderByline(report: RunReport): string {
  const { usage } = report
  return [
    report.requester ? `Asked by ${toPlainText(`@${report.requester}`)}` : '',
    formatDuration(report.durationMs),
    `${report.turns} ${report.turns === 1 ? 'turn' : 'turns'}`,
    `${formatCount(usage.inputTokens)} tokens in, ${formatCount(usage.outputTokens)} out`,
  ]
    .filter(Boolean)
    .join(' · ')
}

function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US').format(value)
}

/** A collapsed section; the blank lines let GitHub render the markdown inside. */
function details(title: string, body: string): string {
  return `<details><summary>${title}</summary>\n\n${body}\n\n</details>`
}

function renderFigures(report: RunReport): string {
  const { usage } = report
  const model = report.provider
    ? `${report.provider} ${report.model ?? ''}`.trim()
    : '—'
  const table = [
    '| Status | Turns | Input tokens | Cached | Output tokens | Duration | Model |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    `| \`${report.status}\` | ${report.turns} | ${usage.inputTokens} | ${usage.cachedInputTokens} | ${usage.outputTokens}${usage.reasoningTokens ? ` (${usage.reasoningTokens} reasoning)` : ''} | ${formatDuration(report.durationMs)} | ${escapeCell(model)} |`,
  ].join('\n')
  return `${table}\n\n${renderCostSection(report)}`
}

function renderToolTable(report: RunReport): string {
  if (report.toolCalls.length === 0) return '_No tool calls._'
  const rows = report.toolCalls
    .slice(0, MAX_TOOL_ROWS)
    .map(
      (call, index) =>
        `| ${index + 1} | ${call.turn} | \`${escapeCell(call.tool)}\` | ${call.ok ? 'ok' : 'error'} | ${renderRanOn(call)} | ${formatDuration(call.durationMs)} | ${call.bytes} |`,
    )
  const more = report.toolCalls.length - rows.length
  return [
    '| # | Turn | Tool | Status | Ran on | Duration | Output bytes |',
    '| ---: | ---: | --- | --- | --- | ---: | ---: |',
    ...rows,
    ...(more > 0 ? [`\n_…and ${more} more calls (see the log)._`] : []),
  ].join('\n')
}

/** `npm test` (exit 1): what the call ran on and how a command ended. */
function renderRanOn(call: RunReport['toolCalls'][number]): string {
  const shown = call.detail ? `\`${escapeCell(escapeCode(call.detail))}\`` : ''
  const exit = call.exitCode === undefined ? '' : ` (exit ${call.exitCode})`
  return `${shown}${exit}`
}

function renderFileList(files: string[]): string {
  if (files.length === 0) return '_No files changed._'
  const shown = files
    .slice(0, MAX_FILES)
    .map((file) => `- \`${escapeCode(file)}\``)
  const more = files.length - shown.length
  return [...shown, ...(more > 0 ? [`- _…and ${more} more._`] : [])].join('\n')
}

function renderCommit(report: RunReport): string {
  const commit = report.commit
  if (!commit) return ''
  const lines: string[] = []
  if (commit.sha && commit.branch)
    lines.push(
      `- Commit \`${commit.sha}\` on branch \`${escapeCode(commit.branch)}\``,
    )
  if (commit.sha && commit.pushError)
    lines.push(
      `- Committed \`${commit.sha}\` in the workspace but not pushed: ${toPlainText(commit.pushError)} The patch is below and in the run's artifact.`,
    )
  if (commit.pullRequestUrl)
    lines.push(`- Pull request: ${commit.pullRequestUrl}`)
  if (commit.fallbackReason)
    lines.push(`- ${toPlainText(commit.fallbackReason)}`)
  if (commit.pullRequestError) {
    lines.push(
      `- The pull request could not be opened: ${toPlainText(commit.pullRequestError)}${commit.compareUrl ? ` Open it by hand: ${commit.compareUrl}` : ''}`,
    )
  }
  if (commit.skippedReason) lines.push(`- ${toPlainText(commit.skippedReason)}`)
  if (commit.leftOut.length > 0) {
    lines.push(
      `- Not committed (protected paths): ${commit.leftOut.map((file) => `\`${escapeCode(file)}\``).join(', ')}`,
    )
  }
  if (commit.patch) lines.push('', renderPatch(commit.patch))
  return lines.join('\n')
}

/** The unpushed commit, capped: the artifact has all of it. */
function renderPatch(patch: string): string {
  const shown =
    patch.length > MAX_PATCH_CHARS ? patch.slice(0, MAX_PATCH_CHARS) : patch
  const note =
    shown.length < patch.length
      ? `\n_[patch cut: ${patch.length - shown.length} more characters; the whole patch is in the run's artifact]_`
      : ''
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(shown) + 1))
  return `<details><summary>The commit as a patch (apply with <code>git am</code>)</summary>\n\n${fence}diff\n${shown}\n${fence}\n${note}\n</details>`
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
}

function section(title: string, body: string): string {
  return `### ${title}\n\n${body}`
}

/** Untrusted text as a block quote, so it cannot pass for the summary's own headings. */
function quote(text: string): string {
  return quoteModelText(text)
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}\n\n_[cut: ${text.length - max} more characters]_`
}

function fitSummary(markdown: string): string {
  const bytes = Buffer.from(markdown, 'utf8')
  if (bytes.length <= MAX_SUMMARY_BYTES) return markdown
  const note = '\n\n_[summary cut to stay under GitHub’s 1 MiB limit]_\n'
  const room = MAX_SUMMARY_BYTES - Buffer.byteLength(note)
  // toString on a cut buffer drops a split trailing character as U+FFFD; trim it.
  return (
    bytes
      .subarray(0, room)
      .toString('utf8')
      .replace(/\uFFFD$/, '') + note
  )
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

function escapeCode(text: string): string {
  return text.replace(/`/g, 'ˋ').replace(/\n/g, ' ')
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const minutes = Math.floor(ms / 60_000)
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`
}
