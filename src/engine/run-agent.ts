import { ProviderError, type LLMProvider } from '../providers/provider.js'
import {
  addUsage,
  toObservation,
  ZERO_USAGE,
  type EngineEvent,
  type Message,
  type Phase,
  type StopReason,
  type ToolDefinition,
  type Usage,
} from '../schema/index.js'
import { errorMessage } from '../util/error-message.js'
import type { Registry } from '../tools/registry.js'
import {
  budgetNoteMessage,
  endsWithHandover,
  estimateTokens,
  HANDOVER_MIN_MS,
  handoverPrompt,
  limitAhead,
  renderBudgetNote,
  type BudgetLimits,
} from './budget.js'
import { callModel } from './call-model.js'
import {
  CONTEXT_TRIM_SHARE,
  elideToolResults,
  estimateHistoryTokens,
  replaceWithSummary,
  SUMMARY_PROMPT,
  summaryCut,
} from './context-window.js'
import { costOf, type ModelPrice } from './pricing.js'
import { executeTools } from './execute-tools.js'
import { CONTINUE_PROMPT, cutTwiceError, RefusalError } from './model-stop.js'

/**
 * Said to the model after a thinking phase, so that the action phase is a
 * reply to a user turn (some APIs refuse a conversation ending on the
 * assistant's own message).
 */
export const ACT_ON_PLAN_PROMPT =
  'Now carry out your plan with the tools. When the task is done, reply with your final answer and no tool call.'

export interface AgentOptions {
  provider: LLMProvider
  registry: Registry
  /** The starting history: usually a system prompt and the task. */
  messages: Message[]
  workdir: string
  /** The environment tools run with (built by the caller, without secrets). */
  env: Record<string, string>
  maxTurns: number
  toolTimeoutMs: number
  /** The most tool calls running at once; default: all calls of a turn. */
  maxParallelTools?: number
  thinking?: boolean
  stream?: boolean
  /** Epoch ms: no model or tool call runs past it; the loop stops with `deadline`. */
  deadline?: number
  /** Input plus output tokens for the whole run; the loop stops with `token_limit`. */
  maxTotalTokens?: number
  /** The model's price: gives the run a cost and makes `maxCostUsd` work. */
  price?: ModelPrice
  /**
   * The price of the model that answered a call (the provider's `model`
   * then): a provider that changes model mid-run (a fallback) is priced
   * call by call. Default: `price` for every call.
   */
  priceOf?: (model: string) => ModelPrice | undefined
  /** USD for the whole run (needs `price`); the loop stops with `cost_limit`. */
  maxCostUsd?: number
  /**
   * Input tokens the model takes. Past 80% of it, older tool results are
   * elided, then the oldest part of the run summarised. Undefined: no trimming.
   */
  contextWindow?: number
  /** Each request ends with a short note of the turns, time, tokens and cost left. */
  budgetNote?: boolean
  /**
   * When a limit stops the run, one last call without tools asks the model
   * for a handover (done, left, how to continue). `until` bounds that call
   * when the deadline has passed: the caller's wrap-up time.
   * The token and cost limits then stop one call early, judged by the last.
   */
  handover?: { until?: number }
  signal?: AbortSignal
  onEvent?: (event: EngineEvent) => void
}

export interface AgentResult {
  stopReason: StopReason
  turns: number
  messages: Message[]
  usage: Usage
  /** The model's last text; its answer when the run completed, its handover when a limit stopped it. */
  finalText: string
  /** USD, when the model's price is known. */
  costUsd?: number
  /** The model's handover, when a limit stopped the run and it could write one. */
  handover?: string
  /** What was done to keep the history inside the context window, in order. */
  contextNotes: string[]
  error?: Error
}

interface RunState {
  messages: Message[]
  usage: Usage
  turns: number
  /** The newest model call's usage, to judge the next one. */
  lastCall?: Usage
  /** Bytes of tool output added since that call. */
  addedBytes: number
  /** The history was trimmed since that call: judge it by its size. */
  trimmed: boolean
  contextNotes: string[]
  /** USD of the calls so far, each at its model's price; undefined once one had no price. */
  costUsd: number | undefined
  /** The answer joined from parts, when a cut answer was continued. */
  answer?: string
}

