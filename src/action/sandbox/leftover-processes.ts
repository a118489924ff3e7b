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
  }
  return killed
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
