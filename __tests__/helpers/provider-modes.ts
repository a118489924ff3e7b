import type {
  GenerateOptions,
  GenerateResult,
  LLMProvider,
} from '../../src/providers/provider.js'
import type {
  Message,
  StreamEvent,
  ToolDefinition,
} from '../../src/schema/index.js'
import { collect, endOf } from '../providers/conversation.js'

/** One call in either mode: the result, and the events when streamed. */
export type RunInMode = (
  messages: Message[],
  tools: ToolDefinition[] | null,
  options?: GenerateOptions,
) => Promise<GenerateResult & { events: StreamEvent[] }>

/**
 * The table for `describe.each`: each provider test runs once through
 * `generate` with the whole-reply builders and once through `generateStream`
 * with the streamed ones (`openaiReply`/`openaiStream`, …). `provider` is
 * called per request, so it can read the current test's server.
 */
export function providerModes<Whole, Streamed>(
  provider: () => LLMProvider,
  replies: { generate: Whole; stream: Streamed },
): (
  | { mode: 'generate'; reply: Whole; run: RunInMode }
  | { mode: 'stream'; reply: Streamed; run: RunInMode }
)[] {
  return [
    {
      mode: 'generate',
      reply: replies.generate,
      run: async (messages, tools, options) => {
        const result = await provider().generate(messages, tools, options)
        return { ...result, events: [] }
      },
    },
    {
      mode: 'stream',
      reply: replies.stream,
      run: async (messages, tools, options) => {
        const events = await collect(
          provider().generateStream(messages, tools, options),
        )
        return { ...endOf(events), events }
      },
    },
  ]
}
