import {
  contextWindowOf,
  DEFAULT_CONTEXT_WINDOW,
  elideToolResults,
  estimateHistoryTokens,
  replaceWithSummary,
  summaryCut,
} from '../../src/engine/context-window.js'
import { runAgent } from '../../src/engine/run-agent.js'
import type { EngineEvent, Message } from '../../src/schema/index.js'
import type { BaseTool } from '../../src/tools/base-tool.js'
import { defineTool } from '../../src/tools/define-tool.js'
import { Registry } from '../../src/tools/registry.js'
import {
  call,
  ScriptedProvider,
  textReply,
  toolReply,
} from '../helpers/scripted-provider.js'

/** A tool that prints `bytes` of output, like a big `cat`. */
function printTool(): BaseTool {
  return defineTool({
    name: 'print',
    description: 'Prints bytes.',
    inputSchema: {
      type: 'object',
      properties: { bytes: { type: 'number' } },
      required: ['bytes'],
    },
    example: '{"bytes": 10}',
    parse: (input) => input as { bytes: number },
    execute: async ({ bytes }) => 'y'.repeat(bytes),
  })
}

/** system, task, then `turns` × (assistant call, its 8 KB result). */
function history(turns: number): Message[] {
  const messages: Message[] = [
    { role: 'system', content: 'You are a test.' },
    { role: 'user', content: 'Do the thing.' },
  ]
  for (let turn = 1; turn <= turns; turn++) {
    messages.push({
      role: 'assistant',
      content: '',
      toolCalls: [call(`c${turn}`, 'print', { bytes: 8192 })],
    })
    messages.push({
      role: 'user',
      content: 'y'.repeat(8192),
      toolCallId: `c${turn}`,
    })
  }
  return messages
}

test('known models have their window; an unknown one the smallest common window', () => {
  expect(contextWindowOf('claude-sonnet-4-6')).toBe(200_000)
  expect(contextWindowOf('gpt-4o-mini')).toBe(128_000)
  expect(contextWindowOf('gpt-4.1-mini')).toBe(1_047_576)
  expect(contextWindowOf('some-local-model')).toBe(DEFAULT_CONTEXT_WINDOW)
})

test("elision stubs the oldest results first and never the last turn's", () => {
  const messages = history(20)
  const { messages: out, elided } = elideToolResults(messages, 0)
  expect(elided).toBe(19)
  const results = out.filter((message) => message.toolCallId !== undefined)
  for (const result of results.slice(0, 19)) {
    expect(result.content).toMatch(
      /^\[elided to keep the context small: the output of print \{"bytes":8192\}, 8,192 bytes\. Run it again if you need it\.\]$/,
    )
  }
  expect(results[19].content).toHaveLength(8192)
  // Calls, ids and order are untouched: every result still has its call.
  expect(out.map((message) => message.toolCallId)).toEqual(
    messages.map((message) => message.toolCallId),
  )
  expect(messages[3].content).toHaveLength(8192) // the input is not changed
})

test('elision stops as soon as the history fits', () => {
  const messages = history(20)
  const target = estimateHistoryTokens(messages) - 4000
  const { elided } = elideToolResults(messages, target)
  expect(elided).toBe(2) // each stub saves about 2,000 tokens
})

test('a summary replaces the oldest part up to an assistant message, appended to the task', () => {
  const messages = history(10)
  const cut = summaryCut(messages, 5)
  expect(cut).toBeDefined()
  expect(messages[cut!].role).toBe('assistant')
  const out = replaceWithSummary(messages, cut!, 'I printed a lot.')
  expect(out[0]).toEqual(messages[0])
  expect(out[1].role).toBe('user')
  expect(out[1].content).toContain('Do the thing.')
  expect(out[1].content).toContain('I printed a lot.')
  expect(out[2]).toEqual(messages[cut!])
  expect(out.slice(2)).toEqual(messages.slice(cut!))
  // Too short a history has nothing to summarise.
  expect(summaryCut(history(2), 12)).toBeUndefined()
})

test('a 300-turn run of 8 KB results stays under the window and completes', async () => {
  const turns = 300
  const script = [
    ...Array.from({ length: turns }, (_, index) =>
      toolReply(call(`c${index}`, 'print', { bytes: 8192 })),
    ),
    textReply('Done.'),
  ]
  const provider = new ScriptedProvider(script)
  const registry = new Registry()
  registry.register(printTool())
  const events: EngineEvent[] = []
  const window = 128_000
  const result = await runAgent({
    provider,
    registry,
    messages: history(0),
    workdir: '/tmp',
    env: {},
    maxTurns: turns + 1,
    toolTimeoutMs: 5000,
    contextWindow: window,
    onEvent: (event) => events.push(event),
  })
  expect(result.stopReason).toBe('completed')
  expect(provider.unexpected).toEqual([])
  const sizes = provider.calls.map((sent) =>
    estimateHistoryTokens(sent.messages),
  )
  expect(Math.max(...sizes)).toBeLessThanOrEqual(window * 0.8)
  // Without trimming the last request would be ~600k tokens.
  expect(estimateHistoryTokens(history(turns))).toBeGreaterThan(window * 4)
  expect(result.contextNotes.length).toBeGreaterThan(0)
  expect(result.contextNotes[0]).toMatch(
    /^Context: \d+ older tool results elided \(\d[\d,]* KB\) to stay under 80% of the 128,000-token window\.$/,
  )
  const notices = events.filter((event) => event.type === 'notice')
  expect(notices).toHaveLength(result.contextNotes.length)
  // Trimmed rarely, not every turn: each trim leaves room for many turns.
  expect(result.contextNotes.length).toBeLessThan(turns / 5)
})

test('when stubs are not enough, the model summarises the oldest part', async () => {
  // Long answers (not tool output) fill the window: only a summary helps.
  const long = (index: number) => ({
    message: {
      role: 'assistant' as const,
      content: `Thinking aloud ${index}: ${'z'.repeat(6000)}`,
      toolCalls: [call(`c${index}`, 'print', { bytes: 10 })],
    },
    usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0 },
  })
  // The model answers a summary request (no tools) with a summary, and
  // otherwise works for 20 turns, then finishes.
  let worked = 0
  const reply = (_messages: Message[], tools: unknown) =>
    tools === null
      ? textReply('SUMMARY: printed 10 bytes many times.')
      : worked < 20
        ? long(worked++)
        : textReply('Done.')
  const provider = new ScriptedProvider(Array.from({ length: 40 }, () => reply))
  const registry = new Registry()
  registry.register(printTool())
  const result = await runAgent({
    provider,
    registry,
    messages: history(0),
    workdir: '/tmp',
    env: {},
    maxTurns: 40,
    toolTimeoutMs: 5000,
    contextWindow: 20_000,
  })
  expect(result.stopReason).toBe('completed')
  expect(result.finalText).toBe('Done.')
  const summaryCall = provider.calls.find((sent) =>
    String(sent.messages.at(-1)?.content).startsWith(
      'The conversation is getting too long',
    ),
  )
  expect(summaryCall?.tools).toBeNull()
  const after = provider.calls.at(-1)!.messages
  expect(after[1].content).toContain('SUMMARY: printed 10 bytes many times.')
  expect(after[2].role).toBe('assistant')
  expect(estimateHistoryTokens(after)).toBeLessThanOrEqual(20_000 * 0.8)
  expect(result.contextNotes.at(-1)).toMatch(
    /^Context: the oldest \d+ messages replaced by a summary the model wrote/,
  )
})
