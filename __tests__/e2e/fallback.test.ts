import { e2ePerTest } from '../helpers/e2e.js'
import { llmServerPerTest } from '../helpers/per-test.js'
import { openaiError, openaiStream } from '../helpers/llm-server.js'

// Provider fallback end to end through dist: the primary model server
// answers 503 until the retries are exhausted, the run continues on a
// second server with the fallback model, and the cost is the fallback's.

const e2e = e2ePerTest()
const fallback = llmServerPerTest()

// `retry-after-ms: 0` keeps the four attempts fast, as the API may ask.
const overloaded = () =>
  openaiError(503, 'Overloaded', { 'retry-after-ms': '0' })

test('after the primary’s retries are exhausted the run completes on the fallback, priced at its rate', async () => {
  e2e.llm.enqueue(overloaded(), overloaded(), overloaded(), overloaded())
  fallback.enqueue(
    openaiStream.text('Done on the fallback.', {
      usage: { prompt_tokens: 1_000_000, completion_tokens: 0 },
    }),
  )
  const run = await e2e.run({
    inputs: {
      task: 'Say done',
      model: 'gpt-4.1',
      'fallback-model': 'gpt-4.1-mini',
      'fallback-base-url': `${fallback.url}/v1`,
    },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  expect(e2e.llm.requests).toHaveLength(4)
  expect(fallback.requests).toHaveLength(1)
  const sent = fallback.requests[0].body as { model: string }
  expect(sent.model).toBe('gpt-4.1-mini')
  // A million input tokens: $0.40 at gpt-4.1-mini, never gpt-4.1's $2.
  expect(run.outputs['cost-usd']).toBe('0.400000')
  expect(run.summary).toContain('Cost: **$0.4000**')
  expect(run.summary).toContain('| 1 | 1000000 | 0 | 0 | $0.4000 |')
  const notice =
    'Model fallback: gpt-4.1 failed (openai request failed (HTTP 503)'
  expect(run.stdout).toContain(notice)
  expect(run.summary).toContain(notice)
  expect(run.summary).toContain('the rest of the run uses gpt-4.1-mini')
})

test('a 401 from the primary fails the run without touching the fallback', async () => {
  e2e.llm.enqueue(openaiError(401, 'Incorrect API key provided'))
  const run = await e2e.run({
    inputs: {
      task: 'Say done',
      'fallback-model': 'gpt-4.1-mini',
      'fallback-base-url': `${fallback.url}/v1`,
    },
  })
  expect(run.outputs.status).toBe('failed')
  expect(fallback.requests).toHaveLength(0)
  expect(run.stdout).not.toContain('Model fallback')
})

test('max-cost with a fallback of unknown price is an input error naming pricing, before any model call', async () => {
  const run = await e2e.run({
    inputs: {
      task: 'Say done',
      'max-cost': '1',
      'fallback-model': 'my-local-model',
      'fallback-base-url': `${fallback.url}/v1`,
    },
  })
  expect(run.exitCode).toBe(1)
  expect(run.stdout).toContain(
    "Input 'max-cost' needs the price of the fallback model 'my-local-model'",
  )
  expect(run.stdout).toContain("'pricing' applies to the primary model only")
  expect(e2e.llm.requests).toHaveLength(0)
  expect(fallback.requests).toHaveLength(0)
})
