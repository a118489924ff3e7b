import type OpenAI from 'openai'
import type {
  Message,
  ModelStop,
  ToolCall,
  ToolDefinition,
  Usage,
} from '../schema/index.js'
import { toolCallId } from './openai-reply-builder.js'

type ChatMessageParam = OpenAI.ChatCompletionMessageParam

/**
 * Our history as Chat Completions messages: the system prompt stays in the
 * array, an observation becomes a `tool` message tied to its call id, and
 * tool-call arguments go back as the raw text the model wrote.
 * https://platform.openai.com/docs/guides/function-calling
 */
export function convertMessagesToOpenAI(
  messages: Message[],
): ChatMessageParam[] {
  return messages.map(convertOnce)
}

// The whole history is sent again every turn; a message (never changed once
// in the history) is converted the first time only, so a turn's work does
// not grow with the history beyond the request body itself.
const converted = new WeakMap<Message, ChatMessageParam>()

function convertOnce(message: Message): ChatMessageParam {
  let param = converted.get(message)
  if (param === undefined) {
    param = convertMessage(message)
    converted.set(message, param)
  }
  return param
}

function convertMessage(message: Message): ChatMessageParam {
  if (message.role === 'system') {
    return { role: 'system', content: message.content }
  }
  if (message.role === 'user') {
    // The API has no error flag for tool results: the text says it.
    return message.toolCallId === undefined
      ? { role: 'user', content: message.content }
      : {
          role: 'tool',
          tool_call_id: message.toolCallId,
          content: message.content,
        }
  }
  const toolCalls = message.toolCalls ?? []
  const reasoning = reasoningToSendBack(message)
  if (toolCalls.length === 0) {
    return { role: 'assistant', content: message.content, ...reasoning }
  }
  return {
    role: 'assistant',
    // With tool calls and no text, `null` is what the API itself returns.
    content: message.content === '' ? null : message.content,
    ...reasoning,
    tool_calls: toolCalls.map((call) => ({
      // Extra fields first: they can never overwrite the call itself.
      ...call.extra,
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    })),
  }
}

/**
 * What the server sent on its assistant message that it wants back: the
 * reasoning field exactly as it named it (`reasoning_content` on DeepSeek,
 * xAI, Qwen, Kimi, GLM; `reasoning` on Groq, OpenRouter) and Gemini's
 * `extra_content` (its thought signature). DeepSeek answers 400 "Missing
 * reasoning_content field in the assistant message" without it. A message
 * from another provider sends none.
 */
function reasoningToSendBack(message: Message): Record<string, unknown> {
  const data = message.providerData
  if (data?.provider !== 'openai' || !isRecord(data.value)) return {}
  return keptReplyFields(data.value) ?? {}
}

/** The assistant-message fields OpenAI-compatible servers put reasoning in. */
export const REASONING_FIELDS = ['reasoning_content', 'reasoning'] as const

/**
 * The fields of a reply's message to keep for the next turn (see
 * `reasoningToSendBack`), for `providerData`; undefined when none.
 */
export function keptReplyFields(
  source: Partial<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const found: Record<string, unknown> = {}
  for (const field of REASONING_FIELDS) {
    const value = source[field]
    if (typeof value === 'string') found[field] = value
  }
  // https://ai.google.dev/gemini-api/docs/thought-signatures
  if (isRecord(source.extra_content)) found.extra_content = source.extra_content
  return Object.keys(found).length > 0 ? found : undefined
}

/** A reply's fields for our message: reasoning text and what to send back. */
export function reasoningMessageFields(
  fields: Record<string, unknown> | undefined,
): Partial<Message> {
  if (!fields) return {}
  const text = [fields.reasoning_content, fields.reasoning].find(
    (value): value is string => typeof value === 'string',
  )
  return {
    ...(text ? { reasoning: text } : {}),
    providerData: { provider: 'openai', value: fields },
  }
}

/**
 * A finish reason in our words. `content_filter` and a `refusal` text are
 * the provider declining; `length` is the output token limit.
 */
export function convertOpenAIStop(
  finishReason: string,
  refusal?: string | null,
): ModelStop {
  if (refusal)
    return { reason: 'refusal', raw: finishReason, explanation: refusal }
  if (finishReason === 'stop' || finishReason === 'tool_calls') {
    return { reason: 'end', raw: finishReason }
  }
  if (finishReason === 'length') return { reason: 'length', raw: finishReason }
  if (finishReason === 'content_filter') {
    return {
      reason: 'refusal',
      raw: finishReason,
      explanation:
        'The provider filtered the reply (finish_reason content_filter).',
    }
  }
  return { reason: 'other', raw: finishReason }
}

/** Provider fields of a tool call beyond the ones we read (`extra_content`). */
export function extraToolCallFields(
  call: object,
): Record<string, unknown> | undefined {
  const extra: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(call)) {
    if (
      !KNOWN_TOOL_CALL_FIELDS.has(key) &&
      value !== undefined &&
      value !== null
    ) {
      extra[key] = value
    }
  }
  return Object.keys(extra).length > 0 ? extra : undefined
}

const KNOWN_TOOL_CALL_FIELDS = new Set(['id', 'type', 'function', 'index'])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function convertToolsToOpenAI(
  tools: ToolDefinition[],
): OpenAI.ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: { ...tool.inputSchema },
    },
  }))
}

/** A non-streamed completion's first choice as our message. */
export function convertOpenAIMessage(
  message: OpenAI.ChatCompletionMessage,
  finishReason: string,
): Message {
  const toolCalls: ToolCall[] = (message.tool_calls ?? []).flatMap(
    (call, index) => {
      // Custom (free-text) tools are never offered, so only functions come
      // back; some servers leave out `type`.
      if (call.type !== 'function' && call.type !== undefined) return []
      const { name, arguments: args } = call.function
      const extra = extraToolCallFields(call)
      return [
        {
          id: toolCallId(call.id, index, name, args),
          name,
          arguments: args,
          ...(extra ? { extra } : {}),
        },
      ]
    },
  )
  return {
    role: 'assistant',
    content: message.content ?? '',
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...reasoningMessageFields(keptReplyFields(message as object)),
    stop: convertOpenAIStop(finishReason, message.refusal),
  }
}

/**
 * `prompt_tokens` already includes the cached part. OpenAI counts reasoning
 * inside `completion_tokens`; xAI reports it beside it (its `total_tokens`
 * is prompt + completion + reasoning), and Gemini's OpenAI endpoint only
 * in `total_tokens` (its thinking tokens, with no details): there the
 * difference is reasoning the model was billed for, so it is added.
 */
export function convertOpenAIUsage(
  usage: OpenAI.CompletionUsage | null | undefined,
): Usage {
  const input = usage?.prompt_tokens ?? 0
  const completion = usage?.completion_tokens ?? 0
  const reported = usage?.completion_tokens_details?.reasoning_tokens ?? 0
  const hidden = (usage?.total_tokens ?? 0) - input - completion
  const outside = hidden > 0 && (reported === 0 || hidden === reported)
  const reasoning = outside ? hidden : reported
  return {
    inputTokens: input,
    outputTokens: outside ? completion + hidden : completion,
    cachedInputTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
    ...(reasoning > 0 ? { reasoningTokens: reasoning } : {}),
  }
}
