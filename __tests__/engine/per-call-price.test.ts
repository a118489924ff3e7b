import { runAgent, type AgentOptions } from '../../src/engine/run-agent.js'
import type { ModelPrice } from '../../src/engine/pricing.js'
import { collectTurnUsage } from '../../src/action/report/run-report.js'
import { FallbackProvider } from '../../src/providers/fallback-provider.js'
import { ProviderError } from '../../src/providers/provider.js'
import type { EngineEvent } from '../../src/schema/index.js'
import { Registry } from '../../src/tools/registry.js'
import {
  call,
  ScriptedProvider,
  textReply,
  toolReply,
} from '../helpers/scripted-provider.js'
import { sleepTool } from '../helpers/test-tools.js'

// Each scripted reply is 10 input and 5 output tokens: 15 tokens.
// $1 per million of everything: $0.000015 a call; $10: $0.00015 a call.
const ONE: ModelPrice = { input: 1, cachedInput: 1, cacheWrite: 1, output: 1 }
const TEN: ModelPrice = {
  input: 10,
  cachedInput: 10,
  cacheWrite: 10,
  output: 10,
}

class Primary extends ScriptedProvider {
  override readonly model: string = 'primary-model'
}
class Fallback extends ScriptedProvider {
  override readonly model: string = 'fallback-model'
}

const overloaded = () => {
  throw new ProviderError(
    'primary request failed (HTTP 503) (gave up after 4 attempts)',
    {
      provider: 'primary',
      status: 503,
      retryable: true,
    },
  )
}
const again = () => toolReply(call('t', 'sleep', { ms: 1, label: 'x' }))

function setup(
  prices: Record<string, ModelPrice>,
  overrides: Partial<AgentOptions> = {},
) {
  // Turn 1 on the primary; turn 2 fails there and runs on the fallback, as does turn 3.
  const primary = new Primary([again(), overloaded])
  const fallback = new Fallback([again(), textReply('Done.')])
  const registry = new Registry()
  registry.register(sleepTool())
  const events: EngineEvent[] = []
  const turnUsage = collectTurnUsage()
  const options: AgentOptions = {
    provider: new FallbackProvider(primary, fallback),
    registry,
    messages: [{ role: 'user', content: 'Do the thing.' }],
    workdir: '/tmp',
    env: {},
    maxTurns: 5,
    toolTimeoutMs: 5000,
    price: prices['primary-model'],
    priceOf: (model) => prices[model],
    onEvent: (event) => {
      events.push(event)
      turnUsage.onEvent(event)
    },
    ...overrides,
  }
  return { options, events, turnUsage }
}

test('a run that switched model prices each call by the model that answered it', async () => {
  const { options, events, turnUsage } = setup({
    'primary-model': ONE,
    'fallback-model': TEN,
  })
  const result = await runAgent(options)
  expect(result.stopReason).toBe('completed')
  // One call at $1/M, two at $10/M; a single price would say 0.000045 or 0.00045.
  expect(result.costUsd).toBeCloseTo(0.000015 + 2 * 0.00015, 12)
  const replies = events.filter((event) => event.type === 'model-reply')
  expect(replies.map((event) => event.costUsd)).toEqual([
    expect.closeTo(0.000015, 12),
    expect.closeTo(0.00015, 12),
    expect.closeTo(0.00015, 12),
  ])
  expect(turnUsage.records.map((record) => record.costUsd)).toEqual([
    expect.closeTo(0.000015, 12),
    expect.closeTo(0.00015, 12),
    expect.closeTo(0.00015, 12),
  ])
})

test('a fallback without a price makes the cost unknown from the switch on, never a wrong number', async () => {
  const { options, turnUsage } = setup({ 'primary-model': ONE })
  const result = await runAgent(options)
  expect(result.stopReason).toBe('completed')
  expect(result.costUsd).toBeUndefined()
  expect(turnUsage.records.map((record) => record.costUsd)).toEqual([
    expect.closeTo(0.000015, 12),
    undefined,
    undefined,
  ])
})

test('the cost limit is judged at the price of the model answering now', async () => {
  // At the primary's $1/M all three calls ($0.000045) fit in $0.00016; with
  // the second at the fallback's $10/M the run reaches it: no third call.
  const { options, events } = setup(
    { 'primary-model': ONE, 'fallback-model': TEN },
    { maxCostUsd: 0.00016 },
  )
  const result = await runAgent(options)
  expect(result.stopReason).toBe('cost_limit')
  expect(events.filter((event) => event.type === 'model-reply')).toHaveLength(2)
  expect(result.costUsd).toBeCloseTo(0.000015 + 0.00015, 12)
})
