import type {
  GenerateOptions,
  GenerateResult,
  LLMProvider,
} from '../../src/providers/provider.js'
import type {
  Message,
  StreamEvent,
  ToolCall,
  ToolDefinition,
} from '../../src/schema/index.js'

/** One scripted reply: fixed, or computed from what the model was sent. */
export type ScriptedReply =
  | GenerateResult
  | ((messages: Message[], tools: ToolDefinition[] | null) => GenerateResult)

export interface RecordedCall {
  messages: Message[]
  tools: ToolDefinition[] | null
}

/**
 * A provider written against our own interface that plays a script. A call
 * beyond the script is recorded in `unexpected` and throws, so a test that
 * asserts `unexpected` is empty fails on any extra model call.
 */
export class ScriptedProvider implements LLMProvider {
  readonly name = 'scripted'
  readonly model: string = 'scripted-model'
  readonly calls: RecordedCall[] = []
  readonly unexpected: RecordedCall[] = []
  private readonly script: ScriptedReply[]

  constructor(script: ScriptedReply[]) {
    this.script = [...script]
  }

  async generate(
    messages: Message[],
    tools: ToolDefinition[] | null,
    options?: GenerateOptions,
  ): Promise<GenerateResult> {
    options?.signal?.throwIfAborted()
    const call = { messages: structuredClone(messages), tools }
    const next = this.script.shift()
    if (!next) {
      this.unexpected.push(call)
      throw new Error('ScriptedProvider: unexpected model call')
    }
    this.calls.push(call)
    return typeof next === 'function' ? next(messages, tools) : next
  }

  async *generateStream(
    messages: Message[],
    tools: ToolDefinition[] | null,
    options?: GenerateOptions,
  ): AsyncIterable<StreamEvent> {
    const result = await this.generate(messages, tools, options)
    for (const word of result.message.content.split(/(?<= )/)) {
      if (word) yield { type: 'text-delta', text: word }
    }
    for (const toolCall of result.message.toolCalls ?? []) {
      yield { type: 'tool-call', toolCall }
    }
    yield { type: 'message-end', ...result }
  }
}

const usage = { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0 }

/** A reply that asks for tool calls. */
export function toolReply(...calls: ToolCall[]): GenerateResult {
  return {
    message: { role: 'assistant', content: '', toolCalls: calls },
    usage,
  }
}

/** A final answer with no tool call. */
export function textReply(content: string): GenerateResult {
  return { message: { role: 'assistant', content }, usage }
}

export function call(id: string, name: string, args: unknown): ToolCall {
  return { id, name, arguments: JSON.stringify(args) }
}
