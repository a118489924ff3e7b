import { readBashExit } from '../../log/bash-exit.js'
import { describeArgument } from '../../log/describe-call.js'
import {
  addUsage,
  ZERO_USAGE,
  type EngineEvent,
  type StopReason,
  type Usage,
} from '../../schema/index.js'

/** The `status` output: how the step ended. */
export type ActionStatus =
  Exclude<StopReason, 'aborted'> | 'skipped' | 'cancelled'

/** Each ending as the summary's and the reply's headlines name it. */
export const STATUS_HEADLINES: Readonly<Record<ActionStatus, string>> = {
  completed: '✅ Completed',
  max_turns: '⚠️ Stopped at the turn limit',
  token_limit: '⚠️ Stopped at the token limit',
  cost_limit: '⚠️ Stopped at the cost limit',
  deadline: '⏱️ Stopped: the time budget ran out',
  failed: '❌ Failed',
  refused: '🚫 Refused by the provider',
  skipped: '⏭️ Skipped',
  cancelled: '🛑 Cancelled',
}

export interface ToolCallRecord {
  turn: number
  tool: string
  ok: boolean
  durationMs: number
  bytes: number
  /** What the call ran on: a command (`npm test`) or a path (`src/a.ts`). */
  detail?: string
  /** A bash command's non-zero exit code. */
  exitCode?: number
}

/** The tokens (and cost, when the price is known) of one turn's model calls. */
export interface TurnUsageRecord {
  turn: number
  usage: Usage
  costUsd?: number
}

export interface CommitReport {
  sha?: string
  branch?: string
  pullRequestUrl?: string
  /** Changed files that were not committed (protected paths). */
  leftOut: string[]
  /** Why nothing was committed or pushed, when that is the case. */
  skippedReason?: string
  /** `git diff --shortstat` of the commit. */
  diffstat?: string
  /** Set when the work was pushed to another branch than planned, and why. */
  fallbackReason?: string
  /** The pull request was asked for but could not be opened: why. */
  pullRequestError?: string
  /** A link that opens the pull request by hand. */
  compareUrl?: string
  /** Why the commit (sha) could not be pushed anywhere. */
  pushError?: string
  /** The commit as a patch, when it could not be pushed anywhere. */
  patch?: string
}

/** One finding of a review, as the `findings` output lists it. */
export interface ReviewFindingReport {
  path: string
  line: number
  severity: string
  title: string
}

/** What a review run posted. */
export interface ReviewReport {
  /** The review's html_url; '' when none was posted. */
  url: string
  /** `no-findings`, `comments` or `changes-requested`. */
  verdict: string
  findings: ReviewFindingReport[]
}

/** Everything the summary, the reply and the outputs say about a run. */
export interface RunReport {
  task: string
  status: ActionStatus
  /** One sentence: why it stopped, failed or was skipped. */
  reason: string
  provider?: string
  model?: string
  turns: number
  usage: Usage
  /** USD; undefined when the model's price is unknown. */
  costUsd?: number
  /** Per turn, in order; empty when no model call was made. */
  turnUsage?: TurnUsageRecord[]
  durationMs: number
  toolCalls: ToolCallRecord[]
  finalAnswer: string
  changedFiles: string[]
  commit?: CommitReport
  /** Things the reader should know: sandbox mode, stripped hidden text, … */
  notes: string[]
  /** The login of the person who asked, when a person did. */
  requester?: string
  /** Model requests retried (cut streams, 5xx, idle timeouts). */
  retries?: number
  /** Set in review mode. */
  review?: ReviewReport
}

/** Collects one record per finished tool call from the engine's events. */
export function collectToolCalls(): {
  onEvent: (event: EngineEvent) => void
  records: ToolCallRecord[]
} {
  const records: ToolCallRecord[] = []
  return {
    records,
    onEvent(event) {
      if (event.type !== 'tool-end') return
      const exit = readBashExit(event.call.name, event.result.output)
      records.push({
        turn: event.turn,
        tool: event.call.name,
        // A command that exited non-zero did not do what it was run for.
        ok: !event.result.isError && exit === undefined,
        durationMs: event.durationMs,
        bytes: Buffer.byteLength(event.result.output),
        detail: describeArgument(event.call.arguments)?.text,
        ...(exit?.code === undefined ? {} : { exitCode: exit.code }),
      })
    },
  }
}

/** Sums each turn's model calls (thinking, action, handover) from the engine's events. */
export function collectTurnUsage(): {
  onEvent: (event: EngineEvent) => void
  records: TurnUsageRecord[]
} {
  const records: TurnUsageRecord[] = []
  return {
    records,
    onEvent(event) {
      if (event.type !== 'model-reply') return
      let record = records.at(-1)
      if (record?.turn !== event.turn) {
        record = { turn: event.turn, usage: ZERO_USAGE, costUsd: 0 }
        records.push(record)
      }
      record.usage = addUsage(record.usage, event.usage)
      // Each call at its own model's price; one without makes the turn unknown.
      record.costUsd =
        record.costUsd === undefined || event.costUsd === undefined
          ? undefined
          : record.costUsd + event.costUsd
    },
  }
}
