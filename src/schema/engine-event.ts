import type { Message, ToolCall, ToolResult } from './message.js'
import type { Usage } from './usage.js'

/** Why the agent loop stopped. Reaching a limit is a result, not an exception. */
export type StopReason =
  | 'completed'
  | 'max_turns'
  | 'token_limit'
  | 'cost_limit'
  | 'deadline'
  | 'aborted'
  | 'failed'
  /** The provider declined to answer (Anthropic `stop_reason: refusal`). */
  | 'refused'

/** The two model calls of a turn: thinking (no tools offered) and action. */
export type Phase = 'thinking' | 'action'

/**
 * Everything the engine reports while it runs, in order. `at` is epoch
 * milliseconds. Log renderers, the job summary and the transcript all read
 * this one stream.
 */
export type EngineEvent =
  | {
      type: 'engine-start'
      at: number
      workdir: string
      thinking: boolean
      stream: boolean
      maxTurns: number
      toolTimeoutMs: number
    }
  | { type: 'turn-start'; at: number; turn: number; messageCount: number }
  | { type: 'phase-start'; at: number; turn: number; phase: Phase }
  | { type: 'text-delta'; at: number; turn: number; phase: Phase; text: string }
  | {
      type: 'model-reply'
      at: number
      turn: number
      phase: Phase
      message: Message
      usage: Usage
      /** USD at the price of the model that answered; absent when unknown. */
      costUsd?: number
      durationMs: number
    }
  | { type: 'tool-start'; at: number; turn: number; call: ToolCall }
  | {
      type: 'tool-end'
      at: number
      turn: number
      call: ToolCall
      result: ToolResult
      durationMs: number
    }
  | {
      type: 'observation'
      at: number
      turn: number
      added: number
      messageCount: number
    }
  | { type: 'message'; at: number; message: Message }
  | { type: 'handover-start'; at: number; turn: number; reason: StopReason }
  | { type: 'handover-failed'; at: number; turn: number; error: string }
  /** Something the engine did on its own: continue a cut answer, re-ask. */
  | { type: 'notice'; at: number; turn: number; text: string }
  | {
      type: 'engine-end'
      at: number
      turns: number
      messageCount: number
      stopReason: StopReason
      usage: Usage
      error?: string
    }
