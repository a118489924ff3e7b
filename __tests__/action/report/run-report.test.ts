import { collectToolCalls } from '../../../src/action/report/run-report.js'
import type { EngineEvent, ToolCall } from '../../../src/schema/index.js'

const AT = Date.UTC(2026, 3, 29, 15, 11, 30)

function toolEnd(call: ToolCall, output: string, isError = false): EngineEvent {
  return {
    type: 'tool-end',
    at: AT,
    turn: 1,
    call,
    result: { toolCallId: call.id, output, isError },
    durationMs: 4,
  }
}

test('a record names what the call ran on and how a command ended', () => {
  const collector = collectToolCalls()
  const bash = { id: 'a', name: 'bash', arguments: '{"command":"npm test"}' }
  const read = { id: 'b', name: 'read_file', arguments: '{"path":"src/a.ts"}' }
  collector.onEvent(toolEnd(bash, 'FAIL\n[exit status 3]'))
  collector.onEvent(toolEnd(read, 'text'))
  expect(collector.records).toEqual([
    {
      turn: 1,
      tool: 'bash',
      ok: false,
      durationMs: 4,
      bytes: 20,
      detail: 'npm test',
      exitCode: 3,
    },
    {
      turn: 1,
      tool: 'read_file',
      ok: true,
      durationMs: 4,
      bytes: 4,
      detail: 'src/a.ts',
    },
  ])
})
