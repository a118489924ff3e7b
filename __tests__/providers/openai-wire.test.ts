import { OpenAIProvider } from '../../src/providers/openai.js'
import { ProviderError } from '../../src/providers/provider.js'
import type { Message } from '../../src/schema/index.js'
import { openaiReply } from '../helpers/llm-server.js'
import { llmServerPerTest } from '../helpers/per-test.js'
import {
  chunksOf,
  jsonOf,
  replay,
  replayOpenAIChunks,
  streamRecording,
} from '../helpers/wire-corpus.js'
import {
  collect,
  endOf,
  FAST_RETRY,
  rejectionOf,
  TASK_ONLY,
  textOf,
  toolCallEvents,
  TOOLS,
} from './conversation.js'

// Real OpenAI-compatible responses (fixtures/wire, see MANIFEST.json)
// replayed through the real `openai` SDK, and what goes back next turn.

const server = llmServerPerTest({ allServed: true })

function provider(options: { reasoning?: 'off' | 'low' } = {}) {
  return new OpenAIProvider({
    model: 'test-model',
    apiKey: 'test-key',
    baseURL: `${server.url}/v1`,
    ...FAST_RETRY,
    ...options,
  })
}

const streamed = (file: string) => streamRecording(server, provider(), file)

interface SentMessage {
  role: string
  content: unknown
  tool_calls?: Array<Record<string, unknown>>
  tool_call_id?: string
  [field: string]: unknown
}

/** The assistant message of the next request, with a result for each call. */
async function sentBack(message: Message): Promise<SentMessage> {
  const results: Message[] = (message.toolCalls ?? []).map((call) => ({
    role: 'user',
    toolCallId: call.id,
    content: 'Unknown tool',
    isError: true,
  }))
  server.enqueue(openaiReply.text('ok'))
  await provider().generate([...TASK_ONLY, message, ...results], TOOLS)
  const body = server.requests.at(-1)?.body as { messages: SentMessage[] }
  return body.messages[TASK_ONLY.length]
}

type Chunk = {
  choices?: Array<{ delta: Record<string, unknown>; finish_reason?: unknown }>
}

function joinedDelta(file: string, field: string): string {
  return (chunksOf(file) as Chunk[])
    .map((chunk) => chunk.choices?.[0]?.delta[field])
    .filter((piece): piece is string => typeof piece === 'string')
    .join('')
}

describe('DeepSeek reasoner', () => {
  test('streamed: reasoning_content goes back on the assistant message with the call', async () => {
    const FILE = 'deepseek-tool-call.chunks.txt'
    const { events, message, usage } = await streamed(FILE)
    const reasoning = joinedDelta(FILE, 'reasoning_content')
    expect(reasoning).toMatch(/^The user is asking/)
    expect(message.reasoning).toBe(reasoning)
    expect(toolCallEvents(events)).toEqual([
      {
        id: expect.stringMatching(/^call_00_/),
        name: 'weather',
        arguments: '{"location": "San Francisco"}',
      },
    ])
    // reasoning_tokens are inside completion_tokens here (total 422).
    expect(usage).toEqual({
      inputTokens: 339,
      outputTokens: 83,
      cachedInputTokens: 320,
      reasoningTokens: 39,
    })
    const assistant = await sentBack(message)
    expect(assistant.reasoning_content).toBe(reasoning)
    expect(assistant.tool_calls?.[0].id).toBe(message.toolCalls?.[0].id)
  })

  test('non-streamed: the same, the call id kept as received', async () => {
    const FILE = 'deepseek-tool-call.json'
    server.enqueue(replay(FILE))
    const { message } = await provider().generate(TASK_ONLY, TOOLS)
    const recorded = (
      jsonOf(FILE).choices as Array<{ message: Record<string, unknown> }>
    )[0].message
    expect(message.toolCalls).toEqual([
      {
        id: 'call_00_9V0vrf86Pc9aelHCJMZqnJBo',
        name: 'weather',
        arguments: '{"location": "San Francisco"}',
      },
    ])
    const assistant = await sentBack(message)
    expect(assistant.reasoning_content).toBe(recorded.reasoning_content)
    expect(assistant.tool_calls).toEqual([
      {
        id: 'call_00_9V0vrf86Pc9aelHCJMZqnJBo',
        type: 'function',
        function: {
          name: 'weather',
          arguments: '{"location": "San Francisco"}',
        },
      },
    ])
  })
})