/** The tool-calling loop: model, tools, observations, until the model answers or a limit stops it. */
export async function runAgent(options: AgentOptions): Promise<AgentResult> {
  const emit = options.onEvent ?? (() => {})
  const state: RunState = {
    messages: [],
    usage: ZERO_USAGE,
    turns: 0,
    addedBytes: 0,
    trimmed: false,
    contextNotes: [],
    costUsd: 0,
  }
  emit({
    type: 'engine-start',
    at: Date.now(),
    workdir: options.workdir,
    thinking: options.thinking ?? false,
    stream: options.stream ?? false,
    maxTurns: options.maxTurns,
    toolTimeoutMs: options.toolTimeoutMs,
  })
  for (const message of options.messages) append(state, message, emit)

  let stopReason: StopReason
  let error: Error | undefined
  try {
    stopReason = await loop(state, options, emit)
  } catch (caught) {
    error = caught instanceof Error ? caught : new Error(String(caught))
    stopReason =
      caught instanceof RefusalError
        ? 'refused'
        : (reasonForInterruption(options) ?? 'failed')
  }
  const handover =
    options.handover && endsWithHandover(stopReason)
      ? await handOver(state, options, emit, stopReason)
      : undefined
  const costUsd = state.costUsd
  const explained = stopReason === 'failed' || stopReason === 'refused'
  emit({
    type: 'engine-end',
    at: Date.now(),
    turns: state.turns,
    messageCount: state.messages.length,
    stopReason,
    usage: state.usage,
    ...(error && explained ? { error: error.message } : {}),
  })
  return {
    stopReason,
    turns: state.turns,
    messages: state.messages,
    usage: state.usage,
    finalText: state.answer ?? lastAssistantText(state.messages),
    ...(costUsd !== undefined ? { costUsd } : {}),
    ...(handover ? { handover } : {}),
    contextNotes: state.contextNotes,
    ...(explained ? { error } : {}),
  }
}

async function loop(
  state: RunState,
  options: AgentOptions,
  emit: (event: EngineEvent) => void,
): Promise<StopReason> {
  // Definitions are built once: they do not change during a run.
  const tools = options.registry.getAvailableTools()
  for (let turn = 1; turn <= options.maxTurns; turn++) {
    const limit = limitReached(state, options)
    if (limit) return limit
    state.turns = turn
    emit({
      type: 'turn-start',
      at: Date.now(),
      turn,
      messageCount: state.messages.length,
    })
    if (options.thinking) {
      await phase(state, options, emit, turn, null)
      append(state, { role: 'user', content: ACT_ON_PLAN_PROMPT }, emit)
      const afterThinking = limitReached(state, options)
      if (afterThinking) return afterThinking
    }
    const reply = await actionPhase(state, options, emit, turn, tools)
    if (!reply) continue
    const calls = reply.toolCalls ?? []
    // A server tool that ran long pauses the turn: sent back as it is, the
    // reply goes on. https://docs.anthropic.com/en/api/handling-stop-reasons
    if (calls.length === 0 && reply.stop?.raw === 'pause_turn') continue
    if (calls.length === 0) return 'completed'

    const interruption = reasonForInterruption(options)
    if (interruption) return interruption
    const results = await executeTools(calls, {
      registry: options.registry,
      workdir: options.workdir,
      env: options.env,
      signal: options.signal,
      timeoutMs: toolTimeout(options),
      deadline: options.deadline,
      maxParallel: options.maxParallelTools,
      turn,
      emit,
    })
    for (const result of results) {
      append(state, toObservation(result), emit)
      state.addedBytes += Buffer.byteLength(result.output)
    }
    emit({
      type: 'observation',
      at: Date.now(),
      turn,
      added: results.length,
      messageCount: state.messages.length,
    })
  }
  return limitReached(state, options) ?? 'max_turns'
}

/**
 * The action call of a turn, with the two model-side mishaps handled: a call
 * the API rejected as malformed (undefined: the model is told and the next
 * turn retries), and a text answer cut by the output limit (continued once,
 * the parts joined; cut again, the run fails).
 */
async function actionPhase(
  state: RunState,
  options: AgentOptions,
  emit: (event: EngineEvent) => void,
  turn: number,
  tools: ToolDefinition[],
): Promise<Message | undefined> {
  let reply: Message
  try {
    reply = await phase(state, options, emit, turn, tools)
  } catch (error) {
    if (!(error instanceof ProviderError) || !error.malformedToolCall) {
      throw error
    }
    emit({ type: 'notice', at: Date.now(), turn, text: error.message })
    append(state, { role: 'user', content: error.malformedToolCall }, emit)
    return undefined
  }
  state.answer = undefined
  if (reply.stop?.reason !== 'length' || reply.toolCalls?.length) return reply
  emit({
    type: 'notice',
    at: Date.now(),
    turn,
    text: `The answer was cut off by the output token limit (stop reason '${reply.stop.raw}'); asking the model to continue.`,
  })
  append(state, { role: 'user', content: CONTINUE_PROMPT }, emit)
  const rest = await phase(state, options, emit, turn, tools)
  if (rest.stop?.reason === 'length' && !rest.toolCalls?.length) {
    throw cutTwiceError(rest.stop.raw)
  }
  if (!rest.toolCalls?.length) state.answer = reply.content + rest.content
  return rest
}

/**
 * One model call of a turn; its reply joins the history. `tools === null` is
 * the thinking phase.
 */
