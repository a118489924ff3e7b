import type OpenAI from 'openai'
import type {
  Message,
  ToolCall,
  ToolDefinition,
  Usage,
} from '../schema/index.js'

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
  if (toolCalls.length === 0) {
    return { role: 'assistant', content: message.content }
  }
  return {
    role: 'assistant',
    // With tool calls and no text, `null` is what the API itself returns.
    content: message.content === '' ? null : message.content,
    tool_calls: toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    })),
  }
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
): Message {
  const toolCalls: ToolCall[] = (message.tool_calls ?? []).flatMap((call) =>
    // Custom (free-text) tools are never offered, so only functions come back.
    call.type === 'function'
      ? [
          {
            id: call.id,
            name: call.function.name,
            arguments: call.function.arguments,
          },
        ]
      : [],
  )
  return {
    role: 'assistant',
    content: message.content ?? '',
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
  }
}

/** `prompt_tokens` already includes the cached part. */
export function convertOpenAIUsage(
  usage: OpenAI.CompletionUsage | null | undefined,
): Usage {
  return {
    inputTokens: usage?.prompt_tokens ?? 0,
    outputTokens: usage?.completion_tokens ?? 0,
    cachedInputTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
  }
}
