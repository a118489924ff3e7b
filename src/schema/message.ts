/** Who speaks a message. Observations (tool results) are `user` messages with a `toolCallId`. */
export type Role = 'system' | 'user' | 'assistant'

/** A tool call as the model asked for it; `arguments` stays raw JSON text until the tool parses it. */
export interface ToolCall {
  id: string
  name: string
  arguments: string
  /**
   * Provider fields on the call that we do not read but must send back
   * unchanged (Gemini's `extra_content.google.thought_signature`).
   */
  extra?: Record<string, unknown>
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
  /** Assistant messages: the model's reasoning text, as the API showed it. */
  reasoning?: string
  /**
   * Assistant messages: the reply as the provider sent it, for that provider
   * to send back unchanged on the next turn (thinking signatures, server-tool
   * blocks, reasoning fields). Opaque to everything outside `providers/`.
   */
  providerData?: ProviderData
  /** Assistant messages: why the model stopped writing. */
  stop?: ModelStop
}

/** Opaque provider content, tagged with the provider that wrote it. */
export interface ProviderData {
  provider: string
  value: unknown
}

/**
 * Why one model reply ended, in our words: `end` (it answered or called
 * tools), `length` (cut by the output token limit), `refusal` (the provider
 * declined; `explanation` says why), `other` (anything else, kept raw).
 */
export interface ModelStop {
  reason: 'end' | 'length' | 'refusal' | 'other'
  /** The provider's own stop reason (`end_turn`, `length`, `refusal`, …). */
  raw: string
  explanation?: string
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
