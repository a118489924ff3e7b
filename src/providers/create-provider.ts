import type { LLMProvider } from './provider.js'
import type { ReasoningLevel } from './reasoning-level.js'
import type { RetryEvent } from './retry.js'

export type ProviderName = 'openai' | 'anthropic'

export const DEFAULT_OPENAI_MODEL = 'gpt-4.1'
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-6'

export interface CreateProviderOptions {
  provider: ProviderName
  /** Defaults to the provider's default model. */
  model?: string
  /** Overrides the key variable read from `env`. */
  apiKey?: string
  /** Overrides the base URL variable read from `env`. */
  baseURL?: string
  maxTokens?: number
  /** Extended thinking / `reasoning_effort`; `off` (default) sends none. */
  reasoning?: ReasoningLevel
  maxRetries?: number
  retryBaseDelayMs?: number
  /** An attempt that receives nothing this long is retried. */
  idleTimeoutMs?: number
  /** Told before each retry's wait. */
  onRetry?: (event: RetryEvent) => void
  /** The environment (or a dict): the only place keys and URLs are read. */
  env: Readonly<Record<string, string | undefined>>
}

/**
 * The provider for `options.provider`. Each SDK-backed module is loaded with
 * a dynamic `import()`, so the bundle (one ncc chunk per import) starts
 * without parsing the SDK it does not use.
 */
export async function createProvider(
  options: CreateProviderOptions,
): Promise<LLMProvider> {
  const { provider, model, maxTokens, ...shared } = options
  if (provider === 'openai') {
    const { OpenAIProvider } = await import('./openai.js')
    return new OpenAIProvider({
      ...shared,
      model: model || DEFAULT_OPENAI_MODEL,
    })
  }
  const { AnthropicProvider } = await import('./anthropic.js')
  return new AnthropicProvider({
    ...shared,
    model: model || DEFAULT_ANTHROPIC_MODEL,
    maxTokens,
  })
}

/**
 * The provider whose key is set: OpenAI when `OPENAI_API_KEY` is, else
 * Anthropic. An empty value counts as unset, as an undefined Actions secret
 * arrives as ''.
 */
export function detectProvider(
  env: Readonly<Record<string, string | undefined>>,
): ProviderName {
  if (env.OPENAI_API_KEY) return 'openai'
  if (env.ANTHROPIC_API_KEY) return 'anthropic'
  throw new Error('No API key found: set OPENAI_API_KEY or ANTHROPIC_API_KEY.')
}
