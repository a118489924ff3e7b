import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import {
  createRunMarker,
  killMarkedProcesses,
  RUN_MARKER_NAME,
} from '../../src/sandbox/leftover-processes.js'

// Real processes, detached as a model's `setsid … &` would leave them: the
// marked one must be gone when killMarkedProcesses returns, the others kept.

const started: number[] = []

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
})

function startSleep(env: Record<string, string>): number {
  // detached: a session of its own, as `setsid` gives it.
  const child = spawn('sleep', ['300'], {
    env: { PATH: '/usr/bin:/bin', ...env },
    detached: true,
    stdio: 'ignore',
  })
  child.unref()
  started.push(child.pid!)
  return child.pid!
}

/** Running, and not a zombie waiting for its parent. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^\S+ \(.*\) Z/.test(stat)
  } catch {
    return false
  }
}

test('kills the processes that carry the marker, and only those', async () => {
  const marker = createRunMarker()
  const other = createRunMarker()
  const marked = startSleep({ [marker.name]: marker.value, B: '1' })
  const markedLast = startSleep({ A: '1', [marker.name]: marker.value })
  const unmarked = startSleep({ A: '1' })
  const otherRun = startSleep({ [other.name]: other.value })
  const prefixOnly = startSleep({
    [marker.name]: `${marker.value}0`,
  })
  // Wait until each has exec'd sleep with the environment it was given.
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(
    [marked, markedLast, unmarked, otherRun, prefixOnly].map(isRunning),
  ).toEqual([true, true, true, true, true])

  expect(await killMarkedProcesses(marker)).toBe(2)

  expect([marked, markedLast].map(isRunning)).toEqual([false, false])
  expect([unmarked, otherRun, prefixOnly].map(isRunning)).toEqual([
    true,
    true,
    true,
  ])
})

test('a marker is the fixed name with a fresh random value', () => {
  const first = createRunMarker()
  const second = createRunMarker()
  expect(first.name).toBe(RUN_MARKER_NAME)
  expect(first.value).toMatch(/^[0-9a-f]{24}$/)
  expect(second.value).not.toBe(first.value)
})
