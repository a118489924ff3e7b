import { execFile } from 'node:child_process'
import { findExecutable } from './trusted-binaries.js'

/** How long bwrap may take to start a sandbox and run `true`. */
export const PROBE_TIMEOUT_MS = 5000

/** The flags the probe uses when the caller gives none. */
const MINIMAL_ARGS = [
  ...['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'],
  ...['--unshare-user', '--unshare-pid', '--die-with-parent', '--'],
]

const INSTALL_HINT =
  'install it in a step before this one with ' +
  "'sudo apt-get install -y bubblewrap'"

const NAMESPACE_HINT =
  'If user namespaces are restricted (Ubuntu 23.10 and later, including ' +
  "GitHub's ubuntu-24.04 runners, where AppArmor blocks them), run " +
  "'sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0' in a step " +
  'before this one; in a container job, run the job on the runner itself. ' +
  "Or set 'sandbox: none' knowingly."

export type ProbeResult =
  { ok: true; bwrapPath: string } | { ok: false; reason: string }

export interface ProbeOptions {
  /** A name looked up in `searchPath`, or a path; defaults to `bwrap`. */
  bwrapPath?: string
  /** The bwrap options to try, ending in `--`: the ones the tool will use. */
  args?: readonly string[]
  /** Directories to look `bwrapPath` up in; defaults to `process.env.PATH`. */
  searchPath?: string
  timeoutMs?: number
}

/**
 * Checks that bubblewrap exists and can start a sandbox here, by running
 * `true` in one. Never throws: the reason says what failed and what to do.
 */
export async function probeBwrap(
  options: ProbeOptions = {},
): Promise<ProbeResult> {
  const name = options.bwrapPath ?? 'bwrap'
  const bwrapPath = findExecutable(
    name,
    options.searchPath ?? process.env.PATH ?? '',
  )
  if (bwrapPath === undefined) {
    return { ok: false, reason: notInstalledReason(name) }
  }
  const args = [...(options.args ?? MINIMAL_ARGS), 'true']
  const failure = await runProbe(
    bwrapPath,
    args,
    options.timeoutMs ?? PROBE_TIMEOUT_MS,
  )
  return failure === undefined
    ? { ok: true, bwrapPath }
    : { ok: false, reason: failure }
}

/** Why bubblewrap cannot be used when `name` was not found. */
export function notInstalledReason(name: string): string {
  return (
    `bubblewrap is not installed ('${name}' was not found or is not ` +
    `executable); ${INSTALL_HINT}.`
  )
}

/** Runs the probe; resolves with undefined on success, else the reason. */
function runProbe(
  bwrapPath: string,
  args: string[],
  timeoutMs: number,
): Promise<string | undefined> {
  const env = { PATH: '/usr/local/bin:/usr/bin:/bin' }
  return new Promise((resolve) => {
    execFile(
      bwrapPath,
      args,
      { env, timeout: timeoutMs },
      (error, _stdout, stderr) => {
        if (error === null) return resolve(undefined)
        if (error.killed) {
          return resolve(
            `bubblewrap (${bwrapPath}) did not start a sandbox within ` +
              `${timeoutMs} ms. ${NAMESPACE_HINT}`,
          )
        }
        const said = stderr.trim() || error.message
        resolve(
          `bubblewrap (${bwrapPath}) cannot start a sandbox here: ${said}. ` +
            NAMESPACE_HINT,
        )
      },
    )
  })
}
