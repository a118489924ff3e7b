import { runAgent } from '../../src/engine/run-agent.js'
import type { ModelPrice } from '../../src/engine/pricing.js'
import type { GenerateResult } from '../../src/providers/provider.js'
import { call, textReply, toolReply } from '../helpers/scripted-provider.js'
import { scriptedAgentRun as setup } from '../helpers/agent-run.js'

// $1 per million of everything: each scripted reply (10 in, 5 out) costs $0.000015.
const FLAT: ModelPrice = { input: 1, cachedInput: 1, cacheWrite: 1, output: 1 }
const HANDOVER = 'Done: nothing. Left: everything. Continue by running it.'

const again = (): GenerateResult =>
  toolReply(call('t', 'sleep', { ms: 1, label: 'x' }))

test('the cost of a run is its tokens at the price', async () => {
  const { options } = setup([again(), textReply('Done.')], { price: FLAT })
  const result = await runAgent(options)
  expect(result.stopReason).toBe('completed')
  expect(result.costUsd).toBeCloseTo(0.00003, 10)
})

test('without a price the run has no cost, never a guessed one', async () => {
  const { options } = setup([textReply('Done.')])
  const result = await runAgent(options)
  expect(result.costUsd).toBeUndefined()
})

test('the cost limit stops the run before the call that would cross it, then asks for a handover', async () => {
  // Two calls cost $0.00003; a third would cross $0.00004.
  const { provider, events, options } = setup(
    [again(), again(), textReply(HANDOVER)],
    { price: FLAT, maxCostUsd: 0.00004, handover: {} },
  )
  const result = await runAgent(options)
  expect(result.stopReason).toBe('cost_limit')
  expect(result.finalText).toBe(HANDOVER)
  expect(provider.calls).toHaveLength(3)
  expect(provider.unexpected).toEqual([])
  // The handover call offers no tools and says which limit stopped the run.
  const last = provider.calls[2]
  expect(last.tools).toBeNull()
  expect(last.messages.at(-1)?.content).toContain('the cost budget')
  expect(
    events.filter((event) => event.type === 'handover-start'),
  ).toHaveLength(1)
})

test('max turns ends with a handover whose text is the result', async () => {
  const { provider, options } = setup([again(), again(), textReply(HANDOVER)], {
    maxTurns: 2,
    handover: {},
  })
  const result = await runAgent(options)
  expect(result.stopReason).toBe('max_turns')
  expect(result.finalText).toBe(HANDOVER)
  expect(provider.calls[2].messages.at(-1)?.content).toContain('the turn limit')
})

test('a handover that fails leaves the status and is reported', async () => {
  const { events, options } = setup([again()], { maxTurns: 1, handover: {} })
  const result = await runAgent(options)
  expect(result.stopReason).toBe('max_turns')
  const failed = events.filter((event) => event.type === 'handover-failed')
  expect(failed).toHaveLength(1)
})

test('the token limit with a handover stops one call early, judged by the last call', async () => {
  // Each call is 15 tokens; after one (15), the next would reach 30 > 25.
  const { provider, options } = setup([again(), textReply(HANDOVER)], {
    maxTotalTokens: 25,
    handover: {},
  })
  const result = await runAgent(options)
  expect(result.stopReason).toBe('token_limit')
  expect(provider.calls).toHaveLength(2)
  expect(provider.calls[1].tools).toBeNull()
  expect(result.finalText).toBe(HANDOVER)
})

test('the deadline ends with a handover made in the time set aside for it', async () => {
  const { provider, options } = setup(
    [
      toolReply(call('long', 'sleep', { ms: 60_000, label: 'long' })),
      textReply(HANDOVER),
    ],
    {
      deadline: Date.now() + 300,
      handover: { until: Date.now() + 20_000 },
    },
  )
  const result = await runAgent(options)
  expect(result.stopReason).toBe('deadline')
  expect(result.finalText).toBe(HANDOVER)
  expect(provider.unexpected).toEqual([])
})

test('an abort makes no handover', async () => {
  const controller = new AbortController()
  const { provider, options } = setup(
    [toolReply(call('s', 'sleep', { ms: 60_000, label: 's' }))],
    { signal: controller.signal, handover: {} },
  )
  setTimeout(() => controller.abort(), 100)
  const result = await runAgent(options)
  expect(result.stopReason).toBe('aborted')
  expect(provider.calls).toHaveLength(1)
  expect(provider.unexpected).toEqual([])
})

test('each request ends with a budget note that is never kept in the history', async () => {
  const { provider, options } = setup([again(), textReply('Done.')], {
    maxTurns: 7,
    maxTotalTokens: 1000,
    price: FLAT,
    maxCostUsd: 2,
    deadline: Date.now() + 600_000,
    budgetNote: true,
  })
  const result = await runAgent(options)
  const [first, second] = provider.calls.map((recorded) => recorded.messages)
  expect(first.at(-1)).toEqual({
    role: 'user',
    transient: true,
    content: expect.stringMatching(
      /^\[budget: turn 1 of 7, (9|10) min left, 1,000 tokens left, \$2\.00 left\./,
    ),
  })
  expect(second.at(-1)?.content).toMatch(
    /^\[budget: turn 2 of 7, .* 985 tokens left, \$2\.00 left\./,
  )
  // The first request's note is not in the second's history, nor in the result.
  expect(second.filter((message) => message.transient)).toHaveLength(1)
  expect(result.messages.some((message) => message.transient)).toBe(false)
})
