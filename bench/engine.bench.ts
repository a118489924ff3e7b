// Engine overhead per turn: a scripted provider that answers at once and a
// no-op tool, so what is measured is the loop itself (events, history,
// registry, concurrency plumbing). Run: npm run bench -- engine
import { runAgent } from '../src/engine/run-agent.js'
import type { GenerateResult, LLMProvider } from '../src/providers/provider.js'
import type { Message, StreamEvent } from '../src/schema/index.js'
import { Registry } from '../src/tools/registry.js'
import { defineTool } from '../src/tools/define-tool.js'

const TURNS = 2000
const usage = { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 }

class InstantProvider implements LLMProvider {
  readonly name = 'instant'
  readonly model = 'instant'
  private turn = 0
  async generate(): Promise<GenerateResult> {
    this.turn++
    const message: Message = {
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: `c${this.turn}`, name: 'noop', arguments: '{"path":"x"}' },
      ],
    }
    return { message, usage }
  }
  async *generateStream(): AsyncIterable<StreamEvent> {
    yield { type: 'message-end', ...(await this.generate()) }
  }
}

async function measure(stream: boolean): Promise<void> {
  const registry = new Registry()
  registry.register(
    defineTool({
      name: 'noop',
      description: 'does nothing',
      inputSchema: { type: 'object', properties: {} },
      example: '{}',
      parse: (input) => input,
      execute: async () => 'ok',
    }),
  )
  let events = 0
  const started = process.hrtime.bigint()
  const result = await runAgent({
    provider: new InstantProvider(),
    registry,
    messages: [{ role: 'user', content: 'loop' }],
    workdir: '/tmp',
    env: {},
    maxTurns: TURNS,
    toolTimeoutMs: 60_000,
    stream,
    onEvent: () => events++,
  })
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  console.log(
    `engine ${stream ? 'stream  ' : 'generate'} 1 call/turn: ${result.turns} turns in ${seconds.toFixed(3)} s = ` +
      `${Math.round(result.turns / seconds)} turns/s, ${((seconds / result.turns) * 1e6).toFixed(0)} µs/turn, ${events} events`,
  )
}

console.log(`node ${process.version}`)
await measure(false)
await measure(true)
