import { execFile } from 'node:child_process'

/** How long one set-up command (apt-get included) may take. */
export const HOST_COMMAND_TIMEOUT_MS = 5 * 60 * 1000

export interface HostCommandResult {
  ok: boolean
  /** stderr, else stdout, trimmed: what to quote when it failed. */
  said: string
}

/**
 * The programs and rights the sandbox set-up may use on this machine:
 * absolute paths only, resolved by trusted-binaries.ts.
 */
export interface HostAccess {
  /** The PATH of every command run here: trusted directories only. */
  trustedPath: string
  /** Our uid: 0 runs privileged commands directly, else through `sudo -n`. */
  uid: number
  sudo?: string
}

/** Runs `argv` without a shell and with a minimal environment; never throws. */
export function runHostCommand(
  argv: readonly string[],
  access: HostAccess,
  options: { input?: string; timeoutMs?: number } = {},
): Promise<HostCommandResult> {
  const env = {
    PATH: access.trustedPath,
    LANG: 'C.UTF-8',
    DEBIAN_FRONTEND: 'noninteractive',
  }
  return new Promise((resolve) => {
    const child = execFile(
      argv[0],
      argv.slice(1),
      {
        env,
        timeout: options.timeoutMs ?? HOST_COMMAND_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const said = (String(stderr).trim() || String(stdout).trim()).slice(
          -1000,
        )
        resolve({ ok: error === null, said: said || (error?.message ?? '') })
      },
    )
    child.stdin?.on('error', () => {
      // the command may exit before reading its input; its status says why.
    })
    child.stdin?.end(options.input ?? '')
  })
}

/**
 * `argv` with root's rights: as is when we are root, through passwordless
 * `sudo -n` otherwise; undefined when neither is possible.
 */
export function asRoot(
  argv: readonly string[],
  access: HostAccess,
): string[] | undefined {
  if (access.uid === 0) return [...argv]
  if (access.sudo === undefined) return undefined
  return [access.sudo, '-n', '--', ...argv]
}

/** Whether commands can run as root here without a password. */
export async function canRunAsRoot(access: HostAccess): Promise<boolean> {
  if (access.uid === 0) return true
  if (access.sudo === undefined) return false
  return (await runHostCommand([access.sudo, '-n', 'true'], access)).ok
}
