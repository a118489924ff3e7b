import { ACT_ON_PLAN_PROMPT, runAgent } from '../../src/engine/run-agent.js'
import type { EngineEvent } from '../../src/schema/index.js'
import { Registry } from '../../src/tools/registry.js'
import {
  call,
  ScriptedProvider,
  textReply,
  toolReply,
} from '../helpers/scripted-provider.js'
import { scriptedAgentRun as setup } from '../helpers/agent-run.js'
import { sleepTool } from '../helpers/test-tools.js'

function eventsOf<T extends EngineEvent['type']>(
  events: EngineEvent[],
  type: T,
) {
  return events.filter(
    (event): event is Extract<EngineEvent, { type: T }> => event.type === type,
  )
}

test('a reply without tool calls completes the run with its text', async () => {
  const { provider, options } = setup([textReply('All done.')])
  const result = await runAgent(options)
  expect(result.stopReason).toBe('completed')
  expect(result.finalText).toBe('All done.')
  expect(result.turns).toBe(1)
  expect(result.usage).toEqual({
    inputTokens: 10,
    outputTokens: 5,
    cachedInputTokens: 0,
  })
  expect(provider.unexpected).toEqual([])
})

test('the thinking phase sends null tools, then the action phase sends the definitions', async () => {
  const { provider, options } = setup(
    [textReply('I will just answer.'), textReply('Answer.')],
    { thinking: true },
  )
  const result = await runAgent(options)
  expect(
    provider.calls.map(
      (recorded) => recorded.tools?.map((tool) => tool.name) ?? null,
    ),
  ).toEqual([null, ['sleep']])
  // The action call sees the plan and the nudge to act on it.
  const actionMessages = provider.calls[1].messages
  expect(actionMessages.at(-2)).toEqual({
    role: 'assistant',
    content: 'I will just answer.',
  })
  expect(actionMessages.at(-1)).toEqual({
    role: 'user',
    content: ACT_ON_PLAN_PROMPT,
  })
  expect(result.finalText).toBe('Answer.')
  expect(provider.unexpected).toEqual([])
})

test('calls of one turn overlap in time and their results keep call order', async () => {
  const { provider, tool, events, options } = setup([
    toolReply(
      call('c1', 'sleep', { ms: 300, label: 'slow' }),
      call('c2', 'sleep', { ms: 30, label: 'fast' }),
    ),
    textReply('done'),
  ])
  const result = await runAgent(options)
  // Both started before either ended: they ran concurrently.
  const order = events
    .filter((event) => event.type === 'tool-start' || event.type === 'tool-end')
    .map(
      (event) =>
        `${event.type}:${event.type === 'tool-start' || event.type === 'tool-end' ? event.call.id : ''}`,
    )
  expect(order).toEqual([
    'tool-start:c1',
    'tool-start:c2',
    'tool-end:c2',
    'tool-end:c1',
  ])
  expect(tool.finished).toEqual(['fast', 'slow'])
  // Observations follow the calls' order, each tied to its call id.
  const observations = provider.calls[1].messages.slice(-2)
  expect(observations).toEqual([
    { role: 'user', content: 'slow', toolCallId: 'c1', isError: false },
    { role: 'user', content: 'fast', toolCallId: 'c2', isError: false },
  ])
  expect(result.stopReason).toBe('completed')
})

test('two 300 ms calls take about 300 ms together, not 600 ms', async () => {
  const { options } = setup([
    toolReply(
      call('a', 'sleep', { ms: 300, label: 'a' }),
      call('b', 'sleep', { ms: 300, label: 'b' }),
    ),
    textReply('done'),
  ])
  const events: EngineEvent[] = []
  await runAgent({ ...options, onEvent: (event) => events.push(event) })
  const ends = eventsOf(events, 'tool-end')
  // Each call's own duration is ~300 ms, but the second ended within the
  // first one's lifetime: the sum is not what the turn took.
  const starts = eventsOf(events, 'tool-start')
  const span =
    Math.max(...ends.map((e) => e.at)) - Math.min(...starts.map((e) => e.at))
  const sum = ends.reduce((total, event) => total + event.durationMs, 0)
  expect(span).toBeLessThan(sum)
})

