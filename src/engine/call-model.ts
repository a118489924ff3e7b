import type { GenerateResult, LLMProvider } from '../providers/provider.js'
import { ProviderError } from '../providers/provider.js'
import type {
  EngineEvent,
  Message,
  Phase,
  ToolDefinition,
} from '../schema/index.js'

export interface CallModelOptions {
  provider: LLMProvider
  stream: boolean
  turn: number
  phase: Phase
  signal: AbortSignal
  deadline?: number
  emit: (event: EngineEvent) => void
}

/**
 * One model call, streamed or not; text deltas are reported as they arrive.
 * `tools === null` is the thinking phase: no tools are offered.
 */
export async function callModel(
  messages: Message[],
  tools: ToolDefinition[] | null,
  options: CallModelOptions,
): Promise<GenerateResult> {
  const { provider, signal, deadline } = options
  if (!options.stream) {
    return provider.generate(messages, tools, { signal, deadline })
  }
  const events = provider.generateStream(messages, tools, { signal, deadline })
  for await (const event of events) {
    if (event.type === 'text-delta') {
      options.emit({
        type: 'text-delta',
        at: Date.now(),
        turn: options.turn,
        phase: options.phase,
        text: event.text,
      })
    } else if (event.type === 'message-end') {
      return { message: event.message, usage: event.usage }
    }
  }
  throw new ProviderError(
    `${provider.name} stream ended without a complete message.`,
    { provider: provider.name },
  )
}
