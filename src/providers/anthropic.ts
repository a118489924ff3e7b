import Anthropic from '@anthropic-ai/sdk'
import type { Message, StreamEvent, ToolDefinition } from '../schema/index.js'
import {
  AnthropicReplyBlocks,
  convertAnthropicStop,
  messageFromBlocks,
  type ReplyBlock,
} from './anthropic-reply-blocks.js'
import {
  convertAnthropicUsage,
  convertMessagesToAnthropic,
  convertToolsToAnthropic,
  type AnthropicUsageFields,
} from './anthropic-convert.js'
import { ApiProvider, type AdapterOptions } from './api-provider.js'
import { providerRow } from './create-provider.js'
import type { GenerateResult } from './provider.js'
import { outputLimitError, readStream } from './provider-errors.js'
import { anthropicThinking } from './reasoning-level.js'

const PROVIDER = 'anthropic'
/** `max_tokens` is required by the Messages API; this is our default. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192
// The SDK refuses a non-streamed call whose max_tokens suggests a reply over
// 10 minutes unless a timeout is given; the caller's signal bounds it anyway.
const NON_STREAMED_TIMEOUT_MS = 10 * 60_000
// Stop reasons that cut a reply at a limit, possibly inside a tool call.
const LIMIT_STOP_REASONS = new Set([
  'max_tokens',
  'model_context_window_exceeded',
])

/** The Messages API through `@anthropic-ai/sdk`; we retry, the SDK does not. */
export class AnthropicProvider extends ApiProvider {
  private readonly client: Anthropic
  private readonly maxTokens: number

  /** `maxTokens` defaults to 8192; `reasoning` is extended thinking. */
  constructor(options: AdapterOptions) {
    super(providerRow(PROVIDER), Anthropic, options)
    this.maxTokens = options.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS
    // An explicit key and base URL keep the SDK from reading the environment.
    this.client = new Anthropic({
      apiKey: this.apiKey,
      baseURL: this.baseURL,
      maxRetries: 0,
      // Failures reach the caller as ProviderErrors; the SDK's own console
      // output would bypass the log.
      logLevel: 'off',
    })
  }

  protected async generateOnce(
    messages: Message[],
    tools: ToolDefinition[] | null,
    signal: AbortSignal | undefined,
  ): Promise<GenerateResult> {
    const reply = await this.client.messages.create(
      { ...this.request(messages, tools), stream: false },
      { signal, timeout: NON_STREAMED_TIMEOUT_MS },
    )
    const stop = convertAnthropicStop(
      reply.stop_reason ?? '',
      Reflect.get(reply, 'stop_details'),
    )
    const message = messageFromBlocks(
      reply.content as unknown as ReplyBlock[],
      stop,
    )
    if (LIMIT_STOP_REASONS.has(reply.stop_reason ?? '') && message.toolCalls) {
      throw outputLimitError(PROVIDER, reply.stop_reason ?? '')
    }
    return { message, usage: convertAnthropicUsage(reply.usage) }
  }

  /**
   * One streamed attempt over the raw events. The SDK's stream helper is not
   * used: it turns a tool input cut off mid-JSON into `{}` without a word.
   * https://docs.anthropic.com/en/docs/build-with-claude/streaming
   */
  protected async *streamOnce(
    messages: Message[],
    tools: ToolDefinition[] | null,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<StreamEvent> {
    const stream = await this.client.messages.create(
      { ...this.request(messages, tools), stream: true },
      { signal },
    )
    const state: StreamState = {
      blocks: new AnthropicReplyBlocks(),
      usage: {},
      stopReason: '',
      stopDetails: undefined,
      stopped: false,
    }
    for await (const event of readStream(PROVIDER, stream)) {
      const text = readEvent(event, state)
      if (text) yield text
    }
    // Only `message_stop` proves the reply is whole.
    this.endStream(signal, state.stopped)
    const message = messageFromBlocks(
      state.blocks.blocks(),
      convertAnthropicStop(state.stopReason, state.stopDetails),
    )
    if (LIMIT_STOP_REASONS.has(state.stopReason) && message.toolCalls) {
      throw outputLimitError(PROVIDER, state.stopReason)
    }
    // Calls wait for the end, so a stream cut off and retried never yields
    // a call from the failed attempt.
    for (const toolCall of message.toolCalls ?? []) {
      yield { type: 'tool-call', toolCall }
    }
    yield {
      type: 'message-end',
      message,
      usage: convertAnthropicUsage(state.usage),
    }
  }

  private request(messages: Message[], tools: ToolDefinition[] | null) {
    const prompt = convertMessagesToAnthropic(messages, {
      toolBlocksAsText: tools === null,
    })
    const thinking = anthropicThinking(this.reasoning, this.maxTokens)
    return {
      model: this.model,
      max_tokens: thinking?.maxTokens ?? this.maxTokens,
      ...(thinking ? { thinking: thinking.thinking } : {}),
      ...(prompt.system ? { system: prompt.system } : {}),
      messages: prompt.messages,
      // `null` is the thinking phase: no `tools` field at all.
      ...(tools === null ? {} : { tools: convertToolsToAnthropic(tools) }),
    }
  }
}

interface StreamState {
  blocks: AnthropicReplyBlocks
  usage: AnthropicUsageFields
  stopReason: string
  /** `stop_details` of `message_delta` (a refusal's explanation). */
  stopDetails: unknown
  /** `message_stop` arrived: the reply is whole. */
  stopped: boolean
}

/**
 * Folds one raw stream event into the state; returns the text event to yield
 * at once, if the event carried text. Every block is rebuilt whole (see
 * AnthropicReplyBlocks); only `tool_use` blocks become our calls.
 */
function readEvent(
  event: Anthropic.RawMessageStreamEvent,
  state: StreamState,
): StreamEvent | undefined {
  switch (event.type) {
    case 'message_start':
      mergeUsage(state.usage, event.message.usage)
      return undefined
    case 'content_block_start': {
      const block = event.content_block
      state.blocks.start(event.index, block)
      return block.type === 'text' && block.text
        ? { type: 'text-delta', text: block.text }
        : undefined
    }
    case 'content_block_delta':
      state.blocks.delta(event.index, event.delta)
      return event.delta.type === 'text_delta'
        ? { type: 'text-delta', text: event.delta.text }
        : undefined
    case 'content_block_stop':
      state.blocks.stop(event.index)
      return undefined
    case 'message_delta':
      state.stopReason = event.delta.stop_reason ?? state.stopReason
      state.stopDetails =
        Reflect.get(event.delta, 'stop_details') ?? state.stopDetails
      mergeUsage(state.usage, event.usage)
      return undefined
    case 'message_stop':
      state.stopped = true
      return undefined
  }
  return undefined
}

/**
 * `message_start` carries the input counts, `message_delta` the final
 * (cumulative) output count and sometimes updated input counts; a null means
 * "unchanged".
 */
function mergeUsage(
  target: AnthropicUsageFields,
  update: AnthropicUsageFields,
): void {
  for (const key of [
    'input_tokens',
    'output_tokens',
    'cache_read_input_tokens',
    'cache_creation_input_tokens',
  ] as const) {
    const value = update[key]
    if (typeof value === 'number') target[key] = value
  }
}
