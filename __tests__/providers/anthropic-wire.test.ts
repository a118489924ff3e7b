import { AnthropicProvider } from '../../src/providers/anthropic.js'
import type { Message } from '../../src/schema/index.js'
import { anthropicReply } from '../helpers/llm-server.js'
import { llmServerPerTest } from '../helpers/per-test.js'
import {
  chunksOf,
  jsonOf,
  replay,
  streamRecording,
} from '../helpers/wire-corpus.js'
import {
  FAST_RETRY,
  TASK_ONLY,
  textOf,
  toolCallEvents,
  TOOLS,
} from './conversation.js'

// Real Anthropic responses (fixtures/wire, see MANIFEST.json) replayed
// through the real SDK; each test also checks what the next request sends
// back, since that is where the API rejects a turn that lost something.

const server = llmServerPerTest({ allServed: true })

function provider(options: { reasoning?: 'off' | 'high' } = {}) {
  return new AnthropicProvider({
    // The recordings are from claude-sonnet-4-5; asking for a model the SDK
    // calls deprecated makes it print a warning with a stack trace per call.
    model: 'claude-sonnet-4-6',
    apiKey: 'test-key',
    baseURL: server.url,
    ...FAST_RETRY,
    ...options,
  })
}

const streamed = (file: string) => streamRecording(server, provider(), file)

/** The assistant content of the next request, after `message` joined the history. */
async function sentBack(
  message: Message,
  after: Message[] = [{ role: 'user', content: 'Go on.' }],
) {
  server.enqueue(anthropicReply.text('ok'))
  await provider().generate([...TASK_ONLY, message, ...after], TOOLS)
  const body = server.requests.at(-1)?.body as {
    messages: Array<{ role: string; content: Array<Record<string, unknown>> }>
  }
  return body.messages
}

type Event = Record<string, unknown> & {
  index?: number
  content_block?: Record<string, unknown>
  delta?: Record<string, unknown>
}

/** The text of a recorded stream: every text_delta, in order. */
function recordedText(file: string): string {
  return (chunksOf(file) as Event[])
    .map((event) =>
      event.delta?.type === 'text_delta' ? String(event.delta.text) : '',
    )
    .join('')
}

function startedBlocks(file: string): Record<string, unknown>[] {
  return (chunksOf(file) as Event[])
    .filter((event) => event.type === 'content_block_start')
    .map((event) => event.content_block ?? {})
}

describe('web search (server tool), streamed', () => {
  const FILE = 'anthropic-web-search.chunks.txt'

  test('the answer is the recorded text and nothing is a local call', async () => {
    const { events, message, usage } = await streamed(FILE)
    expect(textOf(events)).toBe(recordedText(FILE))
    expect(message.content).toBe(recordedText(FILE))
    expect(message.content).toContain('Apple Ginza')
    expect(toolCallEvents(events)).toEqual([])
    expect(message.toolCalls).toBeUndefined()
    expect(message.stop).toEqual({ reason: 'end', raw: 'end_turn' })
    // message_delta's counts are final: the search results were input too.
    const final = (chunksOf(FILE) as Event[]).find(
      (event) => event.type === 'message_delta',
    )?.usage as Record<string, number>
    expect(usage.inputTokens).toBe(final.input_tokens)
    expect(usage.inputTokens).toBeGreaterThan(2037)
    expect(usage.outputTokens).toBe(final.output_tokens)
  })

  test('server_tool_use, its result and the citations go back as received', async () => {
    const { message } = await streamed(FILE)
    const [, assistant] = await sentBack(message)
    expect(assistant.role).toBe('assistant')
    const recorded = startedBlocks(FILE)
    // Every non-empty block comes back, in order, of the recorded type.
    expect(assistant.content.map((block) => block.type)).toEqual(
      recorded
        .map((block, index) => ({ block, index }))
        .filter(({ index }) => !isEmptyTextBlock(FILE, index))
        .map(({ block }) => block.type),
    )
    const search = assistant.content[0]
    expect(search).toEqual({
      type: 'server_tool_use',
      id: 'srvtoolu_01Bj5uzzLcYG5hfueSLcDH8k',
      name: 'web_search',
      input: { query: 'tech news today September 26 2025' },
    })
    // The result block arrives whole in content_block_start: byte-equal.
    expect(assistant.content[1]).toEqual(recorded[1])
    const cited = assistant.content.find(
      (block) => Array.isArray(block.citations) && block.citations.length > 0,
    )
    const recordedCitations = (chunksOf(FILE) as Event[])
      .filter(
        (event) => event.index === 3 && event.delta?.type === 'citations_delta',
      )
      .map((event) => event.delta?.citation)
    expect(cited?.citations).toEqual(recordedCitations)
  })
})

/** Whether block `index` of a recorded stream is a text block left empty. */
function isEmptyTextBlock(file: string, index: number): boolean {
  const events = chunksOf(file) as Event[]
  const start = events.find(
    (event) => event.type === 'content_block_start' && event.index === index,
  )
  if (start?.content_block?.type !== 'text') return false
  return !events.some(
    (event) =>
      event.index === index &&
      event.delta?.type === 'text_delta' &&
      event.delta.text !== '',
  )
}

test('web search, non-streamed: the whole content goes back unchanged', async () => {
  const FILE = 'anthropic-web-search.json'
  server.enqueue(replay(FILE))
  const { message } = await provider().generate(TASK_ONLY, TOOLS)
  const recorded = jsonOf(FILE).content as Array<Record<string, unknown>>
  expect(message.toolCalls).toBeUndefined()
  expect(message.content).toBe(
    recorded
      .filter((block) => block.type === 'text')
      .map((block) => block.text)
      .join(''),
  )
  const [, assistant] = await sentBack(message)
  expect(assistant.content).toEqual(
    recorded.filter((block) => !(block.type === 'text' && block.text === '')),
  )
})

