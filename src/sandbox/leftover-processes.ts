import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'

/** The variable that marks every process the tools start. */
export const RUN_MARKER_NAME = 'HARNESS9_RUN'

/** Rounds of scan-and-kill: a process forking while we kill is caught next. */
const KILL_ROUNDS = 5

/**
 * A fresh marker for one run: put it in the tools' environment, and
 * `killMarkedProcesses` ends every process that still carries it.
 */
export function createRunMarker(): { name: string; value: string } {
  return { name: RUN_MARKER_NAME, value: randomBytes(12).toString('hex') }
}

/**
 * Kills every process whose start-up environment holds `name=value`: what
 * the tools started and left behind, including processes that left their
 * process group with setsid or were re-parented to init. Without a PID
 * namespace this is how the step's end reaches them; a process that
 * re-executes itself with an emptied environment is not found. Returns how
 * many were killed. Never throws: a process may exit while we look.
 */
export async function killMarkedProcesses(marker: {
  name: string
  value: string
}): Promise<number> {
  const needle = Buffer.from(`${marker.name}=${marker.value}\0`)
  let killed = 0
  for (let round = 0; round < KILL_ROUNDS; round++) {
    const found = await findMarkedProcesses(needle)
    if (found.length === 0) break
    for (const pid of found) {
      try {
        process.kill(pid, 'SIGKILL')
        killed++
      } catch {
        // gone already, or not ours to kill: nothing more we can do
      }
    }
    // SIGKILL is delivered, not done: wait until they are gone, or the next
    // scan finds them again and the caller's next step races them.
    await waitUntilGone(found)
  }
  return killed
}

/** How long to wait for killed processes to be gone before scanning again. */
const GONE_TIMEOUT_MS = 2000

async function waitUntilGone(pids: readonly number[]): Promise<void> {
  const deadline = Date.now() + GONE_TIMEOUT_MS
  while (Date.now() < deadline) {
    const alive = await Promise.all(pids.map(isAlive))
    if (!alive.includes(true)) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** False once the process has exited (a zombie has, too). */
async function isAlive(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  // The state follows the command name, which is in parentheses.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
  return stat !== '' && state !== 'Z' && state !== 'X'
}

async function findMarkedProcesses(needle: Buffer): Promise<number[]> {
  const found: number[] = []
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    if (pid === process.pid) continue
    // environ of another user's process is unreadable: not one of ours.
    const environ = await readFile(`/proc/${entry}/environ`).catch(() => null)
    if (environ === null) continue
    // Each variable starts the file or follows a NUL.
    if (
      environ.subarray(0, needle.length).equals(needle) ||
      environ.includes(Buffer.concat([Buffer.from([0]), needle]))
    )
      found.push(pid)
  }
  return found
}
