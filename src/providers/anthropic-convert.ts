import type Anthropic from '@anthropic-ai/sdk'
import {
  type Message,
  type ToolDefinition,
  type Usage,
} from '../schema/index.js'
import { checkArgumentLimits } from '../util/tool-arguments.js'

type ContentBlock =
  | Anthropic.TextBlockParam
  | Anthropic.ToolUseBlockParam
  | Anthropic.ToolResultBlockParam
  | Anthropic.ContentBlockParam

interface Turn {
  role: 'user' | 'assistant'
  content: ContentBlock[]
}

/** The request fields our history becomes. */
export interface AnthropicPrompt {
  system: Anthropic.TextBlockParam[] | undefined
  messages: Anthropic.MessageParam[]
}

/** The usage fields of `message_start`, `message_delta` and a whole message. */
export interface AnthropicUsageFields {
  input_tokens?: number | null
  output_tokens?: number | null
  cache_read_input_tokens?: number | null
  cache_creation_input_tokens?: number | null
}

// Prompt caching: a breakpoint caches everything before it. One on the system
// prompt, one on the last tool, one on the newest block lets each call of a
// long run re-read the history written by the call before (3 of the 4
// breakpoints allowed).
// https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching
const EPHEMERAL: Anthropic.CacheControlEphemeral = { type: 'ephemeral' }

/**
 * Our history as a Messages API prompt: system prompts move to the top-level
 * `system`, observations become `tool_result` blocks, and consecutive messages
 * of one role merge, because the API requires user and assistant to alternate
 * (so a turn's observations share one user message, in call order).
 * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 */
export function convertMessagesToAnthropic(
  messages: Message[],
  options: { toolBlocksAsText?: boolean } = {},
): AnthropicPrompt {
  const system = messages
    .filter((message) => message.role === 'system' && message.content !== '')
    .map((message): Anthropic.TextBlockParam => textBlock(message.content))
  const turns: Turn[] = []
  // The newest block that stays in the history: a transient note (the
  // budget) after it is not part of the prefix the next call re-reads.
  let breakpoint: { turn: number; block: number } | undefined
  for (const message of messages) {
    if (message.role === 'system') continue
    const content = options.toolBlocksAsText
      ? convertContentAsText(message)
      : convertContent(message)
    // The API rejects empty text blocks and empty messages; skipping them
    // before merging keeps the roles alternating.
    if (content.length === 0) continue
    const last = turns.at(-1)
    if (last?.role === message.role) last.content.push(...content)
    else turns.push({ role: message.role, content })
    if (!message.transient) {
      const turn = turns.length - 1
      breakpoint = { turn, block: turns[turn].content.length - 1 }
    }
  }
  return {
    system: system.length > 0 ? withCacheOnLast(system) : undefined,
    messages: turns.map((turn, index) =>
      index === breakpoint?.turn
        ? {
            role: turn.role,
            content: withCacheAt(turn.content, breakpoint.block),
          }
        : turn,
    ),
  }
}

function convertContent(message: Message): ContentBlock[] {
  if (message.toolCallId !== undefined) {
    return [
      {
        type: 'tool_result',
        tool_use_id: message.toolCallId,
        // An empty text content is rejected; no content is allowed.
        ...(message.content === '' ? {} : { content: message.content }),
        is_error: message.isError ?? false,
      },
    ]
  }
  const received = receivedBlocks(message)
  if (received) return received
  const blocks: ContentBlock[] = []
  if (message.content !== '') blocks.push(textBlock(message.content))
  for (const call of message.toolCalls ?? []) {
    blocks.push({
      type: 'tool_use',
      id: call.id,
      name: call.name,
      input: parseToolInput(call.arguments),
    })
  }
  return blocks
}

/**
 * An assistant reply goes back exactly as Anthropic sent it: thinking and
 * redacted thinking with their signatures (the API rejects a tool-use turn
 * without them when thinking is on), server-tool calls and their results,
 * citations. Empty text blocks, which the API rejects, are left out.
 */
function receivedBlocks(message: Message): ContentBlock[] | undefined {
  const data = message.providerData
  if (data?.provider !== 'anthropic' || !Array.isArray(data.value)) {
    return undefined
  }
  return (data.value as Anthropic.ContentBlockParam[]).filter(
    (block) => !(block.type === 'text' && block.text === ''),
  )
}

/**
 * A request without `tools` may not carry tool_use or tool_result blocks
 * (the API answers 400), yet a thinking-phase call after the first turn has
 * them in its history. Written out as text, they keep their meaning.
 */
function convertContentAsText(message: Message): ContentBlock[] {
  if (message.toolCallId !== undefined) {
    const status = message.isError ? ' (error)' : ''
    return [
      textBlock(
        `[tool result ${message.toolCallId}${status}]\n${message.content}`,
      ),
    ]
  }
  const calls = (message.toolCalls ?? []).map((call) =>
    textBlock(`[tool call ${call.id}: ${call.name} ${call.arguments}]`),
  )
  return [
    ...(message.content === '' ? [] : [textBlock(message.content)]),
    ...calls,
  ]
}

/**
 * `tool_use.input` must be an object, while our arguments are the raw text
 * the model wrote. Text that is not a JSON object (a cut-off or malformed
 * call, which the tool already answered with an error) is sent as `{}`.
 */
function parseToolInput(raw: string): Record<string, unknown> {
  // Refused by the registry too; deep nesting would overflow the SDK's
  // JSON.stringify and fail every later request of the run.
  if (checkArgumentLimits(raw) !== undefined) return {}
  try {
    const value: unknown = JSON.parse(raw)
    if (isRecord(value)) return value
  } catch {
    // Not JSON: fall through to the empty input the API accepts.
  }
  return {}
}

/** Tools with the schema split into `properties` and `required`. */
export function convertToolsToAnthropic(
  tools: ToolDefinition[],
): Anthropic.Tool[] {
  const converted = tools.map((tool): Anthropic.Tool => ({
    name: tool.name,
    description: tool.description,
    input_schema: {
      type: 'object',
      properties: tool.inputSchema.properties,
      ...(tool.inputSchema.required
        ? { required: tool.inputSchema.required }
        : {}),
    },
  }))
  return withCacheOnLast(converted)
}

/**
 * `input_tokens` counts only the uncached part; our `inputTokens` counts all,
 * so cache reads and writes are added back.
 */
export function convertAnthropicUsage(usage: AnthropicUsageFields): Usage {
  const cacheRead = usage.cache_read_input_tokens ?? 0
  return {
    inputTokens:
      (usage.input_tokens ?? 0) +
      cacheRead +
      (usage.cache_creation_input_tokens ?? 0),
    outputTokens: usage.output_tokens ?? 0,
    cachedInputTokens: cacheRead,
    ...(usage.cache_creation_input_tokens
      ? { cacheWriteInputTokens: usage.cache_creation_input_tokens }
      : {}),
  }
}

function textBlock(text: string): Anthropic.TextBlockParam {
  return { type: 'text', text }
}

function withCacheOnLast<T extends object>(items: T[]): T[] {
  return withCacheAt(items, items.length - 1)
}

function withCacheAt<T extends object>(items: T[], at: number): T[] {
  return items.map((item, index) =>
    index === at ? { ...item, cache_control: EPHEMERAL } : item,
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
