import type { ThreadEvent } from './event.js'

/** What a comment asks for, judged by its first line. */
export type TriggerResult =
  | { kind: 'none' }
  /** The phrase alone: the action should reply that there is nothing to do. */
  | { kind: 'empty'; triggerLine: string }
  | { kind: 'task'; task: string; triggerLine: string }

/**
 * Reads a comment: its first line, after leading blank space, must start with
 * `phrase` followed by whitespace or the end of the line (`/agentx` is not
 * `/agent`). The task is the rest of that line plus every later line, trimmed.
 * The phrase is compared exactly, case and all.
 */
export function parseTrigger(
  commentBody: string,
  phrase: string,
): TriggerResult {
  const trimmedPhrase = phrase.trim()
  if (!trimmedPhrase) {
    throw new Error("Input 'trigger-phrase' must not be empty.")
  }
  const text = commentBody.replace(/\r\n?/g, '\n').trimStart()
  const newline = text.indexOf('\n')
  const firstLine = newline === -1 ? text : text.slice(0, newline)
  if (!firstLine.startsWith(trimmedPhrase)) return { kind: 'none' }
  const restOfLine = firstLine.slice(trimmedPhrase.length)
  if (restOfLine !== '' && !/^\s/.test(restOfLine)) return { kind: 'none' }
  const triggerLine = firstLine.trimEnd()
  const rest = newline === -1 ? '' : text.slice(newline + 1)
  const task = `${restOfLine.trim()}\n${rest}`.trim()
  return task
    ? { kind: 'task', task, triggerLine }
    : { kind: 'empty', triggerLine }
}

/**
 * Whether this event should start a run: a created comment with the phrase,
 * or an edited one whose trigger line differs from what it said before (so
 * fixing a typo further down does not run the agent again), or that had no
 * task before. Deleted comments and other events never do.
 */
export function isNewTrigger(event: ThreadEvent, phrase: string): boolean {
  if (
    event.kind !== 'issue_comment' &&
    event.kind !== 'pull_request_review_comment'
  ) {
    return false
  }
  const current = parseTrigger(event.comment.body, phrase)
  if (current.kind === 'none') return false
  if (event.action === 'created') return true
  if (event.action !== 'edited') return false
  // Without the old body the edit cannot be judged; running again is the
  // riskier guess.
  if (event.previousBody === undefined) return false
  const previous = parseTrigger(event.previousBody, phrase)
  // A bare phrase only got a "nothing to do" reply: adding a task now runs.
  return (
    previous.kind !== 'task' ||
    normalizeLine(previous.triggerLine) !== normalizeLine(current.triggerLine)
  )
}

/** Whitespace-only edits of the trigger line do not count as new. */
function normalizeLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ')
}
