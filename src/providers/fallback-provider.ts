import type { Message, StreamEvent, ToolDefinition } from '../schema/index.js'
import {
  ProviderError,
  type GenerateOptions,
  type GenerateResult,
  type LLMProvider,
} from './provider.js'

/** Told once, when the run moves to the fallback: why, from which model to which. */
export interface FallbackSwitch {
  from: string
  to: string
  reason: string
}

/**
 * The primary provider until its retries are exhausted on a rate limit,
 * an overload, a server error or a spent quota; then the fallback for the
 * rest of the run. It switches once, never after part of a streamed reply
 * was passed on (the engine would see two replies mixed), never on an abort.
 */
export class FallbackProvider implements LLMProvider {
  private active: LLMProvider

  constructor(
    private readonly primary: LLMProvider,
    private readonly fallback: LLMProvider,
    private readonly onSwitch?: (event: FallbackSwitch) => void,
  ) {
    this.active = primary
  }

  get name(): string {
    return this.active.name
  }

  /** The model answering now: the fallback's once the run switched. */
  get model(): string {
    return this.active.model
  }

  get switched(): boolean {
    return this.active === this.fallback
  }

  async generate(
    messages: Message[],
    tools: ToolDefinition[] | null,
    options?: GenerateOptions,
  ): Promise<GenerateResult> {
    if (this.switched) return this.fallback.generate(messages, tools, options)
    try {
      return await this.primary.generate(messages, tools, options)
    } catch (error) {
      if (!this.shouldSwitch(error, options)) throw error
      return this.fallback.generate(messages, tools, options)
    }
  }

  async *generateStream(
    messages: Message[],
    tools: ToolDefinition[] | null,
    options?: GenerateOptions,
  ): AsyncGenerator<StreamEvent> {
    if (this.switched) {
      yield* this.fallback.generateStream(messages, tools, options)
      return
    }
    let yielded = false
    try {
      for await (const event of this.primary.generateStream(
        messages,
        tools,
        options,
      )) {
        yielded = true
        yield event
      }
      return
    } catch (error) {
      if (yielded || !this.shouldSwitch(error, options)) throw error
    }
    yield* this.fallback.generateStream(messages, tools, options)
  }

  /** Switches (and says so) when `error` is one the fallback is for. */
  private shouldSwitch(
    error: unknown,
    options: GenerateOptions | undefined,
  ): boolean {
    if (options?.signal?.aborted || !isFallbackError(error)) return false
    const from = this.primary.model
    this.active = this.fallback
    this.onSwitch?.({ from, to: this.fallback.model, reason: error.message })
    return true
  }
}

/**
 * A failure another provider may not have: rate limits (429), overload
 * (529), server errors (5xx) and spent quotas or credit. Retries of the
 * primary are over by the time it reaches here.
 */
export function isFallbackError(error: unknown): error is ProviderError {
  if (!(error instanceof ProviderError)) return false
  if (error.malformedToolCall !== undefined) return false
  const status = error.status
  if (status === 429 || status === 529) return true
  if (status !== undefined && status >= 500 && status <= 599) return true
  return /\bquota\b|insufficient_quota|credit balance|billing/i.test(
    error.message,
  )
}
