import { OpenAIProvider } from '../../src/providers/openai.js'
import type { RetryEvent } from '../../src/providers/retry.js'
import { ProviderError } from '../../src/providers/provider.js'
import {
  cutOff,
  openaiError,
  openaiReply,
  openaiStream,
} from '../helpers/llm-server.js'
import { llmServerPerTest } from '../helpers/per-test.js'
import { providerModes } from '../helpers/provider-modes.js'
import {
  AFTER_TOOLS,
  FAST_RETRY,
  SYSTEM,
  TASK,
  TASK_ONLY,
  THREE_CALLS,
  TOOLS,
  collect,
  consoleOutputDuring,
  endOf,
  rejectionOf,
  textOf,
  toolCallEvents,
} from './conversation.js'

const server = llmServerPerTest({ allServed: true })

function provider(
  options: {
    maxRetries?: number
    idleTimeoutMs?: number
    onRetry?: (event: RetryEvent) => void
  } = {},
): OpenAIProvider {
  return new OpenAIProvider({
    model: 'gpt-test',
    apiKey: 'test-key',
    baseURL: `${server.url}/v1`,
    ...FAST_RETRY,
    ...options,
  })
}

function body(index = 0): Record<string, unknown> {
  return server.requests[index].body as Record<string, unknown>
}

const modes = providerModes(provider, {
  generate: openaiReply,
  stream: openaiStream,
})

describe.each(modes)('OpenAIProvider ($mode)', ({ mode, reply, run }) => {
  test('a plain answer', async () => {
    server.enqueue(reply.text('All tests pass.'))
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message).toMatchObject({
      role: 'assistant',
      content: 'All tests pass.',
    })
    expect(server.requests[0].path).toBe('/v1/chat/completions')
    expect(server.requests[0].headers.authorization).toBe('Bearer test-key')
    expect(body()).toMatchObject({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: TASK },
      ],
    })
    if (mode === 'stream') {
      expect(textOf(result.events)).toBe('All tests pass.')
      expect(body()).toMatchObject({
        stream: true,
        stream_options: { include_usage: true },
      })
    }
  })

  test('one tool call', async () => {
    const call = { id: 'call_x', name: 'bash', arguments: '{"command":"ls"}' }
    server.enqueue(reply.toolCalls([call], { text: 'Listing.' }))
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message).toMatchObject({
      role: 'assistant',
      content: 'Listing.',
      toolCalls: [call],
    })
    if (mode === 'stream') expect(toolCallEvents(result.events)).toEqual([call])
  })

  test('three parallel calls, interleaved and split, come back in order', async () => {
    server.enqueue(
      reply.toolCalls(THREE_CALLS, { interleave: true, pieces: 5 }),
    )
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message.toolCalls).toEqual(THREE_CALLS)
    if (mode === 'stream') {
      expect(toolCallEvents(result.events)).toEqual(THREE_CALLS)
      expect(result.events.at(-1)?.type).toBe('message-end')
    }
  })

  test('tool definitions and tool results go out in the wire format', async () => {
    server.enqueue(reply.text('Fixed.'))
    await run(AFTER_TOOLS, TOOLS)
    expect(body().tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'read_file',
          description: 'Read a file.',
          parameters: TOOLS[0].inputSchema,
        },
      },
      {
        type: 'function',
        function: {
          name: 'bash',
          description: 'Run a command.',
          parameters: TOOLS[1].inputSchema,
        },
      },
    ])
    expect((body().messages as unknown[]).slice(2)).toEqual([
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [
          {
            id: 'call_a',
            type: 'function',
            function: { name: 'read_file', arguments: '{"path":"a.ts"}' },
          },
          {
            id: 'call_b',
            type: 'function',
            function: { name: 'bash', arguments: '{"command":"npm test"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'export const a = 1' },
      { role: 'tool', tool_call_id: 'call_b', content: 'exit code 1' },
    ])
  })

  test('tools null sends no tools field; [] is sent as given', async () => {
    server.enqueue(reply.text('Plan: read a.ts.'), reply.text('Done.'))
    await run(AFTER_TOOLS, null)
    await run(TASK_ONLY, [])
    expect(body(0)).not.toHaveProperty('tools')
    expect(body(1).tools).toEqual([])
  })

  test('usage counts cached input tokens', async () => {
    server.enqueue(
      reply.text('ok', {
        usage: {
          prompt_tokens: 1200,
          completion_tokens: 30,
          cached_tokens: 1000,
        },
      }),
    )
    const result = await run(TASK_ONLY, TOOLS)
    expect(result).toMatchObject({
      usage: { inputTokens: 1200, outputTokens: 30, cachedInputTokens: 1000 },
    })
  })

  test('malformed tool-argument JSON passes through as raw text', async () => {
    const broken = { id: 'call_m', name: 'bash', arguments: '{"command": "ls' }
    server.enqueue(reply.toolCalls([broken]))
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message.toolCalls).toEqual([broken])
  })

  test('429 with retry-after-ms waits, then succeeds', async () => {
    server.enqueue(
      openaiError(429, 'Rate limit reached', { 'retry-after-ms': '300' }),
      reply.text('ok'),
    )
    const started = Date.now()
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message.content).toBe('ok')
    expect(Date.now() - started).toBeGreaterThanOrEqual(280)
    expect(server.requests).toHaveLength(2)
  })

  test('500 then success', async () => {
    server.enqueue(
      openaiError(500, 'The server had an error'),
      reply.text('ok'),
    )
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message.content).toBe('ok')
    expect(server.requests).toHaveLength(2)
  })

  test('gives up after four attempts, naming the last failure', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      server.enqueue(openaiError(503, 'Service unavailable'))
    }
    const error = await rejectionOf(run(TASK_ONLY, TOOLS))
    expect(error.message).toBe(
      'openai request failed (HTTP 503): Service unavailable ' +
        '(gave up after 4 attempts)',
    )
    expect(server.requests).toHaveLength(4)
  })

  test('401 is a ProviderError naming provider, status and API message', async () => {
    server.enqueue(openaiError(401, 'Incorrect API key provided: sk-test'))
    const error = await rejectionOf(run(TASK_ONLY, TOOLS))
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({
      message:
        'openai request failed (HTTP 401): Incorrect API key provided: sk-test',
      provider: 'openai',
      status: 401,
      retryable: false,
    })
    expect(server.requests).toHaveLength(1)
  })

  test('does not wait past the deadline: gives up instead', async () => {
    server.enqueue(openaiError(429, 'Slow down', { 'retry-after': '30' }))
    const started = Date.now()
    const error = await rejectionOf(
      run(TASK_ONLY, TOOLS, { deadline: Date.now() + 2000 }),
    )
    expect(error.message).toBe(
      'openai request failed (HTTP 429): Slow down ' +
        '(no time left to retry before the deadline)',
    )
    expect(Date.now() - started).toBeLessThan(1000)
  })

  test('an output limit inside a tool call is a clear failure', async () => {
    const cut = { id: 'call_l', name: 'bash', arguments: '{"command":"ec' }
    server.enqueue(reply.toolCalls([cut], { finishReason: 'length' }))
    const error = await rejectionOf(run(TASK_ONLY, TOOLS))
    expect(error.message).toMatch(
      /^openai reply hit the output token limit in the middle of a tool call/,
    )
    expect(server.requests).toHaveLength(1)
  })
})

