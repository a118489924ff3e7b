import { setImmediate as nextIdle } from 'node:timers/promises'
import {
  createActionLogger,
  turnTitle,
} from '../../../src/action/report/log-sink.js'
import type { EngineEvent, ToolCall } from '../../../src/schema/index.js'
import { ZERO_USAGE } from '../../../src/schema/index.js'

const AT = Date.UTC(2026, 3, 29, 15, 11, 30)

function call(name: string, args: unknown, id = 'c1'): ToolCall {
  return { id, name, arguments: JSON.stringify(args) }
}

function reply(turn: number, toolCalls: ToolCall[]): EngineEvent {
  return {
    type: 'model-reply',
    at: AT,
    turn,
    phase: 'action',
    message: { role: 'assistant', content: '', toolCalls },
    usage: ZERO_USAGE,
    durationMs: 5,
  }
}

/** The log as a list: `[group] title`, `[end]`, and each block's header. */
function record(events: EngineEvent[]): string[] {
  const writes: string[] = []
  const logger = createActionLogger({
    language: 'en',
    write: (text) => void writes.push(text),
    redact: (text) => text.replaceAll('sk-secret', '***'),
  })
  for (const event of events) logger.onEvent(event)
  logger.flush()
  return writes
    .join('')
    .split('\n')
    .flatMap((line) => {
      if (line.startsWith('::group::')) return [`[group] ${line.slice(9)}`]
      if (line === '::endgroup::') return ['[end]']
      // Each block comes wrapped by the workflow command guard: keep its header.
      return line.includes('[engine]')
        ? [line.replace(/^.*\[engine\] /, '')]
        : []
    })
}

test("each turn's group is titled with what it did, opened before its tools run", () => {
  const bash = call('bash', { command: 'npm test' })
  const edit = call('edit_file', { path: 'src/a.ts' }, 'c2')
  const lines = record([
    { type: 'turn-start', at: AT, turn: 1, messageCount: 2 },
    { type: 'phase-start', at: AT, turn: 1, phase: 'action' },
    reply(1, [bash, edit]),
    { type: 'tool-start', at: AT, turn: 1, call: bash },
    {
      type: 'tool-end',
      at: AT,
      turn: 1,
      call: bash,
      result: {
        toolCallId: 'c1',
        output: 'FAIL\n[exit status 1]',
        isError: false,
      },
      durationMs: 3,
    },
    { type: 'turn-start', at: AT, turn: 2, messageCount: 5 },
    reply(2, []),
    {
      type: 'engine-end',
      at: AT,
      turns: 2,
      messageCount: 6,
      stopReason: 'completed',
      usage: ZERO_USAGE,
    },
  ])
  expect(lines).toEqual([
    '[group] Turn 1 · bash: npm test · edit_file src/a.ts',
    'Turn 1 │ turn start │ messages=2',
    'Turn 1 │ action │ phase=2 tools=on',
    expect.stringMatching(/^Turn 1 │ model reply │ /),
    expect.stringMatching(/^Turn 1 │ tool start │ tool=bash/),
    expect.stringMatching(
      /^Turn 1 │ tool failed │ tool=bash id=c1 status=error exit=1/,
    ),
    '[end]',
    '[group] Turn 2 · answer',
    'Turn 2 │ turn start │ messages=5',
    expect.stringMatching(/^Turn 2 │ model reply │ /),
    '[end]',
    expect.stringMatching(/loop end/),
  ])
})

test('a turn whose model call failed still gets its group and blocks', () => {
  const lines = record([
    { type: 'turn-start', at: AT, turn: 1, messageCount: 2 },
    {
      type: 'engine-end',
      at: AT,
      turns: 1,
      messageCount: 2,
      stopReason: 'failed',
      usage: ZERO_USAGE,
      error: 'HTTP 500',
    },
  ])
  expect(lines.slice(0, 3)).toEqual([
    '[group] Turn 1',
    'Turn 1 │ turn start │ messages=2',
    '[end]',
  ])
})

test('a title carries no secret and no line break', () => {
  const lines = record([
    { type: 'turn-start', at: AT, turn: 1, messageCount: 2 },
    reply(1, [call('bash', { command: 'echo sk-secret' })]),
  ])
  expect(lines[0]).toBe('[group] Turn 1 · bash: echo ***')
})

test('many calls are counted, not listed', () => {
  const calls = [1, 2, 3, 4, 5].map((n) =>
    call('read_file', { path: `f${n}` }, `c${n}`),
  )
  expect(turnTitle(7, calls)).toBe(
    'Turn 7 · read_file f1 · read_file f2 · read_file f3 · +2 more',
  )
})

const MAIN_AT = Date.UTC(2026, 0, 2, 3, 4, 5)
const CALL = { id: 'call_1', name: 'read_file', arguments: '{"path":"a"}' }

// One turn as the engine reports it, ending the run.
const EVENTS: EngineEvent[] = [
  { type: 'turn-start', at: MAIN_AT, turn: 1, messageCount: 2 },
  { type: 'tool-start', at: MAIN_AT, turn: 1, call: CALL },
  {
    type: 'tool-end',
    at: MAIN_AT,
    turn: 1,
    call: CALL,
    result: { toolCallId: 'call_1', output: 'secret-value', isError: false },
    durationMs: 1,
  },
  {
    type: 'engine-end',
    at: MAIN_AT,
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
