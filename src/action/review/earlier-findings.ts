import * as core from '@actions/core'
import { errorMessage } from '../../util/error-message.js'
import type { DiffIndex } from './diff-index.js'
import { FINDING_MARKER } from './place-findings.js'
import type { ReviewApi } from './review-api.js'
import type { ReviewThread } from './thread-api.js'
import type { OpenFinding } from './review-prompt.js'

/** An open finding of an earlier review, with its thread. */
export interface EarlierFinding extends OpenFinding {
  thread: ReviewThread
}

/** The action's own unresolved threads, numbered for the model. */
export function selectOpenFindings(
  threads: readonly ReviewThread[],
): EarlierFinding[] {
  return threads
    .filter(
      (thread) => !thread.isResolved && thread.body.includes(FINDING_MARKER),
    )
    .map((thread, index) => ({
      number: index + 1,
      path: thread.path,
      line: thread.originalLine,
      body: thread.body,
      thread,
    }))
}

export interface ResolutionCollector {
  resolved: EarlierFinding[]
  /** The resolve_finding tool's callback: accepts, or throws why not. */
  record(number: number, reason: string): string
}

/**
 * Accepts a "fixed" only for a thread whose lines the new commits changed:
 * GitHub marked it outdated, or the diff since the last review removed or
 * rewrote one of its lines (`sinceIndex`, whose old side is that review's head).
 */
export function createResolutionCollector(
  open: readonly EarlierFinding[],
  sinceIndex: DiffIndex | undefined,
): ResolutionCollector {
  const resolved: EarlierFinding[] = []
  const record = (number: number, reason: string): string => {
    const finding = open.find((item) => item.number === number)
    if (!finding) {
      throw new Error(
        `There is no open earlier finding ${number}; the numbers are ${open.map((item) => item.number).join(', ') || 'none'}.`,
      )
    }
    if (resolved.includes(finding))
      return `Finding ${number} is already marked fixed.`
    if (!linesChanged(finding, sinceIndex)) {
      throw new Error(
        `The new commits did not change the lines of finding ${number} (${finding.path}:${finding.line ?? '?'}), so it stays open.`,
      )
    }
    resolved.push(finding)
    return `Finding ${number} will be answered "Fixed" and resolved${reason ? ` (${reason})` : ''}.`
  }
  return { resolved, record }
}

function linesChanged(
  finding: EarlierFinding,
  sinceIndex: DiffIndex | undefined,
): boolean {
  if (finding.thread.isOutdated) return true
  const file = sinceIndex?.get(finding.path)
  const last = finding.thread.originalLine
  if (!file || last === undefined) return false
  const first = finding.thread.originalStartLine ?? last
  for (let line = first; line <= last; line++) {
    if (file.left.get(line)?.changed) return true
  }
  return false
}

/**
 * Replies "Fixed in <sha>" to each fixed finding and resolves its thread;
 * returns how many were resolved. A failure is a warning: the review itself
 * is already posted.
 */
export async function resolveFixedThreads(
  api: ReviewApi,
  number: number,
  fixed: readonly EarlierFinding[],
  headSha: string,
): Promise<number> {
  let count = 0
  for (const finding of fixed) {
    try {
      await api.replyToComment(
        number,
        finding.thread.commentId,
        `Fixed in ${headSha}.`,
      )
      await api.resolveThread(finding.thread.id)
      count++
    } catch (error) {
      core.warning(
        `Could not resolve the thread of ${finding.path}:${finding.line ?? '?'}: ${errorMessage(error)}`,
      )
    }
  }
  return count
}
