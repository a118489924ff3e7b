import type { CommitReport } from './run-report.js'

/**
 * The sentence the reason gains when the commit did not go as planned, so
 * the reply and the summary say exactly where the work is.
 */
export function describeCommitOutcome(
  commit: CommitReport | undefined,
): string | undefined {
  if (!commit?.sha) return undefined
  const sha = commit.sha.slice(0, 12)
  if (commit.pushError) {
    return `${sentence(`The work was committed (${sha}) but could not be pushed: ${commit.pushError}`)} The patch is in the job summary and the run's artifact.`
  }
  const sentences: string[] = []
  if (commit.fallbackReason) sentences.push(sentence(commit.fallbackReason))
  if (commit.pullRequestError) {
    const link = commit.compareUrl
      ? ` Open it by hand: ${commit.compareUrl}`
      : ''
    sentences.push(
      `${sentence(`The work is on branch ${commit.branch ?? ''} (commit ${sha}), but the pull request could not be opened: ${commit.pullRequestError}`)}${link}`,
    )
  }
  return sentences.length > 0 ? sentences.join(' ') : undefined
}

/** Ends `text` with one full stop. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`
}