test('a call that times out fails alone and does not hold up the others', async () => {
  const { provider, events, options } = setup(
    [
      toolReply(
        call('stuck', 'sleep', { ms: 60_000, label: 'stuck' }),
        call('quick', 'sleep', { ms: 20, label: 'quick' }),
      ),
      textReply('done'),
    ],
    { toolTimeoutMs: 200 },
  )
  const started = Date.now()
  await runAgent(options)
  expect(Date.now() - started).toBeLessThan(10_000)
  const ends = eventsOf(events, 'tool-end')
  expect(ends.map((event) => event.call.id)).toEqual(['quick', 'stuck'])
  const [stuck, quick] = provider.calls[1].messages.slice(-2)
  expect(quick).toMatchObject({
    toolCallId: 'quick',
    content: 'quick',
    isError: false,
  })
  expect(stuck).toMatchObject({
    toolCallId: 'stuck',
    isError: true,
    content: 'stuck stopped',
  })
})

test('a tool that ignores its signal is abandoned after the grace period', async () => {
  const provider = new ScriptedProvider([
    toolReply(call('x', 'sleep', { ms: 60_000, label: 'deaf' })),
    textReply('ok'),
  ])
  const registry = new Registry()
  registry.register(sleepTool({ ignoreAbort: true }))
  const result = await runAgent({
    provider,
    registry,
    messages: [{ role: 'user', content: 'go' }],
    workdir: '/tmp',
    env: {},
    maxTurns: 3,
    toolTimeoutMs: 100,
  })
  expect(result.stopReason).toBe('completed')
  expect(provider.calls[1].messages.at(-1)).toMatchObject({
    toolCallId: 'x',
    isError: true,
    content: "Tool 'sleep' timed out after 0.1 s and was abandoned.",
  })
})

test('an unknown tool becomes an error result and the model corrects itself', async () => {
  const { provider, options } = setup([
    toolReply(call('u1', 'slep', { ms: 1, label: 'typo' })),
    (messages) => {
      const last = messages.at(-1)
      // The model reads the error and retries with the right name.
      expect(last?.isError).toBe(true)
      return toolReply(call('u2', 'sleep', { ms: 1, label: 'fixed' }))
    },
    textReply('fixed it'),
  ])
  const result = await runAgent(options)
  expect(provider.calls[1].messages.at(-1)).toEqual({
    role: 'user',
    content: "Unknown tool 'slep'. Available tools: sleep.",
    toolCallId: 'u1',
    isError: true,
  })
  expect(provider.calls[2].messages.at(-1)).toMatchObject({
    content: 'fixed',
    isError: false,
  })
  expect(result).toMatchObject({
    stopReason: 'completed',
    turns: 3,
    finalText: 'fixed it',
  })
  expect(provider.unexpected).toEqual([])
})

test('the loop stops at maxTurns', async () => {
  const again = () =>
    toolReply(call(`t${Math.random()}`, 'sleep', { ms: 1, label: 'again' }))
  const { provider, options } = setup([again, again], { maxTurns: 2 })
  const result = await runAgent(options)
  expect(result.stopReason).toBe('max_turns')
  expect(result.turns).toBe(2)
  expect(provider.calls).toHaveLength(2)
  expect(provider.unexpected).toEqual([])
})

test('the loop stops at the deadline and no tool runs past it', async () => {
  const { provider, events, options } = setup(
    [toolReply(call('long', 'sleep', { ms: 60_000, label: 'long' }))],
    { deadline: Date.now() + 300 },
  )
  const result = await runAgent(options)
  expect(result.stopReason).toBe('deadline')
  expect(provider.calls).toHaveLength(1)
  expect(provider.unexpected).toEqual([])
  const [end] = eventsOf(events, 'tool-end')
  expect(end.result.isError).toBe(true)
  expect(eventsOf(events, 'engine-end')[0].stopReason).toBe('deadline')
})

test('the loop stops when the token budget is spent', async () => {
  const again = () => toolReply(call('t', 'sleep', { ms: 1, label: 'x' }))
  // Each reply costs 15 tokens: after two calls, 30 >= 25.
  const { provider, options } = setup([again, again], { maxTotalTokens: 25 })
  const result = await runAgent(options)
  expect(result.stopReason).toBe('token_limit')
  expect(provider.calls).toHaveLength(2)
  expect(result.usage.inputTokens + result.usage.outputTokens).toBe(30)
})

test('an abort from the caller stops the run with `aborted`', async () => {
  const controller = new AbortController()
  const { options } = setup(
    [toolReply(call('s', 'sleep', { ms: 60_000, label: 's' }))],
    { signal: controller.signal },
  )
  setTimeout(() => controller.abort(), 100)
  const result = await runAgent(options)
  expect(result.stopReason).toBe('aborted')
})