describe('xAI: reasoning tokens outside completion_tokens are counted', () => {
  test('streamed', async () => {
    const FILE = 'xai-tool-call.chunks.txt'
    const { message, usage } = await streamed(FILE)
    // total_tokens 560 = 307 prompt + 26 completion + 227 reasoning.
    expect(usage).toEqual({
      inputTokens: 307,
      outputTokens: 26 + 227,
      cachedInputTokens: 306,
      reasoningTokens: 227,
    })
    expect(message.toolCalls).toEqual([
      {
        id: 'call_79382389',
        name: 'weather',
        arguments: '{"location":"San Francisco"}',
      },
    ])
    const assistant = await sentBack(message)
    expect(assistant.reasoning_content).toBe(
      joinedDelta(FILE, 'reasoning_content'),
    )
  })

  test('non-streamed', async () => {
    server.enqueue(replay('xai-tool-call.json'))
    const { usage, message } = await provider().generate(TASK_ONLY, TOOLS)
    expect(usage.outputTokens).toBe(26 + 255)
    expect(usage.reasoningTokens).toBe(255)
    expect(message.toolCalls?.[0].id).toBe('call_46427107')
  })
})

test('Groq: a whole call in one chunk, usage from the finish chunk', async () => {
  const { message, usage } = await streamed('groq-tool-call.chunks.txt')
  expect(message.toolCalls).toEqual([
    { id: 'tk85n1k4m', name: 'weather', arguments: '{}' },
  ])
  expect(usage.inputTokens).toBe(210)
  expect(usage.outputTokens).toBe(15)
})

test('Mistral: a call without an index field is still a call', async () => {
  const { message } = await streamed('mistral-tool-call.chunks.txt')
  expect(message.toolCalls).toEqual([
    {
      id: 'gSIMJiOkT',
      name: 'weather',
      arguments: '{"location": "San Francisco"}',
    },
  ])
})

test('OpenAI: a long streamed text, usage from the last chunk', async () => {
  const FILE = 'openai-text.chunks.txt'
  const { events, message, usage } = await streamed(FILE)
  expect(textOf(events)).toBe(joinedDelta(FILE, 'content'))
  expect(message.content).toBe(joinedDelta(FILE, 'content'))
  expect(message.stop).toEqual({ reason: 'end', raw: 'stop' })
  expect(usage).toEqual({
    inputTokens: 16,
    outputTokens: 300,
    cachedInputTokens: 0,
  })
})

test('OpenRouter: comments skipped, `reasoning` sent back under its own name', async () => {
  const { message, usage } = await streamed('openrouter-reasoning.sse')
  expect(message.content).toContain('2 + 2 = 4')
  expect(message.reasoning).toMatch(/^This/)
  expect(usage.reasoningTokens).toBe(13)
  expect(usage.outputTokens).toBe(36)
  const assistant = await sentBack(message)
  expect(assistant.reasoning).toBe(message.reasoning)
  expect(assistant.reasoning_content).toBeUndefined()
})

test('Groq tool_use_failed in the stream: a malformed-call error, not retried', async () => {
  server.enqueue(replay('groq-tool-use-failed.sse'))
  const error = await rejectionOf(
    collect(provider().generateStream(TASK_ONLY, TOOLS)),
  )
  expect(error).toBeInstanceOf(ProviderError)
  expect(error.message).toContain(
    'openai rejected a tool call the model wrote: Tool call validation failed',
  )
  const told = (error as ProviderError).malformedToolCall ?? ''
  expect(told).toContain('did not match schema')
  expect(told).toContain('"invalid_param": "value"')
  expect(server.requests).toHaveLength(1)
})

describe('stream endings', () => {
  // Derived from a recording, said so: groq-tool-call.chunks.txt with its
  // finish_reason removed, as OpenRouter ends some streams (no public
  // recording of that was found).
  function withoutFinishReason(): Chunk[] {
    return (chunksOf('groq-tool-call.chunks.txt') as Chunk[]).map((chunk) => ({
      ...chunk,
      choices: chunk.choices?.map((choice) => ({
        ...choice,
        finish_reason: null,
      })),
    }))
  }

  test('[DONE], whole calls and usage but no finish_reason: accepted', async () => {
    server.enqueue(replayOpenAIChunks(withoutFinishReason()))
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    expect(endOf(events).message.toolCalls).toEqual([
      { id: 'tk85n1k4m', name: 'weather', arguments: '{}' },
    ])
    expect(server.requests).toHaveLength(1)
  })

  test('no finish_reason and no usage: cut off, retried', async () => {
    const chunks = withoutFinishReason().map((chunk) => {
      const copy: Record<string, unknown> = { ...chunk }
      delete copy.usage
      delete copy.x_groq
      return copy
    })
    server.enqueue(
      replayOpenAIChunks(chunks),
      replay('groq-tool-call.chunks.txt'),
    )
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    expect(endOf(events).message.toolCalls?.[0].id).toBe('tk85n1k4m')
    expect(server.requests).toHaveLength(2)
  })
})

