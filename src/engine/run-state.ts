import {
  addUsage,
  type EngineEvent,
  type Message,
  type Usage,
} from '../schema/index.js'
import type { BudgetLimits } from './budget.js'
import { costOf, type ModelPrice } from './pricing.js'
import type { AgentOptions } from './run-agent.js'

// The state of one run, and the bookkeeping every step of it does: the
// history (told as events), the tokens and cost spent, the limits judged.

export interface RunState {
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

/** Adds a message to the history, and tells it. */
export function append(
  state: RunState,
  message: Message,
  emit: (event: EngineEvent) => void,
): void {
  state.messages.push(message)
  emit({ type: 'message', at: Date.now(), message })
}

/** Keeps a note on what was done to the history, and tells it. */
export function note(
  state: RunState,
  emit: (event: EngineEvent) => void,
  turn: number,
  text: string,
): void {
  state.contextNotes.push(text)
  emit({ type: 'notice', at: Date.now(), turn, text })
}

/** The price of the model answering now: the next call's. */
export function currentPrice(options: AgentOptions): ModelPrice | undefined {
  return options.priceOf
    ? options.priceOf(options.provider.model)
    : options.price
}

/**
 * Adds one call's tokens and cost to the run; the cost is undefined (and
 * the run's from then on) when the model that answered has no price.
 */
export function spend(
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

/** The run's limits as the budget note and the next call's check see them. */
export function limitsOf(state: RunState, options: AgentOptions): BudgetLimits {
  return {
    maxTurns: options.maxTurns,
    maxTotalTokens: options.maxTotalTokens,
    maxCostUsd: options.maxCostUsd,
    // An unknown cost so far stays unknown: no limit judged on part of it.
    price: state.costUsd === undefined ? undefined : currentPrice(options),
    deadline: options.deadline,
  }
}

/** The run's signal, plus the deadline when there is one. */
export function modelSignal(options: AgentOptions): AbortSignal {
  const signals: AbortSignal[] = []
  if (options.signal) signals.push(options.signal)
  if (options.deadline !== undefined) {
    signals.push(
      AbortSignal.timeout(Math.max(0, options.deadline - Date.now())),
    )
  }
  // A composite signal stays registered with its sources until collected:
  // one per turn is work (and garbage) for nothing when there is one source.
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals)
}
