import { executeTools } from '../../src/engine/execute-tools.js'
import type { EngineEvent, ToolCall } from '../../src/schema/index.js'
import { defineTool } from '../../src/tools/define-tool.js'
import { Registry } from '../../src/tools/registry.js'

/**
 * A tool that counts its parses and logs when each call starts and ends;
 * `hold` keeps a call running until the test releases it.
 */
function loggingTool() {
  const log: string[] = []
  let parses = 0
  const held = new Map<string, () => void>()
  const tool = defineTool({
    name: 'touch',
    description: 'Touches a path.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    example: '{"path": "a.txt", "label": "one"}',
    parse(input) {
      parses++
      return input as { path?: string; label: string; hold?: boolean }
    },
    pathOf: (input) => input.path,
    async execute(input) {
      log.push(`start:${input.label}`)
      if (input.hold) {
        await new Promise<void>((resolve) => held.set(input.label, resolve))
      }
      log.push(`end:${input.label}`)
      return input.label
    },
  })
  return { tool, log, held, parses: () => parses }
}

function touch(id: string, args: object): ToolCall {
  return { id, name: 'touch', arguments: JSON.stringify(args) }
}

async function runCalls(calls: ToolCall[], registry: Registry) {
  const events: EngineEvent[] = []
  const results = await executeTools(calls, {
    registry,
    workdir: '/work',
    env: {},
    timeoutMs: 5000,
    turn: 1,
    emit: (event) => events.push(event),
  })
  return { results, events }
}

test('each call is parsed once; same-path calls wait, others do not', async () => {
  const { tool, log, held, parses } = loggingTool()
  const registry = new Registry()
  registry.register(tool)
  const done = runCalls(
    [
      touch('1', { path: 'a.txt', label: 'first', hold: true }),
      touch('2', { path: './a.txt', label: 'second' }),
      touch('3', { path: 'b.txt', label: 'other' }),
      touch('4', { label: 'no-path' }),
    ],
    registry,
  )
  // Bounded wait for the unrelated calls to finish while 'first' is held.
  for (let tick = 0; tick < 200 && !log.includes('end:no-path'); tick++) {
    await new Promise((resolve) => setImmediate(resolve))
  }
  expect(log).toEqual([
    'start:first',
    'start:other',
    'end:other',
    'start:no-path',
    'end:no-path',
  ])
  held.get('first')?.()
  const { results } = await done
  expect(log.slice(5)).toEqual(['end:first', 'start:second', 'end:second'])
  expect(results.map((result) => result.output)).toEqual([
    'first',
    'second',
    'other',
    'no-path',
  ])
  expect(parses()).toBe(4)
})

test('a call with bad arguments is refused at once and does not block its path', async () => {
  const { tool, log, parses } = loggingTool()
  const registry = new Registry()
  registry.register(tool)
  const { results, events } = await runCalls(
    [
      { id: 'bad', name: 'touch', arguments: '{"path": "a.txt",' },
      touch('ok', { path: 'a.txt', label: 'ok' }),
    ],
    registry,
  )
  expect(results[0]).toMatchObject({ toolCallId: 'bad', isError: true })
  expect(results[0].output).toMatch(/^Arguments are not valid JSON: /)
  expect(results[1]).toEqual({ toolCallId: 'ok', output: 'ok', isError: false })
  expect(log).toEqual(['start:ok', 'end:ok'])
  expect(parses()).toBe(1)
  expect(events.filter((event) => event.type === 'tool-end')).toHaveLength(2)
})
