import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { EngineEvent, ToolCall, Usage } from '../../src/schema/index.js'
import type { LogLanguage } from '../../src/log/labels.js'
import { renderEvent } from '../../src/log/render-event.js'

const FIXTURES = fileURLToPath(new URL('../fixtures/log/', import.meta.url))

/** 2026/04/29 15:11:30 in UTC (`npm test` sets TZ=UTC). */
const AT = Date.UTC(2026, 3, 29, 15, 11, 30)

/**
 * Compares with `__tests__/fixtures/log/<name>.txt` byte for byte.
 * `UPDATE_GOLDEN=1 npm test -- __tests__/log` rewrites the files; read the
 * diff against the design document before committing them.
 */
function expectGolden(name: string, actual: string): void {
  const path = `${FIXTURES}${name}.txt`
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, actual)
  expect(actual).toBe(readFileSync(path, 'utf8'))
}

function render(event: EngineEvent, language?: LogLanguage): string {
  const text = renderEvent(event, { language })
  if (text === null) throw new Error(`${event.type} rendered to null`)
  return text
}

function toolStart(call: ToolCall, at = AT): EngineEvent {
  return { type: 'tool-start', at, turn: 1, call }
}

function toolEnd(output: string, isError = false, at = AT): EngineEvent {
  const call = { id: 'call_xyz', name: 'bash', arguments: '{}' }
  const result = { toolCallId: call.id, output, isError }
  return { type: 'tool-end', at, turn: 1, call, result, durationMs: 35 }
}

const GO_VERSION_OUTPUT = [
  'go version go1.25.3 darwin/arm64',
  '/Users/zsa/Desktop/harness/harness9',
  '',
  'total 9456',
  'drwxr-xr-x@ 22 zsa  staff      704  4月 29 15:09 .',
  '',
].join('\n')

