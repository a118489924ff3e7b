import {
  FallbackProvider,
  isFallbackError,
  type FallbackSwitch,
} from '../../src/providers/fallback-provider.js'
import {
  ProviderError,
  type GenerateOptions,
} from '../../src/providers/provider.js'
import type {
  Message,
  StreamEvent,
  ToolDefinition,
} from '../../src/schema/index.js'
import { ScriptedProvider, textReply } from '../helpers/scripted-provider.js'

/** The fallback: a scripted model with its own name. */
class FallbackModel extends ScriptedProvider {
  override readonly model: string = 'fallback-model'
}

/**
 * A primary whose retries are already over: every call fails with `error`,
 * a stream after yielding `before` events.
 */
class FailingModel extends ScriptedProvider {
  override readonly model: string = 'primary-model'
  attempts = 0
  constructor(
    private readonly error: unknown,
    private readonly before: StreamEvent[] = [],
  ) {
    super([])
  }
  override async generate(
    _messages: Message[],
    _tools: ToolDefinition[] | null,
    options?: GenerateOptions,
  ): Promise<never> {
    this.attempts++
    options?.signal?.throwIfAborted()
    throw this.error
  }
  override async *generateStream(): AsyncIterable<StreamEvent> {
    this.attempts++
    yield* this.before
    throw this.error
  }
}

const MESSAGES: Message[] = [{ role: 'user', content: 'Hi.' }]

function httpError(status: number, message = `HTTP ${status}`) {
  return new ProviderError(`primary request failed (${message})`, {
    provider: 'primary',
    status,
    retryable: status === 429 || status >= 500,
  })
}

function setup(error: unknown, before: StreamEvent[] = []) {
  const primary = new FailingModel(error, before)
  const fallback = new FallbackModel([
    textReply('From the fallback.'),
    textReply('Still the fallback.'),
  ])
  const switches: FallbackSwitch[] = []
  const provider = new FallbackProvider(primary, fallback, (change) =>
    switches.push(change),
  )
  return { primary, fallback, switches, provider }
}

async function collect(stream: AsyncIterable<StreamEvent>) {
  const events: StreamEvent[] = []
  for await (const event of stream) events.push(event)
  return events
}

test.each([429, 503, 529])(
  'an exhausted %i moves the run to the fallback, once and for good',
  async (status) => {
    const { primary, fallback, switches, provider } = setup(httpError(status))
    expect(provider.model).toBe('primary-model')
    const first = await provider.generate(MESSAGES, null)
    expect(first.message.content).toBe('From the fallback.')
    expect(provider.model).toBe('fallback-model')
    expect(switches).toEqual([
      {
        from: 'primary-model',
        to: 'fallback-model',
        reason: `primary request failed (HTTP ${status})`,
      },
    ])
    // The next call goes straight to the fallback: the primary is not tried again.
    const second = await provider.generate(MESSAGES, null)
    expect(second.message.content).toBe('Still the fallback.')
    expect(primary.attempts).toBe(1)
    expect(fallback.calls).toHaveLength(2)
    expect(switches).toHaveLength(1)
  },
)

test('a spent quota moves to the fallback whatever its status', async () => {
  const quota = new ProviderError(
    'You exceeded your current quota, please check your plan and billing details.',
    { provider: 'primary', status: 400 },
  )
  const { provider, switches } = setup(quota)
  const result = await provider.generate(MESSAGES, null)
  expect(result.message.content).toBe('From the fallback.')
  expect(switches).toHaveLength(1)
})

test.each([
  ['a bad key', httpError(401)],
  ['a bad request', httpError(400, 'context length exceeded')],
  ['a plain bug', new TypeError('x is not a function')],
  [
    'a malformed tool call',
    new ProviderError('tool_use_failed', {
      provider: 'primary',
      status: 500,
      malformedToolCall: 'Write the call again.',
    }),
  ],
])('%s is the run’s failure, not a reason to switch', async (_name, error) => {
  const { provider, fallback, switches } = setup(error)
  await expect(provider.generate(MESSAGES, null)).rejects.toBe(error)
  expect(provider.model).toBe('primary-model')
  expect(fallback.calls).toHaveLength(0)
  expect(switches).toEqual([])
})

test('an aborted call never switches, even when its error is a 503', async () => {
  const { provider, fallback, switches } = setup(httpError(503))
  const controller = new AbortController()
  controller.abort(new Error('cancelled'))
  await expect(
    provider.generate(MESSAGES, null, { signal: controller.signal }),
  ).rejects.toThrow('cancelled')
  const stream = provider.generateStream(MESSAGES, null, {
    signal: controller.signal,
  })
  await expect(collect(stream)).rejects.toThrow('HTTP 503')
  expect(fallback.calls).toHaveLength(0)
  expect(switches).toEqual([])
  expect(provider.model).toBe('primary-model')
})

test('a stream that failed before any event continues on the fallback', async () => {
  const { provider, switches } = setup(httpError(529))
  const events = await collect(provider.generateStream(MESSAGES, null))
  const end = events.at(-1)
  expect(end?.type).toBe('message-end')
  expect(end?.type === 'message-end' && end.message.content).toBe(
    'From the fallback.',
  )
  expect(switches).toHaveLength(1)
  expect(provider.model).toBe('fallback-model')
})

test('a stream that already passed on text fails rather than mixing two models', async () => {
  const { provider, fallback, switches } = setup(httpError(503), [
    { type: 'text-delta', text: 'Half a sen' },
  ])
  const seen: StreamEvent[] = []
  await expect(
    (async () => {
      for await (const event of provider.generateStream(MESSAGES, null))
        seen.push(event)
    })(),
  ).rejects.toThrow('HTTP 503')
  expect(seen).toEqual([{ type: 'text-delta', text: 'Half a sen' }])
  expect(fallback.calls).toHaveLength(0)
  expect(switches).toEqual([])
  expect(provider.model).toBe('primary-model')
})

test('isFallbackError: rate limits, overloads, server errors and quotas only', () => {
  expect(isFallbackError(httpError(429))).toBe(true)
  expect(isFallbackError(httpError(500))).toBe(true)
  expect(isFallbackError(httpError(529))).toBe(true)
  expect(isFallbackError(httpError(404))).toBe(false)
  expect(isFallbackError(httpError(408))).toBe(false)
  expect(
    isFallbackError(
      new ProviderError('Your credit balance is too low', {
        provider: 'anthropic',
        status: 400,
      }),
    ),
  ).toBe(true)
  expect(isFallbackError(new Error('HTTP 503'))).toBe(false)
})
