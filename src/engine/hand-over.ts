import type { EngineEvent, StopReason } from '../schema/index.js'
import { errorMessage } from '../util/error-message.js'
import { HANDOVER_MIN_MS, handoverPrompt } from './budget.js'
import { callModel } from './call-model.js'
import { fitContext } from './fit-context.js'
import type { AgentOptions } from './run-agent.js'
import { append, spend, type RunState } from './run-state.js'

/**
 * The run's last call: no tools, a handover asked for. Its failure is logged
 * and the run keeps its status; the handover is a courtesy, not the work.
 */
export async function handOver(
  state: RunState,
  options: AgentOptions,
  emit: (event: EngineEvent) => void,
  reason: StopReason,
): Promise<string | undefined> {
  const until = options.handover?.until ?? options.deadline
  if (options.signal?.aborted) return undefined
  if (until !== undefined && until - Date.now() < HANDOVER_MIN_MS) {
    return undefined
  }
  const started = Date.now()
  emit({ type: 'handover-start', at: started, turn: state.turns, reason })
  append(state, { role: 'user', content: handoverPrompt(reason) }, emit)
  try {
    await fitContext(state, options, emit, state.turns)
    const signals = [
      options.signal,
      until === undefined ? undefined : AbortSignal.timeout(until - started),
    ]
    const { message, usage } = await callModel(state.messages, null, {
      provider: options.provider,
      stream: options.stream ?? false,
      turn: state.turns,
      phase: 'thinking',
      signal: AbortSignal.any(signals.filter((signal) => signal !== undefined)),
      deadline: until,
      emit,
    })
    const costUsd = spend(state, options, usage)
    const kept = { role: message.role, content: message.content }
    emit({
      type: 'model-reply',
      at: Date.now(),
      turn: state.turns,
      phase: 'thinking',
      message: kept,
      usage,
      ...(costUsd !== undefined ? { costUsd } : {}),
      durationMs: Date.now() - started,
    })
    append(state, kept, emit)
    return kept.content.trim() === '' ? undefined : kept.content
  } catch (error) {
    emit({
      type: 'handover-failed',
      at: Date.now(),
      turn: state.turns,
      error: errorMessage(error),
    })
    return undefined
  }
}
