// Long runs and the context window: a run of many turns, each reading 8 KB,
// with and without context management, and the share of input tokens an
// Anthropic-shaped run reads from the prompt cache.
//
// The model is scripted; each request is converted exactly as the Anthropic
// provider would send it (convertMessagesToAnthropic) and measured at about
// four bytes a token. Cache reads follow the API's rule: a request reads the
// longest prefix, up to one of its breakpoints, that an earlier request wrote
// at one of its own breakpoints.
// Run: npx tsx bench/context.bench.ts
import { createHash } from 'node:crypto'
import { runAgent } from '../src/engine/run-agent.js'
import type { GenerateResult, LLMProvider } from '../src/providers/provider.js'
import { convertMessagesToAnthropic } from '../src/providers/anthropic-convert.js'
import type {
  Message,
  StreamEvent,
  ToolDefinition,
} from '../src/schema/index.js'
import type { BaseTool } from '../src/tools/base-tool.js'
import { defineTool } from '../src/tools/define-tool.js'
import { Registry } from '../src/tools/registry.js'

const RESULT_BYTES = 8192

interface Sent {
  tokens: number
  cachedTokens: number
}

/** Plays `turns` reads then an answer; measures what each request would cost. */
class MeasuringProvider implements LLMProvider {
  readonly name = 'anthropic'
  readonly model = 'claude-sonnet-4-6'
  readonly sent: Sent[] = []
  private readonly written = new Set<string>()
  private calls = 0

  constructor(private readonly turns: number) {}

  async generate(
    messages: Message[],
    tools: ToolDefinition[] | null,
  ): Promise<GenerateResult> {
    this.measure(messages)
    this.calls += 1
    const usage = this.sent.at(-1)!
    const reply: Message =
      tools === null
        ? { role: 'assistant', content: 'Summary: read the file many times.' }
        : this.calls <= this.turns
          ? {
              role: 'assistant',
              content: '',
              toolCalls: [
                {
                  id: `c${this.calls}`,
                  name: 'read',
                  arguments: '{"path":"big.txt"}',
                },
              ],
            }
          : { role: 'assistant', content: 'Done.' }
    return {
      message: reply,
      usage: {
        inputTokens: usage.tokens,
        cachedInputTokens: usage.cachedTokens,
        outputTokens: 20,
      },
    }
  }

  async *generateStream(
    messages: Message[],
    tools: ToolDefinition[] | null,
  ): AsyncIterable<StreamEvent> {
    const result = await this.generate(messages, tools)
    for (const toolCall of result.message.toolCalls ?? [])
      yield { type: 'tool-call', toolCall }
    yield { type: 'message-end', ...result }
  }

  /** Tokens of the request, and how many of them the cache would serve. */
  private measure(messages: Message[]): void {
    const prompt = convertMessagesToAnthropic(messages)
    const blocks: string[] = [
      ...(prompt.system ?? []).map((block) => JSON.stringify(block)),
    ]
    const breakpoints: number[] = []
    if (blocks.length > 0) breakpoints.push(blocks.length)
    for (const message of prompt.messages) {
      const content = Array.isArray(message.content)
        ? message.content
        : [{ type: 'text', text: message.content }]
      for (const block of content) {
        const { cache_control: marked, ...rest } = block as {
          cache_control?: unknown
        }
        blocks.push(JSON.stringify({ role: message.role, ...rest }))
        if (marked) breakpoints.push(blocks.length)
      }
    }
    const sizes = blocks.map((block) => Buffer.byteLength(block))
    const tokensUpTo = (end: number) =>
      Math.ceil(sizes.slice(0, end).reduce((a, b) => a + b, 0) / 4)
    const hashes: string[] = []
    const hash = createHash('sha256')
    for (const block of blocks) {
      hash.update(block)
      hashes.push(hash.copy().digest('hex'))
    }
    let cachedTokens = 0
    for (const end of breakpoints) {
      // The API looks back from each breakpoint for a prefix written before.
      for (let at = end; at > 0; at--) {
        if (this.written.has(hashes[at - 1])) {
          cachedTokens = Math.max(cachedTokens, tokensUpTo(at))
          break
        }
      }
    }
    for (const end of breakpoints) this.written.add(hashes[end - 1])
    this.sent.push({ tokens: tokensUpTo(blocks.length), cachedTokens })
  }
}

function readTool(): BaseTool {
  return defineTool({
    name: 'read',
    description: 'Reads a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    example: '{"path": "a.ts"}',
    parse: (input) => input,
    execute: async () => 'x'.repeat(RESULT_BYTES),
  })
}

async function run(turns: number, contextWindow: number | undefined) {
  const provider = new MeasuringProvider(turns)
  const registry = new Registry()
  registry.register(readTool())
  const result = await runAgent({
    provider,
    registry,
    messages: [
      { role: 'system', content: 'You are a benchmark.' },
      { role: 'user', content: 'Read big.txt again and again.' },
    ],
    workdir: '/tmp',
    env: {},
    maxTurns: turns + 1,
    toolTimeoutMs: 5000,
    budgetNote: true,
    contextWindow,
  })
  const tokens = provider.sent.map((sent) => sent.tokens)
  const cached = provider.sent.map((sent) => sent.cachedTokens)
  const total = tokens.reduce((a, b) => a + b, 0)
  return {
    stopReason: result.stopReason,
    requests: tokens.length,
    maxTokens: Math.max(...tokens),
    lastTokens: tokens.at(-1)!,
    meanTokens: Math.round(total / tokens.length),
    cacheShare: cached.reduce((a, b) => a + b, 0) / total,
    // Turns after the first whose cached part covers the whole previous request.
    fullPrefixHits: provider.sent
      .slice(1)
      .filter(
        (sent, index) => sent.cachedTokens >= provider.sent[index].tokens - 64,
      ).length,
    trims: result.contextNotes.length,
  }
}

const window = 128_000
const managed = await run(300, window)
const unmanaged = await run(300, undefined)
const short = await run(50, window)

const k = (n: number) => `${Math.round(n / 1000)}k`
console.log(
  `300 turns × ${RESULT_BYTES} B results, window ${k(window)} tokens:`,
)
console.log(
  `  with context management:    ${managed.stopReason}, ${managed.requests} requests, largest ${k(managed.maxTokens)} tokens (${((managed.maxTokens / window) * 100).toFixed(0)}% of the window), last ${k(managed.lastTokens)}, mean ${k(managed.meanTokens)}/turn, ${managed.trims} trims, cache-read share ${(managed.cacheShare * 100).toFixed(1)}%`,
)
console.log(
  `  without (context-window off): largest ${k(unmanaged.maxTokens)} tokens (${((unmanaged.maxTokens / window) * 100).toFixed(0)}% of the window: a real API answers 400), mean ${k(unmanaged.meanTokens)}/turn`,
)
console.log(
  `50 turns, Anthropic-shaped: cache-read share ${(short.cacheShare * 100).toFixed(1)}% of input tokens; ${short.fullPrefixHits} of ${short.requests - 1} turns after the first read the whole previous request from cache`,
)
