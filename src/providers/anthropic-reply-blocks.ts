import type Anthropic from '@anthropic-ai/sdk'
import { type Message, type ModelStop, type ToolCall } from '../schema/index.js'
import { checkArgumentLimits } from '../util/tool-arguments.js'

/**
 * A content block as the API sent it. Kept as plain JSON so that block types
 * this SDK version does not know yet (new server tools, their results) pass
 * through untouched.
 */
export type ReplyBlock = Record<string, unknown> & { type: string }

interface OpenBlock {
  block: ReplyBlock
  /** `input_json_delta` pieces of a tool_use or server_tool_use block. */
  json: string[]
}

/**
 * Rebuilds the content blocks of a streamed reply from its raw events, so the
 * assistant turn can be sent back exactly as a non-streamed reply would have
 * returned it: thinking with its signature, redacted thinking, server-tool
 * calls and their results, text with its citations.
 * https://docs.anthropic.com/en/docs/build-with-claude/streaming
 */
export class AnthropicReplyBlocks {
  private readonly open = new Map<number, OpenBlock>()
  private readonly done = new Map<number, ReplyBlock>()

  start(index: number, block: unknown): void {
    this.open.set(index, {
      block: structuredClone(block) as ReplyBlock,
      json: [],
    })
  }

  delta(index: number, delta: Anthropic.RawContentBlockDelta): void {
    const entry = this.open.get(index)
    if (!entry) return
    const { block } = entry
    switch (delta.type) {
      case 'text_delta':
        block.text = `${stringField(block, 'text')}${delta.text}`
        return
      case 'input_json_delta':
        entry.json.push(delta.partial_json)
        return
      case 'thinking_delta':
        block.thinking = `${stringField(block, 'thinking')}${delta.thinking}`
        return
      case 'signature_delta':
        block.signature = delta.signature
        return
      case 'citations_delta': {
        const citations = Array.isArray(block.citations) ? block.citations : []
        block.citations = [...citations, delta.citation]
        return
      }
    }
  }

  /** Closes a block; a tool input that is not whole JSON stays raw text. */
  stop(index: number): void {
    const entry = this.open.get(index)
    if (!entry) return
    this.open.delete(index)
    if (entry.json.length > 0) {
      const raw = entry.json.join('')
      entry.block.input = parseOrRaw(raw)
      if (raw !== '') entry.block[RAW_INPUT] = raw
    }
    this.done.set(index, entry.block)
  }

  /** The closed blocks in index order. */
  blocks(): ReplyBlock[] {
    return [...this.done.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, block]) => block)
  }
}

// The input text as the model wrote it, so a call's arguments reach the tool
// byte for byte; stripped before the block is sent back.
const RAW_INPUT = '__rawInput'

/**
 * Our message from a reply's blocks: text joined, `tool_use` blocks as the
 * calls we run, thinking text as reasoning. Server tools (`server_tool_use`,
 * their `*_tool_result`) ran on Anthropic's side: they are never calls of
 * ours, only kept in `providerData` to be sent back with the rest.
 */
export function messageFromBlocks(
  blocks: ReplyBlock[],
  stop: ModelStop,
): Message {
  const text: string[] = []
  const reasoning: string[] = []
  const toolCalls: ToolCall[] = []
  for (const block of blocks) {
    if (block.type === 'text') text.push(stringField(block, 'text'))
    if (block.type === 'thinking')
      reasoning.push(stringField(block, 'thinking'))
    if (block.type === 'tool_use') {
      const raw = block[RAW_INPUT]
      toolCalls.push({
        id: stringField(block, 'id'),
        name: stringField(block, 'name'),
        arguments:
          typeof raw === 'string' ? raw : stringifyToolInput(block.input),
      })
    }
  }
  return {
    role: 'assistant',
    content: text.join(''),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...(reasoning.length > 0 ? { reasoning: reasoning.join('\n') } : {}),
    providerData: {
      provider: 'anthropic',
      value: blocks.map((block) => sendableInput(withoutRawInput(block))),
    },
    stop,
  }
}

/**
 * The provider's stop reason in our words; `stop_details.explanation` (sent
 * with a refusal) is kept for the log, the summary and the reply.
 * https://docs.anthropic.com/en/api/handling-stop-reasons
 */
export function convertAnthropicStop(
  stopReason: string,
  stopDetails: unknown,
): ModelStop {
  const explanation = explanationOf(stopDetails)
  const reason: ModelStop['reason'] =
    stopReason === 'end_turn' ||
    stopReason === 'tool_use' ||
    stopReason === 'stop_sequence'
      ? 'end'
      : stopReason === 'max_tokens' ||
          stopReason === 'model_context_window_exceeded'
        ? 'length'
        : stopReason === 'refusal'
          ? 'refusal'
          : 'other'
  return {
    reason,
    raw: stopReason,
    ...(explanation ? { explanation } : {}),
  }
}

function explanationOf(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined
  const value: unknown = Reflect.get(details, 'explanation')
  return typeof value === 'string' && value !== '' ? value : undefined
}

/**
 * The input back to text. Input nested deeper than the stack allows cannot
 * be written out; it becomes text that is not JSON, so only that call fails.
 */
function stringifyToolInput(input: unknown): string {
  try {
    return JSON.stringify(input ?? {})
  } catch {
    return '(tool input nested too deeply to be read)'
  }
}

/**
 * A tool_use block whose input the registry refuses (too deep or too large)
 * goes back with `{}`: sent as it came, it would overflow the SDK's
 * JSON.stringify and fail every later request of the run.
 */
function sendableInput(block: ReplyBlock): ReplyBlock {
  if (block.type !== 'tool_use') return block
  let text: string
  try {
    text = JSON.stringify(block.input ?? {})
  } catch {
    return { ...block, input: {} }
  }
  return checkArgumentLimits(text) === undefined
    ? block
    : { ...block, input: {} }
}

function withoutRawInput(block: ReplyBlock): ReplyBlock {
  if (!(RAW_INPUT in block)) return block
  const copy: ReplyBlock = { ...block }
  delete copy[RAW_INPUT]
  return copy
}

function parseOrRaw(raw: string): unknown {
  if (raw === '') return {}
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? value
      : {}
  } catch {
    // A cut-off input: the tool gets the raw text and rejects it; the API
    // gets `{}`, as for any input that is not an object.
    return {}
  }
}

function stringField(block: ReplyBlock, key: string): string {
  const value = block[key]
  return typeof value === 'string' ? value : ''
}
