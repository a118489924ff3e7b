import { createActionLogger, turnTitle } from '../../src/action/log-sink.js'
import type { EngineEvent, ToolCall } from '../../src/schema/index.js'
import { ZERO_USAGE } from '../../src/schema/index.js'

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
  const lines: string[] = []
  const log = createActionLogger({
    language: 'en',
    // Each block comes wrapped by the workflow command guard: keep its header.
    write: (text) =>
      lines.push(
        (
          text.split('\n').find((line) => line.includes('[engine]')) ?? text
        ).replace(/^.*\[engine\] /, ''),
      ),
    startGroup: (title) => lines.push(`[group] ${title}`),
    endGroup: () => lines.push('[end]'),
    redact: (text) => text.replaceAll('sk-secret', '***'),
  })
  for (const event of events) log(event)
  return lines
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
