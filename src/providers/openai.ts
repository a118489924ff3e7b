import { OpenAI } from 'openai/client'
import type {
  Message,
  StreamEvent,
  ToolDefinition,
  Usage,
} from '../schema/index.js'
import {
  convertMessagesToOpenAI,
  convertOpenAIMessage,
  convertOpenAIStop,
  convertOpenAIUsage,
  convertToolsToOpenAI,
  extraToolCallFields,
  keptReplyFields,
  reasoningMessageFields,
  REASONING_FIELDS,
} from './openai-convert.js'
import { ApiProvider, type AdapterOptions } from './api-provider.js'
import { providerRow } from './create-provider.js'
import { ProviderError, type GenerateResult } from './provider.js'
import { outputLimitError, readStream } from './provider-errors.js'
import { encodeWithMessagesOnce } from './json-body.js'
import { OpenAIReplyBuilder } from './openai-reply-builder.js'

const PROVIDER = 'openai'

/** Chat Completions through the `openai` SDK; we retry, the SDK does not. */
export class OpenAIProvider extends ApiProvider {
  private readonly client: OpenAI

  /** `reasoning` becomes `reasoning_effort`; `maxTokens` is not sent. */
  constructor(options: AdapterOptions) {
    super(providerRow(PROVIDER), OpenAI, options)
    const env = options.env ?? {}
    // Settings are given explicitly so the SDK does not read the environment.
    this.client = new OpenAI({
      apiKey: this.apiKey,
      baseURL: this.baseURL,
      organization: env.OPENAI_ORG_ID || null,
      project: env.OPENAI_PROJECT_ID || null,
      maxRetries: 0,
      // Failures reach the caller as ProviderErrors; the SDK's own console
      // output (e.g. a cut-off stream's raw chunk) would bypass the log.
      logLevel: 'off',
    })
  }

  protected async generateOnce(
    messages: Message[],
    tools: ToolDefinition[] | null,
    signal: AbortSignal | undefined,
  ): Promise<GenerateResult> {
    const request = { ...this.request(messages, tools), stream: false as const }
    const completion = await this.client.chat.completions.create(request, {
      signal,
      ...encodedBody(request),
    })
    const choice = completion.choices.at(0)
    if (!choice) {
      throw new ProviderError(`${PROVIDER} reply contained no choices`, {
        provider: PROVIDER,
      })
    }
    const message = convertOpenAIMessage(
      choice.message,
      choice.finish_reason ?? '',
    )
    if (choice.finish_reason === 'length' && message.toolCalls) {
      throw outputLimitError(PROVIDER, 'length')
    }
    return { message, usage: convertOpenAIUsage(completion.usage) }
  }

  /** One streamed attempt; a stream without a finish reason is cut off. */
  protected async *streamOnce(
    messages: Message[],
    tools: ToolDefinition[] | null,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<StreamEvent> {
    const request = {
      ...this.request(messages, tools),
      stream: true as const,
      // The usage arrives in one last chunk whose `choices` is empty.
      stream_options: { include_usage: true },
    }
    const stream = await this.client.chat.completions.create(request, {
      signal,
      ...encodedBody(request),
    })
    const reply = new OpenAIReplyBuilder()
    const reasoning: Record<string, string[]> = {}
    let extraContent: unknown
    let finishReason: string | undefined
    let refusal = ''
    let usage: Usage | undefined
    for await (const chunk of readStream(PROVIDER, stream)) {
      if (chunk.usage) usage = convertOpenAIUsage(chunk.usage)
      // The usage chunk has no choices; some compatible servers omit the
      // field there instead of sending [].
      const choice = chunk.choices?.at(0)
      if (!choice) continue
      const delta = choice.delta as typeof choice.delta &
        Partial<Record<string, unknown>>
      for (const field of REASONING_FIELDS) {
        const piece = delta[field]
        if (typeof piece === 'string') (reasoning[field] ??= []).push(piece)
      }
      // Gemini's thought signature for the message, if it sends one here.
      if (delta.extra_content) extraContent = delta.extra_content
      if (choice.delta.refusal) refusal += choice.delta.refusal
      if (choice.delta.content) yield reply.addText(choice.delta.content)
      for (const [position, call] of (
        choice.delta.tool_calls ?? []
      ).entries()) {
        // Mistral sends whole calls without `index`: their place in the
        // array is their index.
        reply.addToolCallDelta(call.index ?? position, {
          id: call.id,
          name: call.function?.name,
          arguments: call.function?.arguments,
          extra: extraToolCallFields(call),
        })
      }
      if (choice.finish_reason) finishReason = choice.finish_reason
    }
    // A finish reason proves the reply is whole. OpenRouter can end with
    // [DONE] and the usage chunk but no finish reason: whole calls and the
    // usage (always the last chunk) show the reply is complete too.
    this.endStream(
      signal,
      finishReason !== undefined ||
        (usage !== undefined && reply.callsAreWhole),
    )
    finishReason ??= reply.hasToolCalls ? 'tool_calls' : 'stop'
    if (finishReason === 'length' && reply.hasToolCalls) {
      throw outputLimitError(PROVIDER, finishReason)
    }
    const sentFields = keptReplyFields({
      ...Object.fromEntries(
        Object.entries(reasoning).map(([field, parts]) => [
          field,
          parts.join(''),
        ]),
      ),
      extra_content: extraContent,
    })
    yield* reply.finish(usage ?? convertOpenAIUsage(undefined), {
      ...reasoningMessageFields(sentFields),
      stop: convertOpenAIStop(finishReason, refusal),
    })
  }

  private request(messages: Message[], tools: ToolDefinition[] | null) {
    // create() takes this object for its types and its stream flag; what
    // goes on the wire is encodedBody(...)'s text of it.
    return {
      model: this.model,
      messages: convertMessagesToOpenAI(messages),
      ...(this.reasoning === 'off' ? {} : { reasoning_effort: this.reasoning }),
      // `null` is the thinking phase: no `tools` field at all.
      ...(tools === null ? {} : { tools: convertToolsToOpenAI(tools) }),
    }
  }
}

/**
 * The request's JSON, encoded here (each message once per run) and passed
 * as the SDK's raw body: a string body with a content type goes out as it
 * is, where the SDK would encode the whole history again every turn.
 */
function encodedBody(request: { messages: readonly object[] }): {
  body: string
  headers: Record<string, string>
} {
  return {
    body: encodeWithMessagesOnce(request),
    headers: { 'content-type': 'application/json' },
  }
}
