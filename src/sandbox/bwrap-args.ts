import { isAbsolute, normalize, sep } from 'node:path'

/**
 * The user and group id the sandbox runs as when the action runs as root:
 * root inside a user namespace keeps its capabilities there, and the first
 * regular user on GitHub's runners is 1001.
 */
export const SANDBOX_USER_ID = 1001

/** A path to hide: an empty tmpfs over a directory, /dev/null over a file. */
export interface HiddenPath {
  path: string
  kind: 'directory' | 'file'
}

export interface BwrapLayout {
  /** Bound read-write at the same path; the command starts there. */
  workspace: string
  /** The private HOME and TMPDIR, bound read-write at the same path. */
  privateDir: string
  /** Existing paths to hide: RUNNER_TEMP, the real home, the runner's files. */
  hiddenPaths: readonly HiddenPath[]
  /** False cuts the sandbox off every network, loopback included. */
  network: boolean
  /** Binds the workspace read-only (review mode). */
  readOnlyWorkspace?: boolean
  /**
   * Programs the sandbox must still run, bound read-only at their own path:
   * the action's Node binary, which the file tools' helper and the network
   * forwarder start with, and which may sit in a hidden directory (the
   * runner's own, or /tmp).
   */
  runtimeFiles?: readonly string[]
  /** The action's own ids; root is replaced by SANDBOX_USER_ID. */
  uid: number
  gid: number
}

interface Mount {
  flags: string[]
  path: string
  /** At the same path a writable bind goes after a hide, so it stays usable. */
  writable: boolean
}

/**
 * The bwrap options (everything between `bwrap` and the command, ending in
 * `--`) that run a command with the system read-only, the workspace and the
 * private directory writable, the hidden paths empty and the host's
 * processes out of sight.
 */
export function buildBwrapArgs(layout: BwrapLayout): string[] {
  const workspace = checkAbsolute(layout.workspace, 'workspace')
  return [
    ...['--ro-bind', '/', '/'],
    ...['--dev', '/dev'], // null, zero, random, tty, own shm; no host device
    ...['--proc', '/proc'], // this PID namespace's processes only
    ...orderMounts(layout).flatMap((mount) => mount.flags),
    ...['--unshare-user', '--uid', String(sandboxId(layout.uid))],
    ...['--gid', String(sandboxId(layout.gid))],
    ...['--unshare-pid', '--unshare-ipc', '--unshare-uts'],
    '--unshare-cgroup-try',
    ...(layout.network ? [] : ['--unshare-net']),
    '--new-session', // no TIOCSTI: the command cannot type into our terminal
    '--die-with-parent',
    ...['--chdir', workspace],
    '--',
  ]
}

/** A `wrapCommand` for the bash tool: `argv` run by `bwrapPath` in `layout`. */
export function createBwrapWrapper(
  bwrapPath: string,
  layout: BwrapLayout,
): (argv: string[]) => string[] {
  const args = buildBwrapArgs(layout)
  return (argv) => [bwrapPath, ...args, ...argv]
}

/**
 * Mounts from the shallowest path to the deepest, since a later mount covers
 * an earlier one: the workspace under a hidden home stays visible, a hidden
 * directory inside the workspace stays hidden. The host's /tmp is replaced by
 * an empty one so the action's own temporary files are out of reach.
 */
function orderMounts(layout: BwrapLayout): Mount[] {
  const hides = layout.hiddenPaths.map(({ path, kind }): Mount => {
    const target = checkAbsolute(path, 'hidden path')
    if (target === '/')
      throw new Error('The sandbox cannot hide the root directory')
    const flags =
      kind === 'directory'
        ? ['--tmpfs', target]
        : ['--ro-bind', '/dev/null', target]
    return { flags, path: target, writable: false }
  })
  const binds = [layout.privateDir, layout.workspace].map((path): Mount => {
    const target = checkAbsolute(path, 'writable path')
    const bind =
      layout.readOnlyWorkspace && path === layout.workspace
        ? '--ro-bind'
        : '--bind'
    return { flags: [bind, target, target], path: target, writable: true }
  })
  // Placed like the writable binds: after a hide at the same depth.
  const runtime = (layout.runtimeFiles ?? []).map((path): Mount => {
    const target = checkAbsolute(path, 'runtime file')
    return {
      flags: ['--ro-bind', target, target],
      path: target,
      writable: true,
    }
  })
  const tmp: Mount = {
    flags: ['--tmpfs', '/tmp'],
    path: '/tmp',
    writable: false,
  }
  return [tmp, ...hides, ...binds, ...runtime].sort(
    (a, b) =>
      depth(a.path) - depth(b.path) || Number(a.writable) - Number(b.writable),
  )
}

function depth(path: string): number {
  return path.split(sep).filter((part) => part !== '').length
}

function sandboxId(id: number): number {
  return id === 0 ? SANDBOX_USER_ID : id
}

function checkAbsolute(path: string, what: string): string {
  if (!isAbsolute(path)) {
    throw new Error(
      `The sandbox's ${what} must be an absolute path, got '${path}'`,
    )
  }
  const normalized = normalize(path)
  return normalized.length > 1 ? normalized.replace(/\/+$/, '') : normalized
}