describe('OpenAIProvider idle timeout', () => {
  test('a server that accepts the request and sends nothing is retried', async () => {
    const retries: RetryEvent[] = []
    server.enqueue(
      { ...openaiReply.text('never sent'), delayMs: 30_000 },
      openaiReply.text('ok'),
    )
    const result = await provider({
      idleTimeoutMs: 200,
      onRetry: (event) => retries.push(event),
    }).generate(TASK_ONLY, TOOLS)
    expect(result.message.content).toBe('ok')
    expect(server.requests).toHaveLength(2)
    expect(retries).toEqual([
      expect.objectContaining({
        provider: 'openai',
        attempt: 2,
        maxAttempts: 4,
        reason: 'openai sent nothing for 0.2 s (model-idle-timeout)',
      }),
    ])
  })

  test('a stream that stalls after its first events is retried', async () => {
    const whole = openaiStream.text('Partial answer that', { pieces: 4 })
    server.enqueue(
      { ...whole, events: whole.events?.slice(0, 2), stall: true },
      openaiStream.text('Whole answer.'),
    )
    const events = await collect(
      provider({ idleTimeoutMs: 200 }).generateStream(TASK_ONLY, TOOLS),
    )
    expect(endOf(events).message.content).toBe('Whole answer.')
    expect(server.requests).toHaveLength(2)
  })

  test('idle attempts that use up the retries fail with the idle reason', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      server.enqueue({ ...openaiStream.text('x'), events: [], stall: true })
    }
    const error = await rejectionOf(
      collect(
        provider({ idleTimeoutMs: 100, maxRetries: 1 }).generateStream(
          TASK_ONLY,
          TOOLS,
        ),
      ),
    )
    expect(error.message).toBe(
      'openai sent nothing for 0.1 s (model-idle-timeout) (gave up after 2 attempts)',
    )
  })
})

