import type {
  Message,
  StreamEvent,
  ToolDefinition,
  Usage,
} from '../schema/index.js'

export interface GenerateOptions {
  /** Aborts the request (and any retry wait). */
  signal?: AbortSignal
  /** Epoch ms after which no retry is attempted. */
  deadline?: number
}

export interface GenerateResult {
  message: Message
  usage: Usage
}

/**
 * A model behind an API. `tools === null` sends no tools at all (the thinking
 * phase); `[]` is sent as given.
 */
export interface LLMProvider {
  readonly name: string
  readonly model: string
  generate(
    messages: Message[],
    tools: ToolDefinition[] | null,
    options?: GenerateOptions,
  ): Promise<GenerateResult>
  generateStream(
    messages: Message[],
    tools: ToolDefinition[] | null,
    options?: GenerateOptions,
  ): AsyncIterable<StreamEvent>
}

/** A failed model call, SDK details mapped to what the engine and the user need. */
export class ProviderError extends Error {
  readonly provider: string
  readonly status: number | undefined
  readonly retryable: boolean
  /**
   * Set when the API rejected a tool call the model wrote (Groq's
   * `tool_use_failed`): the model's mistake, not ours. The text is what the
   * model is told on one more turn so it can write the call again.
   */
  readonly malformedToolCall: string | undefined

  constructor(
    message: string,
    options: {
      provider: string
      status?: number
      retryable?: boolean
      cause?: unknown
      malformedToolCall?: string
    },
  ) {
    super(message, { cause: options.cause })
    this.name = 'ProviderError'
    this.provider = options.provider
    this.status = options.status
    this.retryable = options.retryable ?? false
    this.malformedToolCall = options.malformedToolCall
  }
}
