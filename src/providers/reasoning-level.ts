/**
 * How much the model may reason before it answers: the `reasoning` input.
 * `off` sends nothing; the levels map to Anthropic's extended-thinking budget
 * and to OpenAI's `reasoning_effort`.
 */
export type ReasoningLevel = 'off' | 'low' | 'medium' | 'high'

export const REASONING_LEVELS: readonly ReasoningLevel[] = [
  'off',
  'low',
  'medium',
  'high',
]

// Thinking budgets in tokens; the API's minimum is 1024.
// https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking
const ANTHROPIC_THINKING_BUDGET: Record<
  Exclude<ReasoningLevel, 'off'>,
  number
> = { low: 2048, medium: 8192, high: 24_576 }

export interface AnthropicThinking {
  thinking: { type: 'enabled'; budget_tokens: number }
  /** `max_tokens` must exceed the budget: the answer keeps its own room. */
  maxTokens: number
}

/**
 * The `thinking` field for a level, and the `max_tokens` it needs, or
 * undefined when off. No temperature is ever sent, which thinking requires.
 */
export function anthropicThinking(
  level: ReasoningLevel,
  maxTokens: number,
): AnthropicThinking | undefined {
  if (level === 'off') return undefined
  const budget = ANTHROPIC_THINKING_BUDGET[level]
  return {
    thinking: { type: 'enabled', budget_tokens: budget },
    maxTokens: budget + maxTokens,
  }
}

export function isReasoningLevel(value: string): value is ReasoningLevel {
  return (REASONING_LEVELS as readonly string[]).includes(value)
}
