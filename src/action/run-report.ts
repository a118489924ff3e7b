import type { EngineEvent, StopReason, Usage } from '../schema/index.js'

/** The `status` output: how the step ended. */
export type ActionStatus = Exclude<StopReason, 'aborted'> | 'skipped'

export interface ToolCallRecord {
  turn: number
  tool: string
  ok: boolean
  durationMs: number
  bytes: number
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
  durationMs: number
  toolCalls: ToolCallRecord[]
  finalAnswer: string
  changedFiles: string[]
  commit?: CommitReport
  /** Things the reader should know: sandbox mode, stripped hidden text, … */
  notes: string[]
  /** The login of the person who asked, when a person did. */
  requester?: string
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
      records.push({
        turn: event.turn,
        tool: event.call.name,
        ok: !event.result.isError,
        durationMs: event.durationMs,
        bytes: Buffer.byteLength(event.result.output),
      })
    },
  }
}
