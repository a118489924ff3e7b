import { cacheHitRate, formatCostOutput } from '../report/cost-summary.js'
import * as core from '@actions/core'
import type { GitHubWriter } from '../github/writer.js'
import { renderFinishedComment } from '../github/reply-body.js'
import type { RunReport } from '../report/run-report.js'
import { containsSecret } from '../guard/secret-guard.js'
import { renderSummary } from '../report/summary.js'
import { errorMessage } from '../../util/error-message.js'

export interface PublishTargets {
  secrets: string[]
  transcriptPath: string | undefined
  runUrl: string | undefined
  /** `https://github.com/owner/repo`, for branch and commit links. */
  repositoryUrl?: string
  /** The status comment to update, when a comment triggered the run. */
  reply?: { replies: GitHubWriter; commentId: number; issueNumber: number }
  /** What went wrong with the reply itself, said in the summary too. */
  replyProblems?: string[]
  /** The trigger label to take off when the run ends. */
  removeLabel?: {
    replies: () => Promise<GitHubWriter>
    threadNumber: number
    name: string
  }
}

/**
 * Writes the outputs, the job summary and the final reply. Each is scanned
 * for secrets first; one that carries a secret is replaced by a notice and
 * named in the returned list, and the caller fails the step.
 */
export async function publish(
  report: RunReport,
  targets: PublishTargets,
): Promise<string[]> {
  const blocked: string[] = []
  const safe = (what: string, text: string): boolean => {
    if (!containsSecret(text, targets.secrets)) return true
    blocked.push(what)
    return false
  }
  for (const [name, value] of Object.entries(
    outputsOf(report, targets.transcriptPath),
  )) {
    core.setOutput(name, safe(`output '${name}'`, value) ? value : '')
  }
  const summarize = async (): Promise<void> => {
    const problems = targets.replyProblems ?? []
    const summary = renderSummary({
      ...report,
      notes: [...report.notes, ...problems],
    })
    await writeSummary(
      safe('job summary', summary)
        ? summary
        : '## harness9: ❌ Summary blocked\n\nIt contained a secret (the API key or the GitHub token), so it was not written.\n',
    )
  }
  // The summary first: it is the one place that cannot fail on the network.
  await summarize()
  if (targets.reply && !(await updateReply(report, targets, safe))) {
    await summarize() // now with the reply's failure in it
  }
  if (blocked.length > 0) core.setOutput('status', 'failed')
  return blocked
}

function outputsOf(
  report: RunReport,
  transcriptPath: string | undefined,
): Record<string, string> {
  return {
    status: report.status,
    result: report.finalAnswer,
    turns: String(report.turns),
    'input-tokens': String(report.usage.inputTokens),
    'output-tokens': String(report.usage.outputTokens),
    'cached-input-tokens': String(report.usage.cachedInputTokens),
    'cost-usd': formatCostOutput(report.costUsd),
    'cache-hit-rate': cacheHitRate(report.usage).toFixed(4),
    'changed-files': JSON.stringify(report.changedFiles),
    'commit-sha': report.commit?.sha ?? '',
    branch: report.commit?.branch ?? '',
    'pull-request-url': report.commit?.pullRequestUrl ?? '',
    transcript: transcriptPath ?? '',
    ...reviewOutputs(report),
  }
}

/** review-url, findings and verdict: set in review mode only. */
function reviewOutputs(report: RunReport): Record<string, string> {
  if (!report.review) return {}
  return {
    'review-url': report.review.url,
    findings: JSON.stringify(report.review.findings),
    verdict: report.review.verdict,
  }
}

async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return // not on a runner: nowhere to write
  await core.summary.addRaw(markdown).write({ overwrite: true })
}

/** Updates the status comment, else posts a new one; false when both failed. */
async function updateReply(
  report: RunReport,
  targets: PublishTargets,
  safe: (what: string, text: string) => boolean,
): Promise<boolean> {
  const reply = targets.reply
  if (!reply) return true
  const body = renderFinishedComment({
    status: report.status,
    reason: report.reason,
    turns: report.turns,
    tokens: {
      input: report.usage.inputTokens,
      output: report.usage.outputTokens,
    },
    changedFiles: report.changedFiles,
    branch: report.commit?.branch,
    pullRequestUrl: report.commit?.pullRequestUrl,
    leftOut: report.commit?.leftOut,
    commitSkippedReason: report.commit?.skippedReason,
    answer: report.finalAnswer,
    runUrl: targets.runUrl,
    requester: report.requester,
    durationMs: report.durationMs,
    commitSha: report.commit?.sha,
    repositoryUrl: targets.repositoryUrl,
    diffstat: report.commit?.diffstat,
  })
  const text = safe('reply comment', body)
    ? body
    : `### ❌ Reply blocked\n\nThe reply contained a secret, so it was not posted.${targets.runUrl ? ` [View the run](${targets.runUrl})` : ''}\n`
  try {
    await reply.replies.updateStatusComment(reply.commentId, text)
    return true
  } catch (error) {
    core.warning(
      `Could not update the status comment, posting the result as a new comment: ${errorMessage(error)}`,
    )
  }
  try {
    await reply.replies.postStatusComment(reply.issueNumber, text)
    return true
  } catch (error) {
    // The run's result is already in the summary and the outputs; a reply
    // that cannot be written is reported, not allowed to hide them.
    const problem = `Could not post the result on the thread: ${errorMessage(error)}`
    core.warning(problem)
    targets.replyProblems = [...(targets.replyProblems ?? []), problem]
    return false
  }
}