describe('OpenAIProvider streams', () => {
  test('the SDK prints nothing of its own about a cut-off stream', async () => {
    server.enqueue(
      cutOff(openaiStream.text('Partial answer that', { pieces: 4 }), 3),
      openaiStream.text('Whole answer.'),
    )
    const printed = await consoleOutputDuring(() =>
      collect(provider().generateStream(TASK_ONLY, TOOLS)),
    )
    // Its report of the broken chunk would bypass our log and its guards.
    expect(printed).toEqual([])
    expect(server.requests).toHaveLength(2)
  })

  test('a stream cut off mid-message is retried; the end is the retry', async () => {
    server.enqueue(
      cutOff(openaiStream.text('Partial answer that', { pieces: 4 }), 3),
      openaiStream.text('Whole answer.'),
    )
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    // Text is shown live, so the cut attempt's first pieces were yielded too.
    expect(textOf(events)).toBe('Partial anWhole answer.')
    expect(endOf(events).message).toMatchObject({
      role: 'assistant',
      content: 'Whole answer.',
    })
    expect(server.requests).toHaveLength(2)
  })

  test('a stream that ends without a finish reason is cut off', async () => {
    const whole = openaiStream.toolCalls(THREE_CALLS)
    // Everything but the finish chunk, the usage chunk and [DONE].
    const events = whole.events?.slice(0, -3) ?? []
    server.enqueue(
      { ...whole, events },
      cutOff(whole, 5, { reset: true }),
      { ...whole, events },
      cutOff(whole, 2),
    )
    const error = await rejectionOf(
      collect(provider().generateStream(TASK_ONLY, TOOLS)),
    )
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.message).toMatch(
      /^openai stream was cut off before the reply was complete.*\(gave up after 4 attempts\)$/,
    )
    expect(server.requests).toHaveLength(4)
  })

  test('no tool-call event is yielded from a failed attempt', async () => {
    const whole = openaiStream.toolCalls(THREE_CALLS)
    server.enqueue(
      { ...whole, events: whole.events?.slice(0, -3) },
      openaiStream.toolCalls([THREE_CALLS[0]]),
    )
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    expect(toolCallEvents(events)).toEqual([THREE_CALLS[0]])
  })

  test('an abort during the retry wait ends the call at once', async () => {
    server.enqueue(openaiError(429, 'Slow down', { 'retry-after': '20' }))
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('run cancelled')), 100)
    const started = Date.now()
    const error = await rejectionOf(
      collect(
        provider().generateStream(TASK_ONLY, TOOLS, {
          signal: controller.signal,
        }),
      ),
    )
    expect(error.message).toBe('openai request was aborted: run cancelled')
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe('OpenAIProvider configuration', () => {
  test('a missing key is one clear sentence', () => {
    expect(() => new OpenAIProvider({ model: 'm', env: {} })).toThrow(
      new ProviderError('OpenAI API key missing: set OPENAI_API_KEY.', {
        provider: 'openai',
      }),
    )
    expect(
      () => new OpenAIProvider({ model: 'm', env: { OPENAI_API_KEY: '' } }),
    ).toThrow('OpenAI API key missing')
  })

  test('key and base URL come from env; explicit options win', async () => {
    const env = {
      OPENAI_API_KEY: 'env-key',
      OPENAI_BASE_URL: `${server.url}/env/v1`,
    }
    server.enqueue(openaiReply.text('one'), openaiReply.text('two'))
    await new OpenAIProvider({ model: 'm', env }).generate(TASK_ONLY, null)
    await new OpenAIProvider({
      model: 'm',
      env,
      apiKey: 'option-key',
      baseURL: `${server.url}/option/v1`,
    }).generate(TASK_ONLY, null)
    expect(
      server.requests.map((request) => [
        request.path,
        request.headers.authorization,
      ]),
    ).toEqual([
      ['/env/v1/chat/completions', 'Bearer env-key'],
      ['/option/v1/chat/completions', 'Bearer option-key'],
    ])
  })
})

describe('the loopback server', () => {
  test('a scripted function answers from the request it received', async () => {
    server.enqueue((request) => {
      const { messages } = request.body as {
        messages: Array<{ content: string }>
      }
      return openaiReply.text(`I read: ${messages.at(-1)?.content}`)
    })
    const result = await provider().generate(AFTER_TOOLS, TOOLS)
    expect(result.message.content).toBe('I read: exit code 1')
  })

  test('an abort while the reply is pending ends the call', async () => {
    server.enqueue({ ...openaiReply.text('too late'), delayMs: 1000 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('run cancelled')), 50)
    const error = await rejectionOf(
      provider().generate(TASK_ONLY, TOOLS, { signal: controller.signal }),
    )
    expect(error.message).toBe('openai request was aborted: run cancelled')
  })

  test('an unscripted request is an HTTP 500 and a recorded miss', async () => {
    const error = await rejectionOf(
      provider({ maxRetries: 0 }).generate(TASK_ONLY, TOOLS),
    )
    expect(error.message).toBe(
      'openai request failed (HTTP 500): llm-server: no scripted reply ' +
        'for POST /v1/chat/completions',
    )
    expect(server.misses.map((miss) => miss.reason)).toEqual([
      'no scripted reply',
    ])
    server.misses.length = 0
  })
})
