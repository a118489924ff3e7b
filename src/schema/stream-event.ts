import type { Message, ToolCall } from './message.js'
import type { Usage } from './usage.js'

/**
 * What a provider's stream yields: text as it arrives, each tool call once it
 * is whole, and last a `message-end` with the complete message and its usage.
 * A stream that ends without `message-end` was cut off.
 */
export type StreamEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call'; toolCall: ToolCall }
  | { type: 'message-end'; message: Message; usage: Usage }
