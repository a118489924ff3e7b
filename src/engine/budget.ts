import type { Message, StopReason, Usage } from '../schema/index.js'
import { costOf, type ModelPrice } from './pricing.js'

/** The limits of one run; each is optional but the turns. */
export interface BudgetLimits {
  maxTurns: number
  /** Input plus output tokens. */
  maxTotalTokens?: number
  /** USD; needs `price`. */
  maxCostUsd?: number
  price?: ModelPrice
  /** Epoch ms when the loop must stop. */
  deadline?: number
}

/** What the run has used so far, and what its last model call took. */
export interface BudgetSpent {
  turns: number
  usage: Usage
  /** The newest model call's tokens: the estimate for the next one. */
  lastCall?: Usage
  /** Bytes added to the history since that call (tool results). */
  addedBytes: number
  /**
   * USD so far, each call at the price of the model that answered it;
   * left out, the usage at `price`.
   */
  costUsd?: number
}

/** A rough token count of text: about four bytes a token for code and prose. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4)
}

/** USD spent so far; undefined when the model's price is unknown. */
export function spentCost(
  spent: Pick<BudgetSpent, 'usage' | 'costUsd'>,
  price: ModelPrice | undefined,
): number | undefined {
  if (!price) return undefined
  return spent.costUsd ?? costOf(spent.usage, price)
}

/**
 * The next call's usage if it is like the last one: the same history plus
 * what was added since, and as many output tokens.
 */
function estimateNextCall(spent: BudgetSpent): Usage | undefined {
  if (!spent.lastCall) return undefined
  const input =
    spent.lastCall.inputTokens +
    spent.lastCall.outputTokens +
    estimateTokens(spent.addedBytes)
  return {
    // The previous prompt is the cached prefix of the next one.
    inputTokens: input,
    cachedInputTokens: Math.min(input, spent.lastCall.inputTokens),
    outputTokens: spent.lastCall.outputTokens,
  }
}

/**
 * The token or cost limit that the next model call would cross, judged by
 * the last call: stopping before it leaves room for a handover instead of a
 * run cut off mid-way.
 */
export function limitAhead(
  limits: BudgetLimits,
  spent: BudgetSpent,
): StopReason | undefined {
  const tokens = spent.usage.inputTokens + spent.usage.outputTokens
  if (limits.maxTotalTokens !== undefined && tokens >= limits.maxTotalTokens)
    return 'token_limit'
  const cost = spentCost(spent, limits.price)
  if (
    limits.maxCostUsd !== undefined &&
    cost !== undefined &&
    cost >= limits.maxCostUsd
  )
    return 'cost_limit'
  const next = estimateNextCall(spent)
  if (!next) return undefined
  if (
    limits.maxTotalTokens !== undefined &&
    tokens + next.inputTokens + next.outputTokens > limits.maxTotalTokens
  )
    return 'token_limit'
  if (
    limits.maxCostUsd !== undefined &&
    limits.price &&
    cost !== undefined &&
    cost + costOf(next, limits.price) > limits.maxCostUsd
  )
    return 'cost_limit'
  return undefined
}

/**
 * The short note sent after the newest message of each request (never kept
 * in the history, so the cached prefix does not change): what is left.
 */
export function renderBudgetNote(
  limits: BudgetLimits,
  spent: BudgetSpent,
  now: number,
): string {
  const parts = [`turn ${spent.turns} of ${limits.maxTurns}`]
  if (limits.deadline !== undefined)
    parts.push(`${formatMinutes(limits.deadline - now)} left`)
  if (limits.maxTotalTokens !== undefined) {
    const left =
      limits.maxTotalTokens - spent.usage.inputTokens - spent.usage.outputTokens
    parts.push(`${Math.max(0, left).toLocaleString('en-US')} tokens left`)
  }
  const cost = spentCost(spent, limits.price)
  if (limits.maxCostUsd !== undefined && cost !== undefined)
    parts.push(`$${Math.max(0, limits.maxCostUsd - cost).toFixed(2)} left`)
  return `[budget: ${parts.join(', ')}. Finish within it; if you cannot, leave the work in a state someone can continue.]`
}

function formatMinutes(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 120) return `${seconds} s`
  return `${Math.floor(seconds / 60)} min`
}

/** The note as the transient message the engine appends to one request. */
export function budgetNoteMessage(text: string): Message {
  return { role: 'user', content: text, transient: true }
}

const LIMIT_WORDS: Partial<Record<StopReason, string>> = {
  max_turns: 'the turn limit',
  token_limit: 'the token budget',
  cost_limit: 'the cost budget',
  deadline: 'the time budget',
}

/** True for the stops that end with a handover call. */
/**
 * Less time than this left for the handover, and none is asked for: a
 * model rarely answers sooner, and a cut-off handover says less than none.
 */
export const HANDOVER_MIN_MS = 5_000

export function endsWithHandover(reason: StopReason): boolean {
  return reason in LIMIT_WORDS
}

/** The last request of a run a limit stopped: no tools, a handover asked for. */
export function handoverPrompt(reason: StopReason): string {
  return (
    `The run has reached ${LIMIT_WORDS[reason] ?? 'a limit'} and stops now: no more tool calls. ` +
    'Write a handover for the person who will continue: what you did (files changed, commands run and their results), ' +
    'what is left to do, and exactly how to continue. Be brief and concrete.'
  )
}
