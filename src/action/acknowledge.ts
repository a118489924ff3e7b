import * as core from '@actions/core'
import type { GitHubReplies } from './github/replies.js'
import {
  renderNoTaskComment,
  renderStartedComment,
} from './github/reply-body.js'
import type { GitHubEnvironment } from './github-environment.js'
import type { ActionInputs } from './inputs.js'
import { emptyReport } from './build-report.js'
import { saveReplyState } from './post-state.js'
import type { PublishTargets } from './publish.js'
import type { RunRequest, Skip } from './resolve-request.js'
import type { RunReport } from './run-report.js'
import { errorMessage } from '../schema/index.js'

/** Eyes on the comment and a "working on it" reply that the end will update. */
export async function acknowledge(
  request: RunRequest,
  replies: (() => Promise<GitHubReplies>) | undefined,
  github: GitHubEnvironment,
  targets: PublishTargets,
): Promise<PublishTargets['reply']> {
  const comment = request.comment
  if (!comment || !replies) return undefined
  const api = await replies()
  try {
    await api.addReaction(comment.comment.id, comment.kind)
  } catch (error) {
    core.warning(`Could not react to the comment: ${errorMessage(error)}`)
  }
  const issueNumber = comment.thread.number
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

/** Logs why the run is skipped; an empty trigger gets a reply saying how to ask. */
export async function reportSkip(
  skip: Skip,
  inputs: ActionInputs,
  replies: (() => Promise<GitHubReplies>) | undefined,
): Promise<RunReport> {
  if (skip.quiet) core.info(`Skipped: ${skip.reason}`)
  else core.notice(`Skipped: ${skip.reason}`)
  if (skip.emptyTrigger && replies) {
    const api = await replies()
    await api.postStatusComment(
      skip.emptyTrigger.thread.number,
      renderNoTaskComment({ phrase: inputs.triggerPhrase }),
    )
  }
  return { ...emptyReport('', 'skipped', skip.reason, 0), task: inputs.task }
}
