import { authorizeActor } from './github/authorize.js'
import type { GitHubClient } from './github/client.js'
import type { CommentEvent, Thread, ThreadEvent } from './github/event.js'
import {
  describeStripped,
  renderThreadContext,
  sanitizeUntrusted,
} from './github/thread-context.js'
import { isNewTrigger, parseTrigger } from './github/trigger.js'
import type { ActionInputs } from './inputs.js'
import {
  decideReviewEvent,
  readReviewComment,
  type ReviewAsk,
} from './review/review-request.js'

/** A run the action should do: the task and what the model is told around it. */
export interface RunRequest {
  kind: 'run'
  task: string
  /** The thread's title and body as marked, untrusted blocks ('' when none). */
  threadContext: string
  thread: Thread | undefined
  /** The comment that triggered the run, for the reaction and the reply. */
  comment: CommentEvent | undefined
  /** What was stripped from untrusted text, for the summary. */
  notes: string[]
  /** Set when the run is a pull request review, not a task. */
  review?: ReviewAsk
}

/** No run: `quiet` skips (an ordinary comment) leave only a debug line. */
export interface Skip {
  kind: 'skip'
  reason: string
  quiet: boolean
  /** Set when the trigger had no task: the reply says how to write one. */
  emptyTrigger?: CommentEvent
}

/**
 * Decides whether to run and on what: the `task` input, or a comment whose
 * first line starts with the trigger phrase, written by someone allowed.
 */
export async function resolveRequest(
  inputs: ActionInputs,
  event: ThreadEvent,
  client: () => Promise<GitHubClient>,
): Promise<RunRequest | Skip> {
  const comment =
    event.kind === 'issue_comment' ||
    event.kind === 'pull_request_review_comment'
      ? event
      : undefined
  const thread = 'thread' in event ? event.thread : undefined
  if (!comment) {
    const review = decideReviewEvent(inputs, event)
    if (review?.kind === 'skip') return skip(review.reason, review.quiet)
    if (review) return reviewRequest(review.ask, review.thread, undefined)
    if (inputs.task) return request(inputs.task, thread, undefined)
    return skip(
      `No task: set the input 'task', or trigger the agent with a '${inputs.triggerPhrase}' comment.`,
      false,
    )
  }
  if (!inputs.task && !isNewTrigger(comment, inputs.triggerPhrase)) {
    return skip(
      `The comment does not start with '${inputs.triggerPhrase}' (or its trigger line did not change).`,
      true,
    )
  }
  // A comment event is started by its author, so the author must be allowed
  // even when the workflow gives the task: anyone can comment.
  const authorization = await authorizeActor(await client(), {
    ...comment.repository,
    login: comment.comment.authorLogin,
    authorType: comment.comment.authorType,
    allowedBots: inputs.allowedBots,
  })
  if (!authorization.allowed) return skip(authorization.reason, false)
  if (inputs.task) return request(inputs.task, thread, comment)
  const trigger = parseTrigger(comment.comment.body, inputs.triggerPhrase)
  if (trigger.kind !== 'task') {
    return {
      ...skip(
        `The '${inputs.triggerPhrase}' comment has no task after the phrase.`,
        false,
      ),
      emptyTrigger: comment,
    }
  }
  const review = readReviewComment(trigger.task, thread, inputs)
  if (review) return reviewRequest(review, thread, comment)
  return request(trigger.task, thread, comment)
}

function reviewRequest(
  ask: ReviewAsk,
  thread: Thread | undefined,
  comment: CommentEvent | undefined,
): RunRequest {
  const focus = sanitizeUntrusted(ask.focus).text.trim()
  const task = `Review pull request #${thread?.number ?? ''}${focus ? `, focusing on: ${focus}` : ''}`
  return { ...request(task, thread, comment), review: { focus } }
}

function request(
  rawTask: string,
  thread: Thread | undefined,
  comment: CommentEvent | undefined,
): RunRequest {
  // The task comes from a trusted person, but hidden text could have been
  // pasted into it; it is cleaned, not fenced as untrusted.
  const task = sanitizeUntrusted(rawTask)
  const context = thread
    ? renderThreadContext({
        number: thread.number,
        isPullRequest: thread.isPullRequest,
        title: thread.title,
        body: thread.body,
      })
    : { text: '', stripped: [] }
  const notes = [
    ...(task.stripped.length > 0
      ? [
          `Hidden text removed from the task: ${describeStripped(task.stripped)}.`,
        ]
      : []),
    ...(context.stripped.length > 0
      ? [
          `Hidden text removed from the thread: ${describeStripped(context.stripped)}.`,
        ]
      : []),
  ]
  return {
    kind: 'run',
    task: task.text.trim(),
    threadContext: context.text,
    thread,
    comment,
    notes,
  }
}

function skip(reason: string, quiet: boolean): Skip {
  return { kind: 'skip', reason, quiet }
}
