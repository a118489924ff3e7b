import type { ThreadOpenedEvent } from './event.js'
import { parseTrigger } from './trigger.js'

/** What an issue or pull request event asks for, before authorisation. */
export type ThreadTrigger =
  | {
      kind: 'run'
      /** `the label 'agent'`, `the assignment to @bot`, `the /agent line`. */
      how: string
      /** The trigger's own task; undefined means the thread is the task. */
      task: string | undefined
      /** The trigger label, removed when the run ends. */
      label?: string
    }
  | { kind: 'none'; reason: string }

/**
 * Reads the triggers that are not comments: the `label-trigger` label added,
 * the `assignee-trigger` login assigned, or an issue or pull request opened
 * with the trigger phrase at the start of a line of its body (the same rules
 * as a comment's). Label and login are off when empty; logins compare
 * without case, as GitHub's do, labels exactly.
 */
export function readThreadTrigger(
  event: ThreadOpenedEvent,
  options: { phrase: string; label: string; assignee: string },
): ThreadTrigger {
  const kind = event.thread.isPullRequest ? 'pull request' : 'issue'
  if (event.action === 'labeled') {
    if (options.label && event.label === options.label) {
      return {
        kind: 'run',
        how: `the label '${options.label}'`,
        task: undefined,
        label: options.label,
      }
    }
    return none(`The label added to the ${kind} is not 'label-trigger'.`)
  }
  if (event.action === 'assigned') {
    if (
      options.assignee &&
      event.assignee?.toLowerCase() === options.assignee.toLowerCase()
    ) {
      return {
        kind: 'run',
        how: `the assignment to @${options.assignee}`,
        task: undefined,
      }
    }
    return none(`The ${kind} was not assigned to 'assignee-trigger'.`)
  }
  if (event.action === 'opened') {
    const trigger = parseTrigger(event.thread.body, options.phrase)
    if (trigger.kind === 'task') {
      return {
        kind: 'run',
        how: `the ${options.phrase} line`,
        task: trigger.task,
      }
    }
    if (trigger.kind === 'empty') {
      return { kind: 'run', how: `the ${options.phrase} line`, task: undefined }
    }
    return none(
      `The ${kind} was opened without a '${options.phrase}' line in its body.`,
    )
  }
  return none(`A '${event.action}' ${kind} event is not a trigger.`)
}

function none(reason: string): ThreadTrigger {
  return { kind: 'none', reason }
}