describe('tool-call fields (constructed in the documented shapes)', () => {
  // Gemini's OpenAI endpoint puts a thought signature beside the function;
  // Gemini 3 answers 400 "Function call is missing a thought_signature"
  // when it does not come back. https://ai.google.dev/gemini-api/docs/openai
  const EXTRA = { google: { thought_signature: 'CiQBjz1rX3Tsig==' } }

  function geminiChunks(id: string) {
    return [
      {
        choices: [
          {
            index: 0,
            delta: {
              role: 'assistant',
              tool_calls: [
                {
                  extra_content: EXTRA,
                  function: { arguments: '{"path":"a.ts"}', name: 'read_file' },
                  id,
                  type: 'function',
                },
              ],
            },
          },
        ],
        model: 'gemini-3-pro-preview',
        object: 'chat.completion.chunk',
      },
      {
        choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }],
        usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
        object: 'chat.completion.chunk',
      },
    ]
  }

  test('extra_content on a streamed call goes back unchanged', async () => {
    server.enqueue(replayOpenAIChunks(geminiChunks('function-call-1')))
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    const { message } = endOf(events)
    const assistant = await sentBack(message)
    expect(assistant.tool_calls).toEqual([
      {
        extra_content: EXTRA,
        id: 'function-call-1',
        type: 'function',
        function: { name: 'read_file', arguments: '{"path":"a.ts"}' },
      },
    ])
  })

  test('extra_content on a non-streamed call goes back unchanged', async () => {
    server.enqueue({
      status: 200,
      json: {
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              tool_calls: [
                {
                  extra_content: EXTRA,
                  function: { arguments: '{}', name: 'bash' },
                  id: 'function-call-2',
                  type: 'function',
                },
              ],
            },
          },
        ],
      },
    })
    const { message } = await provider().generate(TASK_ONLY, TOOLS)
    const assistant = await sentBack(message)
    expect(assistant.tool_calls?.[0].extra_content).toEqual(EXTRA)
  })

  test('extra_content on a streamed message goes back on the message', async () => {
    server.enqueue(
      replayOpenAIChunks([
        {
          choices: [
            {
              index: 0,
              delta: {
                role: 'assistant',
                content: 'Noon.',
                extra_content: EXTRA,
              },
              finish_reason: 'stop',
            },
          ],
        },
      ]),
    )
    const { message } = endOf(
      await collect(provider().generateStream(TASK_ONLY, TOOLS)),
    )
    const assistant = await sentBack(message)
    expect(assistant).toEqual({
      role: 'assistant',
      content: 'Noon.',
      extra_content: EXTRA,
    })
  })

  test('an empty id gets the same generated id on both paths', async () => {
    server.enqueue(replayOpenAIChunks(geminiChunks('')))
    const streamedCall = endOf(
      await collect(provider().generateStream(TASK_ONLY, TOOLS)),
    ).message.toolCalls?.[0]
    server.enqueue({
      status: 200,
      json: {
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              tool_calls: [
                {
                  function: { arguments: '{"path":"a.ts"}', name: 'read_file' },
                  id: '',
                  type: 'function',
                },
              ],
            },
          },
        ],
      },
    })
    const wholeCall = (await provider().generate(TASK_ONLY, TOOLS)).message
      .toolCalls?.[0]
    expect(streamedCall?.id).toMatch(/^call_0_[0-9a-f]{8}$/)
    expect(wholeCall?.id).toBe(streamedCall?.id)
  })
})

test('reasoning low sends reasoning_effort; off sends none', async () => {
  server.enqueue(openaiReply.text('a'), openaiReply.text('b'))
  await provider({ reasoning: 'low' }).generate(TASK_ONLY, TOOLS)
  await provider().generate(TASK_ONLY, TOOLS)
  const [first, second] = server.requests.map(
    (request) => request.body as Record<string, unknown>,
  )
  expect(first.reasoning_effort).toBe('low')
  expect(second).not.toHaveProperty('reasoning_effort')
})

