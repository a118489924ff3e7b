import type { Message, StreamEvent, ToolDefinition } from '../schema/index.js'
import type { ProviderRow } from './create-provider.js'
import type {
  GenerateOptions,
  GenerateResult,
  LLMProvider,
  ProviderError,
} from './provider.js'
import {
  mapSdkError,
  missingKeyError,
  streamCutOffError,
  type SdkErrorClasses,
} from './provider-errors.js'
import type { ReasoningLevel } from './reasoning-level.js'
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY_BASE_DELAY_MS,
  withRetry,
  withStreamRetry,
  type RetryEvent,
  type RetryPolicy,
} from './retry.js'

/** What every adapter is built from; createProvider passes the same to each. */
export interface AdapterOptions {
  model: string
  /** Overrides the provider's key variable from `env`. */
  apiKey?: string
  /** Overrides the provider's base-URL variable from `env`. */
  baseURL?: string
  /** The reply's token limit, for the APIs that require one (Anthropic). */
  maxTokens?: number
  /** Extended thinking / `reasoning_effort`; `off` (default) sends none. */
  reasoning?: ReasoningLevel
  /** Retries after the first attempt (default 3). */
  maxRetries?: number
  /** First backoff wait in ms (default 500); tests make it small. */
  retryBaseDelayMs?: number
  /** An attempt that receives nothing this long is retried (retry.ts). */
  idleTimeoutMs?: number
  /** Told before each retry's wait. */
  onRetry?: (event: RetryEvent) => void
  /** Where the key and base URL are read; the process environment never is. */
  env?: Readonly<Record<string, string | undefined>>
}

/** The part of a provider's row its adapter reads. */
export type ProviderIdentity = Pick<
  ProviderRow,
  'name' | 'label' | 'keyVariable' | 'baseUrlVariable'
>

/**
 * What the adapters share: the key and endpoint read from the provider's
 * variables, and the retries around one attempt (backoff, idle timeout, a
 * cut stream restarted, SDK failures classified). An adapter writes only the
 * attempt: its wire conversion and its SDK call.
 */
export abstract class ApiProvider implements LLMProvider {
  readonly name: string
  readonly model: string
  protected readonly apiKey: string
  /** The endpoint; null lets the SDK use its own default. */
  protected readonly baseURL: string | null
  protected readonly reasoning: ReasoningLevel
  private readonly retry: Omit<RetryPolicy, 'signal' | 'deadline'>

  constructor(
    provider: ProviderIdentity,
    sdkErrors: SdkErrorClasses,
    options: AdapterOptions,
  ) {
    const env = options.env ?? {}
    const apiKey = options.apiKey || env[provider.keyVariable]
    if (!apiKey) throw missingKeyError(provider)
    this.name = provider.name
    this.model = options.model
    this.apiKey = apiKey
    this.baseURL = options.baseURL || env[provider.baseUrlVariable] || null
    this.reasoning = options.reasoning ?? 'off'
    this.retry = {
      provider: provider.name,
      maxAttempts: (options.maxRetries ?? DEFAULT_MAX_ATTEMPTS - 1) + 1,
      baseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS,
      idleTimeoutMs: options.idleTimeoutMs,
      onRetry: options.onRetry,
      toProviderError: (error: unknown): ProviderError =>
        mapSdkError(provider.name, error, sdkErrors),
    }
  }

  generate(
    messages: Message[],
    tools: ToolDefinition[] | null,
    options: GenerateOptions = {},
  ): Promise<GenerateResult> {
    return withRetry(
      (signal) => this.generateOnce(messages, tools, signal),
      this.retryPolicy(options),
    )
  }

  generateStream(
    messages: Message[],
    tools: ToolDefinition[] | null,
    options: GenerateOptions = {},
  ): AsyncIterable<StreamEvent> {
    return withStreamRetry(
      (signal) => this.streamOnce(messages, tools, signal),
      this.retryPolicy(options),
    )
  }

  /** One whole-reply attempt; `signal` is the caller's and the idle watch's. */
  protected abstract generateOnce(
    messages: Message[],
    tools: ToolDefinition[] | null,
    signal: AbortSignal | undefined,
  ): Promise<GenerateResult>

  /**
   * One streamed attempt. It throws a retryable error when the stream ends
   * before the API said the reply was complete, and yields tool calls only
   * then, so a retried attempt never repeats one.
   */
  protected abstract streamOnce(
    messages: Message[],
    tools: ToolDefinition[] | null,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<StreamEvent>

  /**
   * Ends a streamed attempt whose events ran out: the SDKs end the iteration
   * quietly when the request is aborted or the connection drops, so an
   * attempt is only done when the API said its reply was `complete`;
   * otherwise the stream was cut off and is retried.
   */
  protected endStream(
    signal: AbortSignal | undefined,
    complete: boolean,
  ): void {
    signal?.throwIfAborted()
    if (!complete) throw streamCutOffError(this.name)
  }

  private retryPolicy(options: GenerateOptions): RetryPolicy {
    return { ...this.retry, signal: options.signal, deadline: options.deadline }
  }
}
