import type { Usage } from '../schema/index.js'

/** A model's list price in USD per million tokens. */
export interface ModelPrice {
  input: number
  /** Input tokens read from the provider's prompt cache. */
  cachedInput: number
  /** Input tokens written to the cache (Anthropic; OpenAI charges plain input). */
  cacheWrite: number
  output: number
}

/** When the built-in prices were taken from the providers' pricing pages. */
export const PRICES_TAKEN_ON = '2026-12-01'

// Standard (not batch, not long-context) rates. Anthropic: 5-minute cache
// writes, the TTL the provider's cache_control uses by default. A model not
// listed here has an unknown price: never guessed from a neighbour.
const PRICE_TABLE: Readonly<Record<string, ModelPrice>> = {
  'gpt-5': price(1.25, 0.125, 1.25, 10),
  'gpt-5-mini': price(0.25, 0.025, 0.25, 2),
  'gpt-5-nano': price(0.05, 0.005, 0.05, 0.4),
  'gpt-4.1': price(2, 0.5, 2, 8),
  'gpt-4.1-mini': price(0.4, 0.1, 0.4, 1.6),
  'gpt-4.1-nano': price(0.1, 0.025, 0.1, 0.4),
  'gpt-4o': price(2.5, 1.25, 2.5, 10),
  'gpt-4o-mini': price(0.15, 0.075, 0.15, 0.6),
  o3: price(2, 0.5, 2, 8),
  'o4-mini': price(1.1, 0.275, 1.1, 4.4),
  'claude-opus-5': price(5, 0.5, 6.25, 25),
  'claude-opus-4-8': price(5, 0.5, 6.25, 25),
  'claude-opus-4-7': price(5, 0.5, 6.25, 25),
  'claude-opus-4-6': price(5, 0.5, 6.25, 25),
  'claude-opus-4-5': price(5, 0.5, 6.25, 25),
  'claude-opus-4-1': price(15, 1.5, 18.75, 75),
  'claude-opus-4-0': price(15, 1.5, 18.75, 75),
  'claude-opus-4': price(15, 1.5, 18.75, 75),
  'claude-sonnet-5': price(2, 0.2, 2.5, 10),
  'claude-sonnet-4-6': price(3, 0.3, 3.75, 15),
  'claude-sonnet-4-5': price(3, 0.3, 3.75, 15),
  'claude-sonnet-4-0': price(3, 0.3, 3.75, 15),
  'claude-sonnet-4': price(3, 0.3, 3.75, 15),
  'claude-haiku-4-5': price(1, 0.1, 1.25, 5),
  'claude-3-5-haiku': price(0.8, 0.08, 1, 4),
}

function price(
  input: number,
  cachedInput: number,
  cacheWrite: number,
  output: number,
): ModelPrice {
  return { input, cachedInput, cacheWrite, output }
}

/**
 * The built-in price of a model: its exact name, or a listed name followed
 * by a dated snapshot suffix (`claude-sonnet-4-5-20250929`,
 * `gpt-4.1-2025-04-14`). `gpt-4.1-mini` never falls back to `gpt-4.1`.
 */
export function findModelPrice(model: string): ModelPrice | undefined {
  const name = model.trim().toLowerCase()
  if (PRICE_TABLE[name]) return PRICE_TABLE[name]
  const dated = /^(.*?)-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/.exec(name)
  return dated ? PRICE_TABLE[dated[1]] : undefined
}

const PRICING_KEYS: Record<string, keyof ModelPrice> = {
  input: 'input',
  output: 'output',
  'cache-read': 'cachedInput',
  'cache-write': 'cacheWrite',
}

/**
 * Reads a `pricing` setting: `input=3,output=15,cache-read=0.3,cache-write=3.75`
 * (USD per million tokens). Keys left out come from `base`; without a base,
 * input and output are required and the cache rates default to the input rate.
 * Throws an Error whose message says what to fix.
 */
export function parsePricing(text: string, base?: ModelPrice): ModelPrice {
  const given: Partial<ModelPrice> = {}
  for (const part of text.split(/[,\n]/)) {
    const item = part.trim()
    if (item === '') continue
    const match = /^([a-z-]+)\s*=\s*(\d*\.?\d+)$/.exec(item)
    const key = match ? PRICING_KEYS[match[1]] : undefined
    if (!match || !key) {
      throw new Error(
        `'${item}' is not a price: write key=USD-per-million-tokens with a key of ${Object.keys(PRICING_KEYS).join(', ')}`,
      )
    }
    given[key] = Number(match[2])
  }
  const input = given.input ?? base?.input
  const output = given.output ?? base?.output
  if (input === undefined || output === undefined) {
    throw new Error(
      'both input= and output= are needed for a model without a built-in price',
    )
  }
  return {
    input,
    output,
    cachedInput: given.cachedInput ?? base?.cachedInput ?? input,
    cacheWrite: given.cacheWrite ?? base?.cacheWrite ?? input,
  }
}

/** What the tokens of `usage` cost at `price`, in USD. */
export function costOf(usage: Usage, price: ModelPrice): number {
  const cached = usage.cachedInputTokens
  const written = usage.cacheWriteInputTokens ?? 0
  const plain = Math.max(0, usage.inputTokens - cached - written)
  return (
    (plain * price.input +
      cached * price.cachedInput +
      written * price.cacheWrite +
      usage.outputTokens * price.output) /
    1_000_000
  )
}

/**
 * The price a run uses: the built-in one of `model`, with `pricing` text on
 * top; undefined when neither knows it. Throws when `pricing` is malformed.
 */
export function resolveModelPrice(
  model: string,
  pricing: string | undefined,
): ModelPrice | undefined {
  const builtIn = findModelPrice(model)
  return pricing ? parsePricing(pricing, builtIn) : builtIn
}
