import { setImmediate as nextIdle } from 'node:timers/promises'
import { createActionLogger } from '../../src/action/log-sink.js'
import type { EngineEvent } from '../../src/schema/index.js'

const AT = Date.UTC(2026, 0, 2, 3, 4, 5)
const CALL = { id: 'call_1', name: 'read_file', arguments: '{"path":"a"}' }

// One turn as the engine reports it, ending the run.
const EVENTS: EngineEvent[] = [
  { type: 'turn-start', at: AT, turn: 1, messageCount: 2 },
  { type: 'tool-start', at: AT, turn: 1, call: CALL },
  {
    type: 'tool-end',
    at: AT,
    turn: 1,
    call: CALL,
    result: { toolCallId: 'call_1', output: 'secret-value', isError: false },
    durationMs: 1,
  },
  {
    type: 'engine-end',
    at: AT,
    turns: 1,
    messageCount: 4,
    stopReason: 'completed',
    usage: { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 },
  },
]

function logged() {
  const writes: string[] = []
  const logger = createActionLogger({
    language: 'en',
    write: (text) => void writes.push(text),
    redact: (text) => text.replaceAll('secret-value', '***'),
  })
  return { writes, logger }
}

test('nothing is written while the run is still working', () => {
  const { writes, logger } = logged()
  for (const event of EVENTS) logger.onEvent(event)
  expect(writes).toEqual([])
})

test('a stretch of events goes out in one write once idle: group, guarded blocks, end of group', async () => {
  const { writes, logger } = logged()
  for (const event of EVENTS) logger.onEvent(event)
  await nextIdle()
  expect(writes).toHaveLength(1)
  const lines = writes[0].split('\n')
  expect(lines[0]).toBe('::group::Turn 1')
  expect(
    lines.filter((line) => line.startsWith('::stop-commands::')),
  ).toHaveLength(EVENTS.length)
  const endGroup = lines.indexOf('::endgroup::')
  // The group closes before the run's closing block, which stands outside it.
  expect(endGroup).toBeGreaterThan(lines.findIndex((l) => l.includes('call_1')))
  expect(lines.slice(endGroup).join('\n')).toMatch(/stop=completed/)
  expect(writes[0]).toContain('***')
  expect(writes[0]).not.toContain('secret-value')
})

test('flush writes what is queued at once', () => {
  const { writes, logger } = logged()
  logger.onEvent(EVENTS[0])
  logger.flush()
  expect(writes).toHaveLength(1)
  expect(writes[0]).toMatch(/^::group::Turn 1\n::stop-commands::/)
})