test('a provider failure ends the run as failed, keeping the error', async () => {
  const { options } = setup([
    () => {
      throw new Error('openai request failed (HTTP 401): bad key')
    },
  ])
  const result = await runAgent(options)
  expect(result.stopReason).toBe('failed')
  expect(result.error?.message).toBe(
    'openai request failed (HTTP 401): bad key',
  )
})

test('calls naming the same path run in order, others in parallel', async () => {
  const { events, options } = setup([
    toolReply(
      {
        id: 'w1',
        name: 'sleep',
        arguments: JSON.stringify({ path: 'a.txt', ms: 150, label: 'w1' }),
      },
      {
        id: 'w2',
        name: 'sleep',
        arguments: JSON.stringify({ path: './a.txt', ms: 10, label: 'w2' }),
      },
      {
        id: 'o',
        name: 'sleep',
        arguments: JSON.stringify({ path: 'b.txt', ms: 10, label: 'o' }),
      },
    ),
    textReply('done'),
  ])
  await runAgent(options)
  const order = events
    .filter((event) => event.type === 'tool-start' || event.type === 'tool-end')
    .map(
      (event) =>
        `${event.type === 'tool-start' ? 'start' : 'end'}:${'call' in event ? event.call.id : ''}`,
    )
  // w2 waits for w1 (same file); o does not wait for anyone.
  expect(order.indexOf('start:w2')).toBeGreaterThan(order.indexOf('end:w1'))
  expect(order.indexOf('start:o')).toBeLessThan(order.indexOf('end:w1'))
})

test('streaming mode reports text deltas and ends the same way', async () => {
  const { events, options } = setup([textReply('Hello streaming world')], {
    stream: true,
  })
  const result = await runAgent(options)
  const text = eventsOf(events, 'text-delta').map((event) => event.text)
  expect(text).toEqual(['Hello ', 'streaming ', 'world'])
  expect(result.finalText).toBe('Hello streaming world')
})

test('every message of the history is reported once, in order', async () => {
  const { events, options } = setup([
    toolReply(call('c', 'sleep', { ms: 1, label: 'x' })),
    textReply('end'),
  ])
  const result = await runAgent(options)
  const reported = eventsOf(events, 'message').map((event) => event.message)
  expect(reported).toEqual(result.messages)
  expect(reported.map((message) => message.role)).toEqual([
    'system',
    'user',
    'assistant',
    'user',
    'assistant',
  ])
})

/** How many calls ran at once at the busiest moment, from the events. */
function mostAtOnce(events: EngineEvent[]): number {
  let running = 0
  let most = 0
  for (const event of events) {
    if (event.type === 'tool-start') most = Math.max(most, ++running)
    if (event.type === 'tool-end') running--
  }
  return most
}

test('at most maxParallelTools calls run at once; results keep call order', async () => {
  const calls = Array.from({ length: 7 }, (_, index) =>
    call(`p${index}`, 'sleep', { ms: 40, label: `l${index}` }),
  )
  const { provider, events, options } = setup(
    [toolReply(...calls), textReply('done')],
    { maxParallelTools: 3 },
  )
  const result = await runAgent(options)
  expect(result.stopReason).toBe('completed')
  expect(mostAtOnce(events)).toBe(3)
  expect(eventsOf(events, 'tool-end')).toHaveLength(7)
  const observations = provider.calls[1].messages.slice(-7)
  expect(observations.map((message) => message.content)).toEqual(
    calls.map((_, index) => `l${index}`),
  )
})

test('without maxParallelTools every call of a turn starts at once', async () => {
  const calls = Array.from({ length: 7 }, (_, index) =>
    call(`q${index}`, 'sleep', { ms: 40, label: `l${index}` }),
  )
  const { events, options } = setup([toolReply(...calls), textReply('done')])
  await runAgent(options)
  expect(mostAtOnce(events)).toBe(7)
})

test('a call still waiting for a slot at the deadline is not started', async () => {
  const { tool, provider, options } = setup(
    [
      toolReply(
        call('s1', 'sleep', { ms: 5000, label: 'long' }),
        call('s2', 'sleep', { ms: 10, label: 'queued' }),
      ),
    ],
    { maxParallelTools: 1, deadline: Date.now() + 300 },
  )
  const result = await runAgent(options)
  expect(result.stopReason).toBe('deadline')
  expect(tool.finished).toEqual([])
  const ends = result.messages.slice(-2)
  expect(ends[0]).toMatchObject({ toolCallId: 's1', isError: true })
  expect(ends[1]).toMatchObject({
    toolCallId: 's2',
    isError: true,
    content:
      "Tool 'sleep' was not started: the run's time budget ran out while it waited for other calls.",
  })
  expect(provider.unexpected).toEqual([])
})
