import { AnthropicProvider } from '../../src/providers/anthropic.js'
import { ProviderError } from '../../src/providers/provider.js'
import {
  anthropicError,
  anthropicReply,
  anthropicStream,
  cutOff,
  startLlmServer,
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

function provider(): AnthropicProvider {
  return new AnthropicProvider({
    model: 'claude-test',
    apiKey: 'test-key',
    baseURL: server.url,
    ...FAST_RETRY,
  })
}

/** The key as sent: `x-api-key`, or a bearer token (SDK 1.x sends that). */
function sentKey(index = 0): string | undefined {
  const { headers } = server.requests[index]
  return headers['x-api-key'] ?? headers.authorization?.replace(/^Bearer /, '')
}

function body(index = 0): Record<string, unknown> {
  return server.requests[index].body as Record<string, unknown>
}

const modes = providerModes(provider, {
  generate: anthropicReply,
  stream: anthropicStream,
})

const EPHEMERAL = { type: 'ephemeral' }

describe.each(modes)('AnthropicProvider ($mode)', ({ mode, reply, run }) => {
  test('a plain answer', async () => {
    server.enqueue(reply.text('All tests pass.'))
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message).toMatchObject({
      role: 'assistant',
      content: 'All tests pass.',
    })
    expect(server.requests[0].path).toBe('/v1/messages')
    expect(sentKey()).toBe('test-key')
    expect(body()).toMatchObject({
      model: 'claude-test',
      max_tokens: 8192,
      system: [{ type: 'text', text: SYSTEM, cache_control: EPHEMERAL }],
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: TASK, cache_control: EPHEMERAL }],
        },
      ],
    })
    if (mode === 'stream') {
      expect(textOf(result.events)).toBe('All tests pass.')
      expect(body().stream).toBe(true)
    }
  })

  test('one tool call', async () => {
    const call = { id: 'toolu_x', name: 'bash', arguments: '{"command":"ls"}' }
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
      reply.toolCalls(THREE_CALLS, {
        text: 'Three at once.',
        interleave: true,
        pieces: 5,
      }),
    )
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message).toMatchObject({
      role: 'assistant',
      content: 'Three at once.',
      toolCalls: THREE_CALLS,
    })
    if (mode === 'stream') {
      expect(toolCallEvents(result.events)).toEqual(THREE_CALLS)
    }
  })

  test('tool results go back in one user message with is_error', async () => {
    server.enqueue(reply.text('Fixed.'))
    await run(AFTER_TOOLS, TOOLS)
    expect(body().messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: TASK }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look.' },
          {
            type: 'tool_use',
            id: 'call_a',
            name: 'read_file',
            input: { path: 'a.ts' },
          },
          {
            type: 'tool_use',
            id: 'call_b',
            name: 'bash',
            input: { command: 'npm test' },
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call_a',
            content: 'export const a = 1',
            is_error: false,
          },
          {
            type: 'tool_result',
            tool_use_id: 'call_b',
            content: 'exit code 1',
            is_error: true,
            cache_control: EPHEMERAL,
          },
        ],
      },
    ])
  })

  test('tools: properties and required, a cache breakpoint on the last', async () => {
    server.enqueue(reply.text('ok'))
    await run(TASK_ONLY, TOOLS)
    expect(body().tools).toEqual([
      {
        name: 'read_file',
        description: 'Read a file.',
        input_schema: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
        },
      },
      {
        name: 'bash',
        description: 'Run a command.',
        input_schema: {
          type: 'object',
          properties: { command: { type: 'string' } },
          required: ['command'],
        },
        cache_control: EPHEMERAL,
      },
    ])
  })

  test('tools null sends no tools field; [] is sent as given', async () => {
    server.enqueue(reply.text('Plan: read a.ts.'), reply.text('Done.'))
    await run(AFTER_TOOLS, null)
    await run(TASK_ONLY, [])
    expect(body(0)).not.toHaveProperty('tools')
    // The API refuses tool blocks in a request without tools.
    expect(JSON.stringify(body(0).messages)).not.toMatch(
      /"type":"tool_(use|result)"/,
    )
    expect(body(1).tools).toEqual([])
  })

  test('usage adds cache reads and writes to the input tokens', async () => {
    server.enqueue(
      reply.text('ok', {
        usage: {
          input_tokens: 200,
          output_tokens: 30,
          cache_read_input_tokens: 1000,
          cache_creation_input_tokens: 50,
        },
      }),
    )
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.usage).toEqual({
      inputTokens: 1250,
      outputTokens: 30,
      cachedInputTokens: 1000,
      cacheWriteInputTokens: 50,
    })
  })

  test('429 with retry-after (seconds) waits, then succeeds', async () => {
    server.enqueue(
      anthropicError(429, 'rate_limit_error', 'Rate limited', {
        'retry-after': '1',
      }),
      reply.text('ok'),
    )
    const started = Date.now()
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message.content).toBe('ok')
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(server.requests).toHaveLength(2)
  })

  test('500 and 529 (overloaded) are retried', async () => {
    server.enqueue(
      anthropicError(500, 'api_error', 'Internal server error'),
      anthropicError(529, 'overloaded_error', 'Overloaded'),
      reply.text('ok'),
    )
    const result = await run(TASK_ONLY, TOOLS)
    expect(result.message.content).toBe('ok')
    expect(server.requests).toHaveLength(3)
  })

  test('401 is a ProviderError naming provider, status and API message', async () => {
    server.enqueue(
      anthropicError(401, 'authentication_error', 'invalid x-api-key'),
    )
    const error = await rejectionOf(run(TASK_ONLY, TOOLS))
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({
      message: 'anthropic request failed (HTTP 401): invalid x-api-key',
      provider: 'anthropic',
      status: 401,
      retryable: false,
    })
    expect(server.requests).toHaveLength(1)
  })

  test('does not wait past the deadline: gives up instead', async () => {
    server.enqueue(
      anthropicError(529, 'overloaded_error', 'Overloaded', {
        'retry-after': '30',
      }),
    )
    const started = Date.now()
    const error = await rejectionOf(
      run(TASK_ONLY, TOOLS, { deadline: Date.now() + 2000 }),
    )
    expect(error.message).toBe(
      'anthropic request failed (HTTP 529): Overloaded ' +
        '(no time left to retry before the deadline)',
    )
    expect(Date.now() - started).toBeLessThan(1000)
  })

  test('max_tokens inside a tool call is a clear failure', async () => {
    const call = { id: 'toolu_l', name: 'bash', arguments: '{"command":"ls"}' }
    server.enqueue(reply.toolCalls([call], { stopReason: 'max_tokens' }))
    const error = await rejectionOf(run(TASK_ONLY, TOOLS))
    expect(error.message).toMatch(
      /^anthropic reply hit the output token limit in the middle of a tool call \(stop reason 'max_tokens'\)/,
    )
    expect(server.requests).toHaveLength(1)
  })
})