test('code execution results are kept and never run here', async () => {
  const FILE = 'anthropic-code-execution.chunks.txt'
  const { events, message } = await streamed(FILE)
  expect(toolCallEvents(events)).toEqual([])
  expect(message.content).toBe(recordedText(FILE))
  const [, assistant] = await sentBack(message)
  const types = assistant.content.map((block) => String(block.type))
  expect(types).toContain('server_tool_use')
  expect(
    types.some((type) => type.endsWith('code_execution_tool_result')),
  ).toBe(true)
  for (const recorded of startedBlocks(FILE).filter((block) =>
    String(block.type).endsWith('_tool_result'),
  )) {
    expect(assistant.content).toContainEqual(recorded)
  }
})

test('a streamed thinking block goes back with its signature', async () => {
  const FILE = 'anthropic-thinking.chunks.txt'
  const { message } = await streamed(FILE)
  const events = chunksOf(FILE) as Event[]
  const thinking = events
    .filter((event) => event.delta?.type === 'thinking_delta')
    .map((event) => String(event.delta?.thinking))
    .join('')
  const signature = events.find(
    (event) => event.delta?.type === 'signature_delta',
  )?.delta?.signature
  expect(message.reasoning).toBe(thinking)
  expect(message.content).toBe('925 ÷ 5 = 185')
  const [, assistant] = await sentBack(message)
  expect(assistant.content[0]).toEqual({
    type: 'thinking',
    thinking,
    signature,
  })
})

test('redacted thinking blocks go back with their data unchanged', async () => {
  const FILE = 'anthropic-redacted-thinking.sse'
  const { message } = await streamed(FILE)
  expect(message.content).toMatch(/^I notice that you've sent what appears/)
  const [, assistant] = await sentBack(message)
  const redacted = assistant.content.filter(
    (block) => block.type === 'redacted_thinking',
  )
  expect(redacted).toHaveLength(2)
  expect(String(redacted[0].data)).toMatch(/^EqkECkYIBxgCKkA8AZ4noDfV5/)
  expect(String(redacted[1].data)).toMatch(/^EtgBCkYIBxgCKkDQfGkwzflEJP5/)
})

test('thinking then tool_use: the call runs, and the continuation carries the thinking block first', async () => {
  const FILE = 'anthropic-thinking-tool-use.json'
  server.enqueue(replay(FILE))
  const { message } = await provider().generate(TASK_ONLY, TOOLS)
  const recorded = jsonOf(FILE).content as Array<Record<string, unknown>>
  const toolUse = recorded.find((block) => block.type === 'tool_use')
  expect(message.toolCalls).toEqual([
    { id: toolUse?.id, name: 'get_user_country', arguments: '{}' },
  ])
  const messages = await sentBack(message, [
    {
      role: 'user',
      toolCallId: String(toolUse?.id),
      content: 'Unknown tool',
      isError: true,
    },
  ])
  // Without the signed thinking block first, the API answers "Expected
  // `thinking` or `redacted_thinking`, but found `tool_use`".
  expect(messages[1].content).toEqual(recorded)
  expect(messages[1].content[0].type).toBe('thinking')
  expect(messages[2].content[0]).toMatchObject({
    type: 'tool_result',
    tool_use_id: toolUse?.id,
    is_error: true,
  })
})

test('a tool_use with no input pieces is a call with {}', async () => {
  const { events } = await streamed('anthropic-tool-no-args.chunks.txt')
  const calls = toolCallEvents(events)
  expect(calls).toHaveLength(1)
  expect(calls[0].arguments).toBe('{}')
})

test('a plain streamed answer is the recorded text', async () => {
  const FILE = 'anthropic-text.chunks.txt'
  const { message } = await streamed(FILE)
  expect(message.content).toBe(recordedText(FILE))
  expect(message.stop?.reason).toBe('end')
})

describe('refusal', () => {
  const EXPLANATION =
    "This request triggered restrictions on violative cyber content and was blocked under Anthropic's Usage Policy."

  test('streamed: stop is a refusal with the provider explanation', async () => {
    const { message } = await streamed('anthropic-refusal.chunks.txt')
    expect(message.stop).toEqual({
      reason: 'refusal',
      raw: 'refusal',
      explanation: EXPLANATION,
    })
  })

  test('non-streamed: the same', async () => {
    server.enqueue(replay('anthropic-refusal.json'))
    const { message } = await provider().generate(TASK_ONLY, TOOLS)
    expect(message.stop).toEqual({
      reason: 'refusal',
      raw: 'refusal',
      explanation: EXPLANATION,
    })
  })
})

describe('reasoning input', () => {
  test('off sends no thinking field and the usual max_tokens', async () => {
    server.enqueue(anthropicReply.text('ok'))
    await provider().generate(TASK_ONLY, TOOLS)
    const body = server.requests[0].body as Record<string, unknown>
    expect(body.thinking).toBeUndefined()
    expect(body.max_tokens).toBe(8192)
  })

  test('high turns on extended thinking with max_tokens above the budget', async () => {
    server.enqueue(anthropicReply.text('ok'))
    await provider({ reasoning: 'high' }).generate(TASK_ONLY, TOOLS)
    const body = server.requests[0].body as Record<string, unknown>
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 24_576 })
    expect(body.max_tokens).toBe(24_576 + 8192)
    // Thinking allows no temperature other than 1: none is sent.
    expect(body.temperature).toBeUndefined()
  })
})
