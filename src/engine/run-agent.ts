import { ProviderError, type LLMProvider } from '../providers/provider.js'
import {
  toObservation,
  ZERO_USAGE,
  type EngineEvent,
  type Message,
  type Phase,
  type StopReason,
  type ToolDefinition,
  type Usage,
} from '../schema/index.js'
import type { Registry } from '../tools/registry.js'
import {
  budgetNoteMessage,
  endsWithHandover,
  limitAhead,
  renderBudgetNote,
} from './budget.js'
import { callModel } from './call-model.js'
import { executeTools } from './execute-tools.js'
import { fitContext } from './fit-context.js'
import { handOver } from './hand-over.js'
import { CONTINUE_PROMPT, cutTwiceError, RefusalError } from './model-stop.js'
import type { ModelPrice } from './pricing.js'
import {
  append,
  limitsOf,
  modelSignal,
  spend,
  type RunState,
} from './run-state.js'

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

/** The history as sent: with the budget note after the newest message. */
function requestMessages(state: RunState, options: AgentOptions): Message[] {
  if (!options.budgetNote) return state.messages
  const note = renderBudgetNote(limitsOf(state, options), state, Date.now())
  return [...state.messages, budgetNoteMessage(note)]
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

function reasonForInterruption(options: AgentOptions): StopReason | undefined {
  if (options.signal?.aborted) return 'aborted'
  if (options.deadline !== undefined && Date.now() >= options.deadline) {
    return 'deadline'
  }
  return undefined
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