describe('AnthropicProvider requests', () => {
  test('consecutive messages of one role merge; the last block is cached', async () => {
    server.enqueue(anthropicReply.text('ok'))
    await provider().generate(
      [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: TASK },
        { role: 'user', content: 'Context: the issue body.' },
        { role: 'assistant', content: '' },
        { role: 'assistant', content: 'Plan first.' },
        { role: 'user', content: 'Now act.' },
      ],
      TOOLS,
    )
    expect(body().messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: TASK },
          { type: 'text', text: 'Context: the issue body.' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Plan first.' }] },
      {
        role: 'user',
        content: [{ type: 'text', text: 'Now act.', cache_control: EPHEMERAL }],
      },
    ])
  })

  test('tool input that is not a JSON object is sent as {}', async () => {
    server.enqueue(anthropicReply.text('ok'))
    await provider().generate(
      [
        { role: 'user', content: TASK },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 't1', name: 'bash', arguments: '{"command": "l' }],
        },
        { role: 'user', content: 'bad JSON', toolCallId: 't1', isError: true },
      ],
      TOOLS,
    )
    const messages = body().messages as Array<{ content: unknown[] }>
    expect(messages[1].content).toEqual([
      { type: 'tool_use', id: 't1', name: 'bash', input: {} },
    ])
  })
})

