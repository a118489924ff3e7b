import { answer, e2ePerTest } from '../helpers/e2e.js'
import {
  anthropicStream,
  openaiStream,
  type Reply,
} from '../helpers/llm-server.js'

// Budgets end to end through dist: cost figures and outputs, the cost limit
// with its handover, the budget note, and context trimming at a small window.

const e2e = e2ePerTest()

interface SentBody {
  tools?: unknown
  messages: Array<{ role: string; content: unknown }>
}

function body(index: number): SentBody {
  return e2e.llm.requests[index].body as SentBody
}

test('a known price gives the cost outputs and a Cost section', async () => {
  // gpt-4.1: $2 input, $0.50 cached input, $8 output per million tokens.
  e2e.llm.enqueue(
    openaiStream.text('Done.', {
      usage: {
        prompt_tokens: 1000,
        completion_tokens: 500,
        cached_tokens: 200,
      },
    }),
  )
  const run = await e2e.run({ inputs: { task: 'Say done', model: 'gpt-4.1' } })
  expect(run.outputs.status).toBe('completed')
  // 800 × 2 + 200 × 0.5 + 500 × 8 = 5,700 millionths of a dollar.
  expect(run.outputs['cost-usd']).toBe('0.005700')
  expect(run.outputs['cached-input-tokens']).toBe('200')
  expect(run.outputs['cache-hit-rate']).toBe('0.2000')
  expect(run.summary).toContain('Cost: **$0.0057**')
  expect(run.summary).toContain('```mermaid')
})

test('the pricing input prices a model the table does not know; without it the cost is unknown', async () => {
  e2e.llm.enqueue(
    openaiStream.text('Done.', {
      usage: { prompt_tokens: 1_000_000, completion_tokens: 0 },
    }),
  )
  const priced = await e2e.run({
    inputs: {
      task: 'Say done',
      model: 'local-model',
      pricing: 'input=3,output=15',
    },
  })
  expect(priced.outputs['cost-usd']).toBe('3.000000')

  e2e.llm.enqueue(answer('Done.'))
  const unpriced = await e2e.run({
    inputs: { task: 'Say done', model: 'local-model' },
  })
  expect(unpriced.outputs['cost-usd']).toBe('unknown')
  expect(unpriced.summary).toContain('Cost: unknown')
})

test('max-cost with an unknown price is one clear input error, before any model call', async () => {
  const run = await e2e.run({
    inputs: { task: 'Say done', model: 'local-model', 'max-cost': '1' },
  })
  expect(run.exitCode).toBe(1)
  expect(run.stdout).toContain(
    "::error::Input 'max-cost' needs the price of model 'local-model'",
  )
  expect(e2e.llm.requests).toHaveLength(0)
})

test('the cost limit stops the run with a handover, and the step fails', async () => {
  // Each call costs $0.0057 at gpt-4.1 prices: a second would cross $0.01.
  const usage = {
    prompt_tokens: 1000,
    completion_tokens: 500,
    cached_tokens: 200,
  }
  e2e.llm.enqueue(
    openaiStream.toolCalls(
      [{ id: 'c1', name: 'bash', arguments: '{"command":"echo hi"}' }],
      { usage },
    ),
    openaiStream.text(
      'Ran echo. Left: everything else; rerun with more budget.',
      {
        usage,
      },
    ),
  )
  const run = await e2e.run({
    inputs: { task: 'Work', model: 'gpt-4.1', 'max-cost': '0.01' },
  })
  expect(run.outputs.status).toBe('cost_limit')
  expect(run.exitCode).toBe(1) // unfinished work never shows green
  expect(run.summary).toContain('Stopped at the cost limit')
  expect(run.summary).toContain('rerun with more budget')
  expect(e2e.llm.requests).toHaveLength(2)
  expect(body(1)).not.toHaveProperty('tools')
  // The first request's note told the model what it had to spend.
  const note = body(0).messages.at(-1)
  expect(note).toEqual({
    role: 'user',
    content: expect.stringMatching(
      /^\[budget: turn 1 of 30, \d+ (s|min) left, \$0\.01 left\. /,
    ),
  })
})

/** A read of big.txt (read_file shows about 4 KB of it), over the Anthropic wire. */
function readBig(id: string): Reply {
  return anthropicStream.toolCalls([
    { id, name: 'read_file', arguments: '{"path":"big.txt"}' },
  ])
}

test('at a small context window old results are elided, requests shrink, the cache breakpoint stays on the newest block', async () => {
  e2e.repo.write('big.txt', 'b'.repeat(8192))
  e2e.repo.git(['add', 'big.txt'])
  e2e.repo.git(['commit', '-qm', 'big'])
  const reads = Array.from({ length: 14 }, (_, index) => readBig(`r${index}`))
  e2e.llm.enqueue(...reads, anthropicStream.text('Read it all.'))
  const run = await e2e.run({
    inputs: {
      task: 'Read big.txt many times',
      provider: 'anthropic',
      'base-url': e2e.llm.url,
      'context-window': '10000',
    },
  })
  expect(run.outputs.status).toBe('completed')
  const sizes = e2e.llm.requests.map(
    (request) => JSON.stringify(request.body).length,
  )
  // The history grew, then was trimmed: a later request is smaller.
  const largest = sizes.indexOf(Math.max(...sizes))
  expect(largest).toBeLessThan(sizes.length - 1)
  expect(sizes.at(-1)!).toBeLessThan(sizes[largest])
  expect(Math.max(...sizes)).toBeLessThan(10_000 * 0.8 * 4 + 8192)
  const last = body(e2e.llm.requests.length - 1)
  const sent = JSON.stringify(last.messages)
  expect(sent).toContain(
    '[elided to keep the context small: the output of read_file',
  )
  // The breakpoint is on the newest tool result, not on the budget note.
  const newest = last.messages.at(-1)!.content as Array<Record<string, unknown>>
  const marked = newest.filter((block) => 'cache_control' in block)
  expect(marked).toHaveLength(1)
  expect(marked[0].type).toBe('tool_result')
  expect(run.summary).toMatch(/Context: \d+ older tool results elided/)
  expect(run.stdout).toMatch(/引擎提示/)
})
