import type { Thread, ThreadEvent } from '../github/event.js'
import type { ActionInputs } from '../inputs.js'

/** What a review run was asked for. */
export interface ReviewAsk {
  /** What to focus on: the words after `review` in the comment ('' if none). */
  focus: string
}

/** `pull_request` actions that start a review with `mode: review`. */
const REVIEWED_ACTIONS = [
  'opened',
  'reopened',
  'synchronize',
  'ready_for_review',
]

/**
 * A trigger comment on a pull request asks for a review when its task's
 * first word is `review` (or the workflow set `mode: review`).
 */
export function readReviewComment(
  task: string,
  thread: Thread | undefined,
  inputs: ActionInputs,
): ReviewAsk | undefined {
  if (!thread?.isPullRequest) return undefined
  const match = /^review(?:\s+([\s\S]*))?$/i.exec(task.trim())
  if (match) return { focus: (match[1] ?? '').trim() }
  return inputs.mode === 'review' ? { focus: task.trim() } : undefined
}

export type ReviewEventDecision =
  | { kind: 'review'; ask: ReviewAsk; thread: Thread }
  | { kind: 'skip'; reason: string; quiet: boolean }

/**
 * For events other than comments: `mode: review` on a pull_request event, or
 * a review requested from `reviewer-login`. Undefined when neither applies.
 * A draft is reviewed only when someone asked (a review request).
 */
export function decideReviewEvent(
  inputs: ActionInputs,
  event: ThreadEvent,
): ReviewEventDecision | undefined {
  if (event.kind !== 'pull_request') {
    if (inputs.mode !== 'review' || inputs.task) return undefined
    return {
      kind: 'skip',
      reason: `Input 'mode' is 'review', which needs a pull_request event or a '${inputs.triggerPhrase} review' comment on a pull request.`,
      quiet: false,
    }
  }
  const requested =
    event.action === 'review_requested' &&
    inputs.reviewerLogin !== '' &&
    event.requestedReviewer?.toLowerCase() ===
      inputs.reviewerLogin.toLowerCase()
  if (!requested) {
    if (inputs.mode !== 'review') return undefined
    if (!REVIEWED_ACTIONS.includes(event.action)) {
      return {
        kind: 'skip',
        reason: `Pull request action '${event.action}' does not start a review.`,
        quiet: true,
      }
    }
    if (event.thread.draft) {
      return {
        kind: 'skip',
        reason: `Pull request #${event.thread.number} is a draft: it is reviewed when it is marked ready, or on a '${inputs.triggerPhrase} review' comment.`,
        quiet: false,
      }
    }
  }
  return { kind: 'review', ask: { focus: '' }, thread: event.thread }
}
