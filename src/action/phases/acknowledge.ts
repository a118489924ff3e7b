import * as core from '@actions/core'
import type { GitHubWriter } from '../github/writer.js'
import { renderStartedComment } from '../github/reply-body.js'
import type { GitHubEnvironment } from '../request/github-environment.js'
import type { ActionInputs } from '../inputs.js'
import { emptyReport } from '../report/build-report.js'
import { saveReplyState } from '../post-state.js'
import type { PublishTargets } from './publish.js'
import type { RunRequest, Skip } from '../request/resolve-request.js'
import type { RunReport } from '../report/run-report.js'
import { errorMessage } from '../../util/error-message.js'

/**
 * Eyes on the comment and a "working on it" reply that the end will update;
 * a label, assignment, opened issue or failed CI run gets the reply alone.
 */
export async function acknowledge(
  request: RunRequest,
  replies: (() => Promise<GitHubWriter>) | undefined,
  github: GitHubEnvironment,
  targets: PublishTargets,
): Promise<PublishTargets['reply']> {
  const comment = request.comment
  const issueNumber = comment?.thread.number ?? request.threadTrigger?.number
  if (issueNumber === undefined || !replies) return undefined
  const api = withMarker(await replies(), request.threadTrigger?.marker)
  if (comment) {
    try {
      await api.addReaction(comment.comment.id, comment.kind)
    } catch (error) {
      core.warning(`Could not react to the comment: ${errorMessage(error)}`)
    }
  }
  try {
    const commentId = await api.postStatusComment(
      issueNumber,
      renderStartedComment({ runUrl: github.runUrl ?? '' }),
    )
    // For the post step, should this process die before it answers.
    saveReplyState({ commentId, issueNumber, runUrl: github.runUrl })
    return { replies: api, commentId, issueNumber }
  } catch (error) {
    // The work can still be done and reported in the summary; the warning
    // says why nothing will be answered on the thread.
    const problem = `Could not reply on the thread, so the outcome will only be in the job summary: ${errorMessage(error)}`
    core.warning(problem)
    targets.replyProblems = [...(targets.replyProblems ?? []), problem]
    return undefined
  }
}

/** Keeps `marker` on the status comment through every edit. */
function withMarker(
  api: GitHubWriter,
  marker: string | undefined,
): GitHubWriter {
  if (!marker) return api
  const mark = (body: string): string =>
    body.includes(marker) ? body : `${marker}\n${body}`
  return {
    ...api,
    postStatusComment: (issueNumber, body) =>
      api.postStatusComment(issueNumber, mark(body)),
    updateStatusComment: (commentId, body) =>
      api.updateStatusComment(commentId, mark(body)),
  }
}

/** Logs why nothing runs, and answers a would-be trigger that needs it. */
export async function reportSkip(
  skip: Skip,
  inputs: ActionInputs,
  replies: (() => Promise<GitHubWriter>) | undefined,
): Promise<RunReport> {
  if (skip.quiet) core.info(`Skipped: ${skip.reason}`)
  else core.notice(`Skipped: ${skip.reason}`)
  if (skip.reply && replies) {
    const api = await replies()
    await api.postStatusComment(skip.reply.threadNumber, skip.reply.body)
  }
  return { ...emptyReport('', 'skipped', skip.reason, 0), task: inputs.task }
}

/** The trigger label comes off once the run ends, so adding it again runs again. */
export async function removeTriggerLabel(
  targets: PublishTargets,
): Promise<void> {
  const label = targets.removeLabel
  if (!label) return
  try {
    const api = await label.replies()
    await api.removeLabel(label.threadNumber, label.name)
  } catch (error) {
    core.warning(
      `Could not remove the label '${label.name}'; remove it by hand before adding it again: ${errorMessage(error)}`,
    )
  }
}