describe('tool blocks', () => {
  test('short arguments stay inline, whitespace compacted, && kept', () => {
    const call = {
      id: 'call_xyz',
      name: 'bash',
      arguments: '{ "command": "go version && pwd && ls -la" }',
    }
    const text = render(toolStart(call))
    expect(text).toBe(
      '2026/04/29 15:11:30 [engine] Turn 1 │ 工具启动 │ tool=bash id=call_xyz\n' +
        '        arguments: {"command":"go version && pwd && ls -la"}\n',
    )
    expectGolden('tool-start-inline', text)
  })

  test('compact arguments of exactly 80 bytes stay inline', () => {
    const command = 'x'.repeat(66)
    const call = {
      id: 'call_80',
      name: 'bash',
      arguments: JSON.stringify({ command }),
    }
    expect(Buffer.byteLength(call.arguments)).toBe(80)
    expectGolden('tool-start-80-bytes', render(toolStart(call)))
  })

  test('compact arguments of 81 bytes are pretty-printed', () => {
    const command = 'x'.repeat(67)
    const call = {
      id: 'call_81',
      name: 'bash',
      arguments: JSON.stringify({ command }),
    }
    expect(Buffer.byteLength(call.arguments)).toBe(81)
    expectGolden('tool-start-81-bytes', render(toolStart(call)))
  })

  test('long arguments are pretty-printed 10 spaces deep', () => {
    const content =
      'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n'
    const call = {
      id: 'call_abc',
      name: 'write_file',
      arguments: JSON.stringify({ path: 'src/main.go', content }),
    }
    expectGolden('tool-start-pretty', render(toolStart(call)))
  })

  test('nested arguments keep key order, numbers and empty containers', () => {
    const call = {
      id: 'call_nested',
      name: 'edit_file',
      arguments:
        '{"path":"a.ts","2":1.50,"edits":[{"old":"<a>","new":"b & c"},' +
        '{"old":"\\u00e9","new":""}],"options":{ },"tags":[ ]}',
    }
    expectGolden('tool-start-nested', render(toolStart(call)))
  })

  test('invalid JSON arguments are shown raw: short inline', () => {
    const call = { id: 'call_bad', name: 'bash', arguments: '{"command": "ls' }
    expectGolden('tool-start-invalid-short', render(toolStart(call)))
  })

  test('invalid JSON arguments are shown raw: long or multi-line as a block', () => {
    const call = {
      id: 'call_bad',
      name: 'write_file',
      arguments: '{"path": "notes.md",\n "content": "first line\nsecond line',
    }
    expectGolden('tool-start-invalid-long', render(toolStart(call)))
  })

  test('empty arguments say so', () => {
    const call = { id: 'call_empty', name: 'list', arguments: '' }
    expect(render(toolStart(call))).toContain('\n        arguments: (empty)\n')
  })

  test('completed tool with multi-line output puts each line behind │', () => {
    const text = render(toolEnd(GO_VERSION_OUTPUT))
    expect(text.split('\n')[0]).toBe(
      '2026/04/29 15:11:30 [engine] Turn 1 │ 工具完成 │ tool=bash id=call_xyz' +
        ` status=ok bytes=${Buffer.byteLength(GO_VERSION_OUTPUT)} duration=35ms`,
    )
    expectGolden('tool-end-multi-line', text)
  })

  test('output over 512 bytes is cut before a straddling character', () => {
    // 7 lines of 64 bytes, then 63 bytes: byte 511 is the first of 中.
    const lines = Array.from({ length: 7 }, (_, index) =>
      String(index).repeat(63),
    )
    const output = [...lines, 'b'.repeat(63) + '中文 after the cut\n'].join(
      '\n',
    )
    const text = render(toolEnd(output))
    expect(text).toContain(
      `status=ok bytes=${Buffer.byteLength(output)} (truncated to 512) duration=35ms\n`,
    )
    expect(text).not.toContain('中')
    expect(text).not.toContain('\ufffd')
    expectGolden('tool-end-truncated', text)
  })

  test('bash with a non-zero exit is status=error exit=N', () => {
    const text = render(toolEnd('FAIL src/a.test.ts\n[exit status 1]'))
    expect(text.split('\n')[0]).toBe(
      '2026/04/29 15:11:30 [engine] Turn 1 │ 工具失败 │ tool=bash id=call_xyz' +
        ' status=error exit=1 bytes=34 duration=35ms',
    )
  })

  test('a cut bash output keeps its exit line', () => {
    const output = `${'x'.repeat(2000)}\n[exit status 2]`
    const text = render(toolEnd(output))
    expect(text).toContain('status=error exit=2 bytes=2016 (truncated to 512)')
    expect(text).toMatch(/│ x+…?\n +│ …\n +│ \[exit status 2\]\n$/)
    const shown = text
      .split('\n')
      .filter((line) => line.includes('│ '))
      .slice(1)
      .map((line) => line.replace(/^ *│ ?/, ''))
      .join('\n')
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(512)
  })

  test('a killed bash command is status=error without an exit code', () => {
    const text = render(toolEnd('(no output)\n[killed by signal SIGKILL]'))
    expect(text).toContain(' status=error bytes=')
    expect(text).not.toContain('exit=')
  })

  test("another tool's output that ends like an exit line is not read as one", () => {
    const call = { id: 'c', name: 'read_file', arguments: '{}' }
    const result = {
      toolCallId: 'c',
      output: '[exit status 1]',
      isError: false,
    }
    const text = render({
      type: 'tool-end',
      at: AT,
      turn: 1,
      call,
      result,
      durationMs: 1,
    })
    expect(text).toContain('status=ok')
  })

  test('output of exactly 512 bytes is not marked as truncated', () => {
    const text = render(toolEnd('y'.repeat(512)))
    expect(text).toContain('bytes=512 duration=35ms\n')
    expect(text).not.toContain('truncated')
  })

  test('a failed tool is 工具失败 with status=error', () => {
    const text = render(toolEnd('command not found: foo', true))
    expect(text).toBe(
      '2026/04/29 15:11:30 [engine] Turn 1 │ 工具失败 │ tool=bash id=call_xyz status=error bytes=22 duration=35ms\n' +
        '        output:\n' +
        '        │ command not found: foo\n',
    )
    expectGolden('tool-end-failed', text)
  })

  test('CRLF output and empty output', () => {
    expect(render(toolEnd('one\r\ntwo\r\n'))).toContain(
      '        output:\n        │ one\n        │ two\n',
    )
    expect(render(toolEnd(''))).toContain(
      'bytes=0 duration=35ms\n        output: (empty)\n',
    )
  })
})

