import { createProgressReporter } from '../../../src/action/report/progress-reporter.js'
import type { EngineEvent, ToolCall } from '../../../src/schema/index.js'

const INTERVAL_MS = 40
const RUN_URL = 'https://github.com/acme/widgets/actions/runs/99'

function turnStart(turn: number): EngineEvent {
  return { type: 'turn-start', at: 0, turn, messageCount: 1 }
}

function toolEnd(call: ToolCall, output: string, isError = false): EngineEvent {
  return {
    type: 'tool-end',
    at: 0,
    turn: 1,
    call,
    result: { toolCallId: call.id, output, isError },
    durationMs: 1,
  }
}

const bash = (command: string): ToolCall => ({
  id: 'b',
  name: 'bash',
  arguments: JSON.stringify({ command }),
})

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))

/** Waits (bounded) until `count` edits were sent. */
async function waitForEdits(edits: string[], count: number): Promise<void> {
  for (let i = 0; i < 100 && edits.length < count; i++) await sleep(10)
}

test('changes inside the interval become one edit at its end, with turn, steps and exit codes', async () => {
  const edits: string[] = []
  const reporter = createProgressReporter({
    update: async (body) => {
      edits.push(body)
    },
    startedAt: Date.now(),
    maxTurns: 30,
    runUrl: RUN_URL,
    secrets: ['sk-secret-value'],
    intervalMs: INTERVAL_MS,
  })
  reporter.onEvent(turnStart(4))
  reporter.onEvent(
    toolEnd(
      { id: 'r', name: 'read_file', arguments: '{"path":"src/a.ts"}' },
      'x',
    ),
  )
  reporter.onEvent(toolEnd(bash('npm test'), 'FAIL\n[exit status 1]'))
  reporter.onEvent(toolEnd(bash('echo sk-secret-value'), 'ok'))
  expect(edits).toEqual([]) // the "working on it" comment is fresh
  await waitForEdits(edits, 1)
  await sleep(INTERVAL_MS * 2)
  await reporter.stop()
  expect(edits).toHaveLength(1)
  expect(edits[0]).toMatch(/so far, turn 4 of 30\./)
  expect(edits[0]).toContain('- `read_file src/a.ts`')
  expect(edits[0]).toContain('- `bash: npm test → exit 1`')
  expect(edits[0]).toContain('- `bash: echo ***`')
  expect(edits[0]).not.toContain('sk-secret-value')
  expect(edits[0]).toContain(`[View the run](${RUN_URL})`)
  expect(edits[0].startsWith('<!-- harness9 -->\n')).toBe(true)
})

test('only the last five steps are shown', async () => {
  const edits: string[] = []
  const reporter = createProgressReporter({
    update: async (body) => {
      edits.push(body)
    },
    startedAt: Date.now() - INTERVAL_MS,
    maxTurns: 3,
    runUrl: RUN_URL,
    secrets: [],
    intervalMs: INTERVAL_MS,
  })
  for (let n = 1; n <= 7; n++) reporter.onEvent(toolEnd(bash(`step ${n}`), ''))
  await waitForEdits(edits, 1)
  await reporter.stop()
  const steps = edits[0].split('\n').filter((line) => line.startsWith('- '))
  expect(steps).toEqual([3, 4, 5, 6, 7].map((n) => `- \`bash: step ${n}\``))
})

test('stop waits for an edit under way and nothing is sent after it', async () => {
  const edits: string[] = []
  let release = (): void => {}
  const reporter = createProgressReporter({
    update: (body) =>
      new Promise<void>((resolve) => {
        release = () => {
          edits.push(body)
          resolve()
        }
      }),
    startedAt: Date.now() - INTERVAL_MS,
    maxTurns: 3,
    runUrl: RUN_URL,
    secrets: [],
    intervalMs: INTERVAL_MS,
  })
  reporter.onEvent(turnStart(1))
  await sleep(INTERVAL_MS / 2) // the edit is under way
  reporter.onEvent(turnStart(2)) // waits for the next interval
  let stopped = false
  const stopping = reporter.stop().then(() => {
    stopped = true
  })
  await sleep(10)
  expect(stopped).toBe(false)
  release()
  await stopping
  await sleep(INTERVAL_MS * 2)
  expect(edits).toHaveLength(1)
  expect(edits[0]).toContain('turn 1 of 3')
})

test('a failed edit is not fatal and later changes are still sent', async () => {
  const edits: string[] = []
  let calls = 0
  const reporter = createProgressReporter({
    update: async (body) => {
      calls++
      if (calls === 1) throw new Error('HTTP 502')
      edits.push(body)
    },
    startedAt: Date.now() - INTERVAL_MS,
    maxTurns: 3,
    runUrl: RUN_URL,
    secrets: [],
    intervalMs: INTERVAL_MS,
  })
  reporter.onEvent(turnStart(1))
  for (let i = 0; i < 100 && calls < 1; i++) await sleep(5)
  reporter.onEvent(turnStart(2))
  await waitForEdits(edits, 1)
  await reporter.stop()
  expect(calls).toBe(2)
  expect(edits[0]).toContain('turn 2 of 3')
})

test('nothing changed, nothing sent', async () => {
  const edits: string[] = []
  const reporter = createProgressReporter({
    update: async (body) => {
      edits.push(body)
    },
    startedAt: Date.now() - INTERVAL_MS,
    maxTurns: 3,
    runUrl: RUN_URL,
    secrets: [],
    intervalMs: INTERVAL_MS,
  })
  reporter.onEvent({
    type: 'phase-start',
    at: 0,
    turn: 1,
    phase: 'action',
  })
  await sleep(INTERVAL_MS * 2)
  await reporter.stop()
  expect(edits).toEqual([])
})
