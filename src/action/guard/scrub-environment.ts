import {
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Names the re-executed action finds its real environment's file under. */
export const ENVIRONMENT_FILE_VARIABLE = 'HARNESS9_ENVIRONMENT_FILE'

/**
 * Variables Node itself reads at start-up, kept in the new process's
 * environment so it starts as the runner started it. Nothing secret: a name
 * that looks like a credential is never kept (setup-node's NODE_AUTH_TOKEN).
 */
const KEPT_AT_START = [
  'PATH',
  'HOME',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'NODE_OPTIONS',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'UV_THREADPOOL_SIZE',
]

const CREDENTIAL_NAME = /KEY|TOKEN|SECRET|PASS|AUTH|CRED/i

export type ScrubOutcome =
  { kind: 'scrubbed' } | { kind: 'not-scrubbed'; reason: string }

let outcome: ScrubOutcome = {
  kind: 'not-scrubbed',
  reason: 'the action was not started through its entry point',
}

/** What the start-up did, for a log line once @actions/core is loaded. */
export function scrubOutcome(): ScrubOutcome {
  return outcome
}

/**
 * The runner starts the action with the API key, the GitHub token and the
 * ACTIONS_* tokens in its environment, and a process's start-up environment
 * stays readable in /proc/<pid>/environ for its whole life. So the action
 * re-executes itself at once (same pid) with only KEPT_AT_START in the
 * environment, the rest handed over in a file in a private 0700 directory
 * that the new process reads, deletes, and puts back into process.env —
 * which changes the process's memory, not /proc/<pid>/environ.
 *
 * Must run before any other module reads process.env. Never returns in the
 * first process when process.execve (Node 22.15+, 23.11+) is there.
 */
export function reexecWithScrubbedEnvironment(): void {
  const file = process.env[ENVIRONMENT_FILE_VARIABLE]
  if (file !== undefined) {
    restoreEnvironment(file)
    outcome = { kind: 'scrubbed' }
    return
  }
  if (process.platform !== 'linux' || typeof process.execve !== 'function') {
    outcome = {
      kind: 'not-scrubbed',
      reason: `process.execve is not available in Node ${process.version} on ${process.platform}`,
    }
    return
  }
  const dir = mkdtempSync(join(tmpdir(), 'harness9-env-'))
  const path = join(dir, 'environment.json')
  try {
    writeFileSync(path, JSON.stringify(process.env), {
      mode: 0o600,
      flag: 'wx',
    })
    const kept: Record<string, string> = {}
    for (const name of KEPT_AT_START) {
      const value = process.env[name]
      if (value !== undefined && !CREDENTIAL_NAME.test(name)) kept[name] = value
    }
    kept[ENVIRONMENT_FILE_VARIABLE] = path
    process.execve(
      process.execPath,
      [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
      kept,
    )
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    outcome = {
      kind: 'not-scrubbed',
      reason: `re-executing failed: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}

function restoreEnvironment(path: string): void {
  delete process.env[ENVIRONMENT_FILE_VARIABLE]
  const info = statSync(path)
  // Only a file this user made for itself, readable by nobody else.
  if (info.uid !== process.getuid?.() || (info.mode & 0o077) !== 0) {
    throw new Error(
      `${ENVIRONMENT_FILE_VARIABLE} names ${path}, which is not a private file of this user.`,
    )
  }
  const saved = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>
  rmSync(join(path, '..'), { recursive: true, force: true })
  for (const [name, value] of Object.entries(saved)) {
    if (name !== ENVIRONMENT_FILE_VARIABLE) process.env[name] = value
  }
}