const USAGE: Usage = {
  inputTokens: 1200,
  outputTokens: 85,
  cachedInputTokens: 0,
}

/** One run through every log point of the design's table, with error end. */
const LIFECYCLE: EngineEvent[] = [
  {
    type: 'engine-start',
    at: AT,
    workdir: '/home/runner/work/my repo',
    thinking: true,
    stream: false,
    maxTurns: 20,
    toolTimeoutMs: 30000,
  },
  { type: 'turn-start', at: AT, turn: 1, messageCount: 2 },
  { type: 'phase-start', at: AT, turn: 1, phase: 'thinking' },
  {
    type: 'model-reply',
    at: AT + 1500,
    turn: 1,
    phase: 'thinking',
    message: {
      role: 'assistant',
      content: 'Plan:\n1. check the Go version\n\n2. list the files',
    },
    usage: USAGE,
    durationMs: 1500,
  },
  { type: 'phase-start', at: AT + 1500, turn: 1, phase: 'action' },
  {
    type: 'model-reply',
    at: AT + 2300,
    turn: 1,
    phase: 'action',
    message: {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_xyz', name: 'bash', arguments: '{}' }],
    },
    usage: { inputTokens: 1300, outputTokens: 40, cachedInputTokens: 1024 },
    durationMs: 800,
  },
  toolStart(
    { id: 'call_xyz', name: 'bash', arguments: '{"command":"ls"}' },
    AT + 2300,
  ),
  toolEnd('README.md\nsrc\n', false, AT + 2300),
  toolEnd('command not found: foo', true, AT + 2300),
  { type: 'observation', at: AT + 2400, turn: 1, added: 2, messageCount: 6 },
  {
    type: 'engine-end',
    at: AT + 9000,
    turns: 3,
    messageCount: 11,
    stopReason: 'failed',
    usage: { inputTokens: 5000, outputTokens: 300, cachedInputTokens: 2048 },
    error: 'Provider openai returned HTTP 500\nretry later',
  },
]

describe.each<LogLanguage>(['zh', 'en'])(
  'lifecycle blocks (%s)',
  (language) => {
    test('every log point renders as its own block', () => {
      const blocks = LIFECYCLE.map((event) => render(event, language))
      for (const block of blocks) expect(block.endsWith('\n')).toBe(true)
      expectGolden(`lifecycle-${language}`, blocks.join(''))
    })
  },
)

describe('events without a block', () => {
  test('text-delta is the raw text, for live streaming', () => {
    const event: EngineEvent = {
      type: 'text-delta',
      at: AT,
      turn: 1,
      phase: 'action',
      text: 'Hello, wor',
    }
    expect(renderEvent(event)).toBe('Hello, wor')
  })

  test('message renders to null', () => {
    const message = { role: 'user' as const, content: 'task' }
    expect(renderEvent({ type: 'message', at: AT, message })).toBeNull()
  })

  test('a completed run without error has no error section', () => {
    const event: EngineEvent = {
      type: 'engine-end',
      at: AT,
      turns: 2,
      messageCount: 7,
      stopReason: 'completed',
      usage: USAGE,
    }
    expect(render(event, 'en')).toBe(
      '2026/04/29 15:11:30 [engine] loop end │ turns=2 messages=7 stop=completed tokensIn=1200 tokensOut=85\n',
    )
  })
})