test('a content_filter finish is a refusal; length is a cut', async () => {
  server.enqueue(
    openaiReply.text('', { finishReason: 'content_filter' }),
    openaiReply.text('Half an ans', { finishReason: 'length' }),
  )
  const filtered = await provider().generate(TASK_ONLY, TOOLS)
  expect(filtered.message.stop?.reason).toBe('refusal')
  const cut = await provider().generate(TASK_ONLY, TOOLS)
  expect(cut.message.stop).toEqual({ reason: 'length', raw: 'length' })
})

describe("Gemini's OpenAI endpoint (recorded)", () => {
  const FILE = 'gemini-tool-call-empty-id.json'
  type Recorded = {
    choices: Array<{ message: Record<string, unknown> }>
  }

  test('the empty id gets a stable id, extra_content goes back on the message', async () => {
    server.enqueue(replay(FILE))
    const { message, usage } = await provider().generate(TASK_ONLY, TOOLS)
    expect(message.toolCalls).toEqual([
      {
        id: expect.stringMatching(/^call_0_[0-9a-f]{8}$/),
        name: 'get_current_time',
        arguments: '{}',
      },
    ])
    // total_tokens 109 = 35 prompt + 12 completion + 62 thinking tokens
    // that Gemini reports nowhere else.
    expect(usage).toEqual({
      inputTokens: 35,
      outputTokens: 12 + 62,
      cachedInputTokens: 0,
      reasoningTokens: 62,
    })
    const recorded = (jsonOf(FILE) as Recorded).choices[0].message
    const assistant = await sentBack(message)
    expect(assistant.extra_content).toEqual(recorded.extra_content)
    expect(assistant.tool_calls?.[0].id).toBe(message.toolCalls?.[0].id)
    const observation = (
      server.requests.at(-1)?.body as { messages: SentMessage[] }
    ).messages[TASK_ONLY.length + 1]
    expect(observation.tool_call_id).toBe(message.toolCalls?.[0].id)
  })

  test('the same call streamed with an empty id gets the same id', async () => {
    server.enqueue(replay(FILE))
    const whole = (await provider().generate(TASK_ONLY, TOOLS)).message
    // The recorded call as one stream chunk (written by us: no streamed
    // recording of it was found).
    server.enqueue(
      replayOpenAIChunks([
        {
          choices: [
            {
              index: 0,
              delta: {
                role: 'assistant',
                tool_calls: [
                  {
                    index: 0,
                    id: '',
                    type: 'function',
                    function: { name: 'get_current_time', arguments: '{}' },
                  },
                ],
              },
              finish_reason: 'tool_calls',
            },
          ],
        },
      ]),
    )
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    expect(toolCallEvents(events)[0].id).toBe(whole.toolCalls?.[0].id)
  })
})

describe('length stops (recorded)', () => {
  test('non-streamed (Together via the Hugging Face router): a cut text, not an end', async () => {
    const FILE = 'together-length.json'
    server.enqueue(replay(FILE))
    const { message, usage } = await provider().generate(TASK_ONLY, TOOLS)
    const recorded = (
      jsonOf(FILE).choices as Array<{ message: { content: string } }>
    )[0].message
    expect(message.stop).toEqual({ reason: 'length', raw: 'length' })
    expect(message.content).toBe(recorded.content)
    expect(message.toolCalls).toBeUndefined()
    expect(usage.outputTokens).toBe(100)
  })

  test('streamed (DeepSeek): the same', async () => {
    const FILE = 'deepseek-text-length.chunks.txt'
    const { message, usage } = await streamed(FILE)
    expect(message.stop).toEqual({ reason: 'length', raw: 'length' })
    expect(message.content).toBe(joinedDelta(FILE, 'content'))
    expect(usage.outputTokens).toBe(400)
  })
})

test("OpenRouter: an error chunk in the stream is surfaced with the provider's message", async () => {
  server.enqueue(replay('openrouter-stream-error.sse'))
  const error = await rejectionOf(
    collect(provider().generateStream(TASK_ONLY, TOOLS)),
  )
  expect(error).toBeInstanceOf(ProviderError)
  expect(error.message).toContain('Token limit reached')
  expect(server.requests).toHaveLength(1)
})
