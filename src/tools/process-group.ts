import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** How long a process group has between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 200

/**
 * SIGTERM to the group, then SIGKILL after KILL_GRACE_MS if any member
 * lives; returns once none does (or KILL_GRACE_MS after the SIGKILL).
 */
export async function killProcessGroup(pgid: number): Promise<void> {
  if (!signalProcessGroup(pgid, 'SIGTERM')) return
  if (await waitForGroupExit(pgid, KILL_GRACE_MS)) return
  signalProcessGroup(pgid, 'SIGKILL')
  await waitForGroupExit(pgid, KILL_GRACE_MS) // dying takes a moment too
}

async function waitForGroupExit(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (hasLiveMember(pgid)) {
    if (Date.now() >= deadline) return false
    await sleep(10)
  }
  return true
}

/** False when the group is gone (or not ours to signal). */
function signalProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false // ESRCH: no member left; EPERM: a member we may not signal
  }
}

/**
 * Whether a member of the group still runs. The kernel counts zombies as
 * members, and an init that reaps slowly (containers, CI sandboxes) keeps them
 * for a second or more, so on Linux /proc tells the living from the dead.
 */
function hasLiveMember(pgid: number): boolean {
  if (!signalProcessGroup(pgid, 0)) return false
  if (process.platform !== 'linux') return true
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // exited while we looked
    }
    // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(group) === pgid && state !== 'Z' && state !== 'X') return true
  }
  return false
}