describe('AnthropicProvider streams', () => {
  test('malformed tool-argument JSON passes through as raw text', async () => {
    const broken = { id: 'toolu_m', name: 'bash', arguments: '{"command": "ls' }
    server.enqueue(anthropicStream.toolCalls([broken]))
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    expect(endOf(events).message.toolCalls).toEqual([broken])
  })

  test('a tool call with an empty input gets {} as arguments', async () => {
    const empty = { id: 'toolu_e', name: 'bash', arguments: '' }
    server.enqueue(anthropicStream.toolCalls([empty]))
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    expect(toolCallEvents(events)).toEqual([{ ...empty, arguments: '{}' }])
  })

  test('the SDK prints nothing of its own about a cut-off stream', async () => {
    server.enqueue(
      cutOff(anthropicStream.text('Partial answer that', { pieces: 4 }), 5),
      anthropicStream.text('Whole answer.'),
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
      cutOff(anthropicStream.text('Partial answer that', { pieces: 4 }), 5),
      anthropicStream.text('Whole answer.'),
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

  test('a stream that keeps ending before message_stop fails', async () => {
    const whole = anthropicStream.toolCalls(THREE_CALLS)
    server.enqueue(
      { ...whole, events: whole.events?.slice(0, -1) },
      cutOff(whole, 6, { reset: true }),
      cutOff(whole, 9),
      { ...whole, events: whole.events?.slice(0, -1) },
    )
    const error = await rejectionOf(
      collect(provider().generateStream(TASK_ONLY, TOOLS)),
    )
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.message).toMatch(
      /^anthropic stream was cut off before the reply was complete.*\(gave up after 4 attempts\)$/,
    )
    expect(server.requests).toHaveLength(4)
  })

  test('an overloaded_error event inside the stream is retried', async () => {
    const overloaded = {
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    }
    const failing = anthropicStream.events([overloaded])
    server.enqueue(failing, anthropicStream.text('ok'))
    const events = await collect(provider().generateStream(TASK_ONLY, TOOLS))
    expect(endOf(events).message.content).toBe('ok')
    expect(server.requests).toHaveLength(2)
  })

  test('an invalid_request_error event is not retried', async () => {
    const invalid = {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'Bad tool schema' },
    }
    server.enqueue(anthropicStream.events([invalid]))
    const error = await rejectionOf(
      collect(provider().generateStream(TASK_ONLY, TOOLS)),
    )
    expect(error.message).toBe(
      'anthropic stream reported an error: Bad tool schema',
    )
  })
})

describe('AnthropicProvider configuration', () => {
  test('a missing key is one clear sentence', () => {
    expect(() => new AnthropicProvider({ model: 'm', env: {} })).toThrow(
      'Anthropic API key missing: set ANTHROPIC_API_KEY.',
    )
  })

  test('key and base URL come from env; max_tokens is an option', async () => {
    server.enqueue(anthropicReply.text('ok'))
    const env = { ANTHROPIC_API_KEY: 'env-key', ANTHROPIC_BASE_URL: server.url }
    await new AnthropicProvider({ model: 'm', env, maxTokens: 1024 }).generate(
      TASK_ONLY,
      null,
    )
    expect(sentKey()).toBe('env-key')
    expect(body().max_tokens).toBe(1024)
  })
})

test('a refused connection is retried, then named', async () => {
  const closed = await startLlmServer()
  await closed.close()
  const refused = new AnthropicProvider({
    model: 'm',
    apiKey: 'k',
    baseURL: closed.url,
    maxRetries: 1,
    ...FAST_RETRY,
  })
  const error = await rejectionOf(refused.generate(TASK_ONLY, TOOLS))
  expect(error.message).toMatch(
    /^anthropic request failed \(connection error\): .*ECONNREFUSED.* \(gave up after 2 attempts\)$/,
  )
})
