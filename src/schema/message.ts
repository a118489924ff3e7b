/** Who speaks a message. Observations (tool results) are `user` messages with a `toolCallId`. */
export type Role = 'system' | 'user' | 'assistant'

/** A tool call as the model asked for it; `arguments` stays raw JSON text until the tool parses it. */
export interface ToolCall {
  id: string
  name: string
  arguments: string
}

/** What a tool call produced; `isError` lets the model see a failure and correct itself. */
export interface ToolResult {
  toolCallId: string
  output: string
  isError: boolean
}

/** One entry of the conversation history. */
export interface Message {
  role: Role
  content: string
  /** Assistant messages: the tool calls the model asked for, in its order. */
  toolCalls?: ToolCall[]
  /** Observations: the id of the call this message answers. */
  toolCallId?: string
  /** Observations: the tool failed. */
  isError?: boolean
  /**
   * Sent with one request only (the budget note), never kept in the history:
   * providers place no cache breakpoint on it.
   */
  transient?: boolean
}

/** Builds the observation message that carries a tool result back to the model. */
export function toObservation(result: ToolResult): Message {
  return {
    role: 'user',
    content: result.output,
    toolCallId: result.toolCallId,
    isError: result.isError,
  }
}