async function phase(
  state: RunState,
  options: AgentOptions,
  emit: (event: EngineEvent) => void,
  turn: number,
  tools: ToolDefinition[] | null,
): Promise<Message> {
  const which: Phase = tools === null ? 'thinking' : 'action'
  await fitContext(state, options, emit, turn)
  const started = Date.now()
  emit({ type: 'phase-start', at: started, turn, phase: which })
  const { message, usage } = await callModel(
    requestMessages(state, options),
    tools,
    {
      provider: options.provider,
      stream: options.stream ?? false,
      turn,
      phase: which,
      signal: modelSignal(options),
      deadline: options.deadline,
      emit,
    },
  )
  const costUsd = spend(state, options, usage)
  state.lastCall = usage
  state.addedBytes = 0
  state.trimmed = false
  emit({
    type: 'model-reply',
    at: Date.now(),
    turn,
    phase: which,
    message,
    usage,
    ...(costUsd !== undefined ? { costUsd } : {}),
    durationMs: Date.now() - started,
  })
  // A thinking reply is text only: tools were not offered.
  const kept =
    which === 'thinking'
      ? { role: message.role, content: message.content }
      : message
  append(state, kept, emit)
  if (message.stop?.reason === 'refusal') throw new RefusalError(message.stop)
  return message
}

function append(
  state: RunState,
  message: Message,
  emit: (event: EngineEvent) => void,
): void {
  state.messages.push(message)
  emit({ type: 'message', at: Date.now(), message })
}

/**
 * Keeps the next request under CONTEXT_TRIM_SHARE of the window: older tool
 * results become stubs first; if that is not enough, the model summarises
 * the oldest part of the run. The trimmed history replaces the old one, so
 * the next requests share its prefix (and its cache) again.
 */
async function fitContext(
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

function note(
  state: RunState,
  emit: (event: EngineEvent) => void,
  turn: number,
  text: string,
): void {
  state.contextNotes.push(text)
  emit({ type: 'notice', at: Date.now(), turn, text })
}

function formatBytes(bytes: number): string {
  return bytes < 10_240
    ? `${bytes.toLocaleString('en-US')} bytes`
    : `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`
}

/** The history as sent: with the budget note after the newest message. */
function requestMessages(state: RunState, options: AgentOptions): Message[] {
  if (!options.budgetNote) return state.messages
  const note = renderBudgetNote(limitsOf(state, options), state, Date.now())
  return [...state.messages, budgetNoteMessage(note)]
}

/** The price of the model answering now: the next call's. */
function currentPrice(options: AgentOptions): ModelPrice | undefined {
  return options.priceOf
    ? options.priceOf(options.provider.model)
    : options.price
}

/**
 * Adds one call's tokens and cost to the run; the cost is undefined (and
 * the run's from then on) when the model that answered has no price.
 */
function spend(
  state: RunState,
  options: AgentOptions,
  usage: Usage,
): number | undefined {
  state.usage = addUsage(state.usage, usage)
  const price = currentPrice(options)
  const cost = price ? costOf(usage, price) : undefined
  state.costUsd =
    cost === undefined || state.costUsd === undefined
      ? undefined
      : state.costUsd + cost
  return cost
}

function limitsOf(state: RunState, options: AgentOptions): BudgetLimits {
  return {
    maxTurns: options.maxTurns,
    maxTotalTokens: options.maxTotalTokens,
    maxCostUsd: options.maxCostUsd,
    // An unknown cost so far stays unknown: no limit judged on part of it.
    price: state.costUsd === undefined ? undefined : currentPrice(options),
    deadline: options.deadline,
  }
}

/**
 * A stop decided before the next model call: time, tokens, cost or an
 * abort. With a handover to make, a limit the next call would cross counts.
 */
function limitReached(
  state: RunState,
  options: AgentOptions,
): StopReason | undefined {
  const interruption = reasonForInterruption(options)
  if (interruption) return interruption
  const spent = options.handover ? state : { ...state, lastCall: undefined }
  return limitAhead(limitsOf(state, options), spent)
}

/**
 * The run's last call: no tools, a handover asked for. Its failure is logged
 * and the run keeps its status; the handover is a courtesy, not the work.
 */
async function handOver(
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

function reasonForInterruption(options: AgentOptions): StopReason | undefined {
  if (options.signal?.aborted) return 'aborted'
  if (options.deadline !== undefined && Date.now() >= options.deadline) {
    return 'deadline'
  }
  return undefined
}

/** The run's signal, plus the deadline when there is one. */
function modelSignal(options: AgentOptions): AbortSignal {
  const signals: AbortSignal[] = []
  if (options.signal) signals.push(options.signal)
  if (options.deadline !== undefined) {
    signals.push(
      AbortSignal.timeout(Math.max(0, options.deadline - Date.now())),
    )
  }
  return AbortSignal.any(signals)
}

/** A tool call never runs past the deadline. */
function toolTimeout(options: AgentOptions): number {
  if (options.deadline === undefined) return options.toolTimeoutMs
  return Math.max(
    1,
    Math.min(options.toolTimeoutMs, options.deadline - Date.now()),
  )
}

function lastAssistantText(messages: Message[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]
    if (message.role === 'assistant' && message.content.trim() !== '') {
      return message.content
    }
  }
  return ''
}
