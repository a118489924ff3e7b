/**
 * Tokens of one model call, or summed over a run. `inputTokens` counts every
 * input token, cached or not; `cachedInputTokens` is the part read from a cache.
 */
export interface Usage {
  inputTokens: number
  outputTokens: number
  cachedInputTokens: number
  /** The part written to a cache (Anthropic bills it above plain input). */
  cacheWriteInputTokens?: number
  /** The part of `outputTokens` spent on reasoning (0 when not reported). */
  reasoningTokens?: number
}

export const ZERO_USAGE: Usage = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
})

export function addUsage(a: Usage, b: Usage): Usage {
  const written =
    (a.cacheWriteInputTokens ?? 0) + (b.cacheWriteInputTokens ?? 0)
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    ...(written > 0 ? { cacheWriteInputTokens: written } : {}),
    ...(a.reasoningTokens || b.reasoningTokens
      ? { reasoningTokens: (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0) }
      : {}),
  }
}
