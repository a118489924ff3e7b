import type { Message, StreamEvent, ToolCall, Usage } from '../schema/index.js'

/** One piece of a streamed tool call, as either wire format delivers it. */
export interface ToolCallDelta {
  id?: string
  name?: string
  arguments?: string
  /** Provider fields kept and sent back unchanged (see ToolCall.extra). */
  extra?: Record<string, unknown>
}

interface PartialToolCall {
  id: string
  name: string
  argumentParts: string[]
  extra?: Record<string, unknown>
}

/**
 * Builds the whole assistant message of one streamed OpenAI reply: its text,
 * its tool calls and the fields kept with them. Tool-call pieces are keyed by
 * index (`delta.tool_calls[].index`), so interleaved deltas of parallel calls
 * still assemble into whole calls, returned in index order.
 */
export class OpenAIReplyBuilder {
  private readonly textParts: string[] = []
  private readonly calls = new Map<number, PartialToolCall>()

  /** Records a text piece and returns it as the event to yield at once. */
  addText(text: string): { type: 'text-delta'; text: string } {
    this.textParts.push(text)
    return { type: 'text-delta', text }
  }

  addToolCallDelta(index: number, delta: ToolCallDelta): void {
    let call = this.calls.get(index)
    if (!call) {
      call = { id: '', name: '', argumentParts: [] }
      this.calls.set(index, call)
    }
    // Id and name arrive once, in the first piece; some OpenAI-compatible
    // servers repeat them on every chunk, so the first one wins rather than
    // being concatenated.
    if (delta.id && !call.id) call.id = delta.id
    if (delta.name && !call.name) call.name = delta.name
    if (delta.arguments) call.argumentParts.push(delta.arguments)
    // Like the id, extra fields arrive on one piece; the first value wins.
    for (const [key, value] of Object.entries(delta.extra ?? {})) {
      call.extra ??= {}
      if (!(key in call.extra)) call.extra[key] = value
    }
  }

  /**
   * Gives a call that received no argument pieces this text instead
   * (Anthropic streams no `input_json_delta` for an empty input).
   */
  defaultArguments(index: number, text: string): void {
    const call = this.calls.get(index)
    if (call && call.argumentParts.length === 0) call.argumentParts.push(text)
  }

  get hasToolCalls(): boolean {
    return this.calls.size > 0
  }

  /**
   * The whole calls in index order. Arguments stay raw text, even when they
   * do not parse: the tool rejects them and the model reads why.
   */
  toolCalls(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => {
        const args = call.argumentParts.join('')
        return {
          id: toolCallId(call.id, index, call.name, args),
          name: call.name,
          arguments: args,
          ...(call.extra ? { extra: call.extra } : {}),
        }
      })
  }

  /** Whether every call's arguments are a whole JSON value. */
  get callsAreWhole(): boolean {
    return this.toolCalls().every((call) => isJson(call.arguments))
  }

  toMessage(fields: Partial<Message> = {}): Message {
    const toolCalls = this.toolCalls()
    return {
      role: 'assistant',
      content: this.textParts.join(''),
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
      ...fields,
    }
  }

  /**
   * The end of a complete reply: each tool call, then `message-end`. Calls
   * wait for the end so that a stream cut off and retried never yields a
   * call from the failed attempt.
   */
  *finish(usage: Usage, fields: Partial<Message> = {}): Generator<StreamEvent> {
    const message = this.toMessage(fields)
    for (const toolCall of message.toolCalls ?? []) {
      yield { type: 'tool-call', toolCall }
    }
    yield { type: 'message-end', message, usage }
  }
}

/**
 * The id a call is sent back with. A server that sends none (or `""`) still
 * needs one to pair the result with: it is made from the call's position and
 * content, so the streamed and the non-streamed path give the same id.
 */
export function toolCallId(
  id: string | undefined | null,
  index: number,
  name: string,
  args: string,
): string {
  if (id) return id
  let hash = 0x811c9dc5
  for (const char of `${name}\u0000${args}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0
  }
  return `call_${index}_${hash.toString(16).padStart(8, '0')}`
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
