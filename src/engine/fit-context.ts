import type { EngineEvent } from '../schema/index.js'
import { estimateTokens } from './budget.js'
import { callModel } from './call-model.js'
import {
  CONTEXT_TRIM_SHARE,
  elideToolResults,
  estimateHistoryTokens,
  replaceWithSummary,
  SUMMARY_PROMPT,
  summaryCut,
} from './context-window.js'
import type { AgentOptions } from './run-agent.js'
import { modelSignal, note, spend, type RunState } from './run-state.js'

/**
 * Keeps the next request under CONTEXT_TRIM_SHARE of the window: older tool
 * results become stubs first; if that is not enough, the model summarises
 * the oldest part of the run. The trimmed history replaces the old one, so
 * the next requests share its prefix (and its cache) again.
 */
export async function fitContext(
  state: RunState,
  options: AgentOptions,
  emit: (event: EngineEvent) => void,
  turn: number,
): Promise<void> {
  if (options.contextWindow === undefined) return
  const limit = Math.floor(options.contextWindow * CONTEXT_TRIM_SHARE)
  if (nextRequestTokens(state) <= limit) return
  // Trim well below the limit, so that it is not needed again next turn.
  const target = Math.floor(limit * 0.7)
  const elision = elideToolResults(state.messages, target)
  if (elision.elided > 0) {
    state.messages = elision.messages
    state.trimmed = true
    note(
      state,
      emit,
      turn,
      `Context: ${elision.elided} older tool results elided (${formatBytes(elision.bytesSaved)}) to stay under ${percent(CONTEXT_TRIM_SHARE)} of the ${options.contextWindow.toLocaleString('en-US')}-token window.`,
    )
  }
  if (estimateHistoryTokens(state.messages) <= limit) return
  const cut = summaryCut(state.messages, SUMMARY_KEEP_MESSAGES)
  if (cut === undefined) return
  const { message, usage } = await callModel(
    [
      ...state.messages.slice(0, cut),
      { role: 'user', content: SUMMARY_PROMPT },
    ],
    null,
    {
      provider: options.provider,
      stream: false,
      turn,
      phase: 'thinking',
      signal: modelSignal(options),
      deadline: options.deadline,
      emit,
    },
  )
  spend(state, options, usage)
  const before = state.messages.length
  state.messages = replaceWithSummary(state.messages, cut, message.content)
  state.trimmed = true
  note(
    state,
    emit,
    turn,
    `Context: the oldest ${before - state.messages.length + 1} messages replaced by a summary the model wrote (${formatBytes(Buffer.byteLength(message.content))}).`,
  )
}

/** The newest messages a summary never replaces. */
const SUMMARY_KEEP_MESSAGES = 12

/**
 * The size of the next request: the last call's plus what was added since,
 * while the history only grew; never less than the history's own size (some
 * servers report no usage).
 */
function nextRequestTokens(state: RunState): number {
  const bySize = estimateHistoryTokens(state.messages)
  if (state.lastCall === undefined || state.trimmed) return bySize
  const byLastCall =
    state.lastCall.inputTokens +
    state.lastCall.outputTokens +
    estimateTokens(state.addedBytes)
  return Math.max(bySize, byLastCall)
}

function formatBytes(bytes: number): string {
  return bytes < 10_240
    ? `${bytes.toLocaleString('en-US')} bytes`
    : `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`
}
