import { existsSync, realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, join } from 'node:path'
import {
  buildBwrapArgs,
  SANDBOX_USER_ID,
  type BwrapLayout,
  type HiddenPath,
} from './bwrap-args.js'
import { startEgress } from './egress-proxy.js'
import { enableBwrap } from './enable-bwrap.js'
import { canRunAsRoot, type HostAccess } from './host-command.js'
import { notInstalledReason, probeBwrap } from './probe.js'
import { createSeparateUser } from './separate-user.js'
import type { TrustedBinaries } from './trusted-binaries.js'

/**
 * Where the runner keeps its own files (credentials, logs, the job's
 * temporary files) on GitHub-hosted and common self-hosted installs.
 */
const RUNNER_DIRECTORIES = [
  '/home/runner/work/_temp',
  '/home/runner/runners',
  '/home/runner/actions-runner',
  '/opt/actions-runner',
]

/**
 * Sockets a read-only mount does not protect: connecting needs no write, and
 * the Docker daemon's socket (open to the runner user) is root on the host.
 */
const HOST_SOCKETS = ['/run/docker.sock', '/var/run/docker.sock', '/run/user']

/** The action's input `sandbox` and the local command's `--sandbox`. */
export type SandboxMode = 'auto' | 'bwrap' | 'none'

export interface SandboxOptions {
  mode: SandboxMode
  /** How the user set `mode`, for errors; defaults to the action's input. */
  settingName?: string
  /** The checkout: the only place outside privateDir the model can write. */
  workspace: string
  /** The private HOME and TMPDIR of the tool's processes. */
  privateDir: string
  /** False cuts the network off; it needs the sandbox. */
  network: boolean
  /** Binds the workspace read-only (review mode). */
  readOnlyWorkspace?: boolean
  /**
   * With `network`: the sandbox gets a network namespace of its own and
   * reaches out through a proxy (egress-proxy.ts) that refuses the host's
   * loopback addresses. HTTP and HTTPS only.
   */
  isolateLoopback?: boolean
  /** Paths to hide; those that do not exist are skipped. */
  hiddenPaths: readonly string[]
  /** The bwrap binary, a name looked up in `searchPath` or a path. */
  bwrapPath?: string
  /** Where to look a bwrap name up; defaults to PATH. */
  searchPath?: string
  /** The action's ids; default to the process's own. */
  uid?: number
  gid?: number
  /**
   * What the action may do to the machine to get a sandbox: install
   * bubblewrap, load its AppArmor profile, or create a separate user.
   * Without it only the bwrap found is probed.
   */
  host?: HostSetup
}

export interface HostSetup {
  /** Absolute paths found in trusted directories (trusted-binaries.ts). */
  binaries: TrustedBinaries
  trustedPath: string
  /** The tools' environment, which the separate user's command line sets. */
  childEnv: Readonly<Record<string, string>>
  /** One line per thing done to the machine. */
  log: (line: string) => void
}

export interface SandboxChoice {
  /** For `createBashTool`; undefined runs bash as is. */
  wrapCommand?: (argv: string[]) => string[]
  /** One line for the log and the summary. */
  description: string
  /** Set when `auto` found no usable sandbox: what the model can reach. */
  warning?: string
  /** With `warning`: why bubblewrap could not be used. */
  reason?: string
  /**
   * Ends every process the tools started and undoes what the set-up did to
   * the machine; returns what could not be undone.
   */
  release?: () => Promise<string[]>
}

/**
 * The paths to hide from the model: RUNNER_TEMP (event payload, transcript,
 * the runner's command files), the real home, the runner's own directories
 * and host sockets.
 */
export function listHiddenPaths(env: NodeJS.ProcessEnv): string[] {
  const fromEnv = [env.RUNNER_TEMP, env.HOME].filter(
    (path): path is string => path !== undefined && path !== '',
  )
  return [
    ...fromEnv,
    ...findRunnerRoots(env),
    ...RUNNER_DIRECTORIES,
    ...HOST_SOCKETS,
  ]
}

/** Files that mark a self-hosted runner's root directory. */
const RUNNER_ROOT_MARKERS = ['.runner', '.credentials', 'run.sh', 'config.sh']

/**
 * The runner's root directories above RUNNER_TEMP and RUNNER_WORKSPACE (a
 * self-hosted runner keeps its credentials there, and `_work` beside them
 * holds other repositories' checkouts). The workspace stays visible: its
 * writable bind goes deeper than the hide.
 */
export function findRunnerRoots(env: NodeJS.ProcessEnv): string[] {
  const roots = new Set<string>()
  for (const start of [env.RUNNER_TEMP, env.RUNNER_WORKSPACE]) {
    if (start === undefined || !isAbsolute(start)) continue
    for (let dir = dirname(start); dir !== '/'; dir = dirname(dir)) {
      if (RUNNER_ROOT_MARKERS.some((marker) => existsSync(join(dir, marker))))
        roots.add(dir)
    }
  }
  return [...roots]
}

/**
 * Decides how the bash tool runs for the input `sandbox`, probing bubblewrap
 * once with the flags it will use. Throws when `bwrap` (or `network: false`)
 * was asked for and cannot be had.
 */
export async function chooseSandbox(
  options: SandboxOptions,
): Promise<SandboxChoice> {
  if (options.mode === 'none') {
    requireNetworkChoiceWithoutSandbox(
      options.network,
      "input 'sandbox' is 'none'.",
    )
    return {
      description:
        "bash runs without a sandbox, as chosen with 'sandbox: none'. " +
        UNSANDBOXED_REACH,
    }
  }
  const layout = resolveLayout(options)
  const isolate = options.network && options.isolateLoopback === true
  // Isolated, the namespace is cut off as with network: false; the proxy
  // is the way out.
  const args = buildBwrapArgs(isolate ? { ...layout, network: false } : layout)
  const host = options.host
  const bwrapName = host ? host.binaries.bwrap : options.bwrapPath
  // With host programs given, only the trusted bwrap counts: no PATH search.
  const probe =
    host && bwrapName === undefined
      ? { ok: false as const, reason: notInstalledReason('bwrap') }
      : await probeBwrap({
          bwrapPath: bwrapName,
          args,
          searchPath: options.searchPath,
        })
  let bwrapPath = probe.ok ? probe.bwrapPath : undefined
  let reason = probe.ok ? '' : probe.reason
  const done: string[] = []
  if (!probe.ok && host) {
    const enabled = await enableBwrap(
      {
        ...accessOf(host, layout.uid),
        bwrapPath: host.binaries.bwrap,
        aptGet: host.binaries['apt-get'],
        apparmorParser: host.binaries.apparmor_parser,
        probe: async (path) => {
          const again = await probeBwrap({ bwrapPath: path, args })
          return again.ok ? undefined : again.reason
        },
        log: host.log,
      },
      probe.reason,
    )
    done.push(...enabled.done)
    if (enabled.ok) bwrapPath = enabled.bwrapPath
    else reason = enabled.reason
  }
  if (bwrapPath !== undefined) {
    const description = [
      ...done,
      describeSandbox(
        options.network,
        isolate,
        options.readOnlyWorkspace === true,
      ),
    ]
    if (!isolate) {
      const path = bwrapPath
      return {
        wrapCommand: (argv) => [path, ...args, ...argv],
        description: description.join(' '),
      }
    }
    return isolatedChoice(bwrapPath, args, layout.privateDir, description)
  }
  if (options.mode === 'bwrap') {
    const setting = options.settingName ?? "Input 'sandbox'"
    throw new Error(`${setting} is 'bwrap', but ${reason}`)
  }
  requireNetworkChoiceWithoutSandbox(options.network, reason)
  if (host) {
    const separate = await trySeparateUser(layout, host, reason)
    if (separate !== undefined) return separate
  }
  return {
    description: 'bash runs without a sandbox: bubblewrap is not usable here.',
    reason,
    warning:
      `bash runs without a sandbox: ${reason} ${UNSANDBOXED_REACH} ` +
      "Set 'sandbox: bwrap' to fail the step instead.",
  }
}

/** bwrap with the egress proxy's forwarder in front of every command. */
async function isolatedChoice(
  bwrapPath: string,
  args: readonly string[],
  privateDir: string,
  description: readonly string[],
): Promise<SandboxChoice> {
  const egress = await startEgress(privateDir, process.execPath)
  const options = args.slice(0, -1) // without the closing '--'
  return {
    wrapCommand: (argv) => [
      bwrapPath,
      ...options,
      ...egress.bwrapArgs,
      '--',
      ...egress.prefix,
      ...argv,
    ],
    description: description.join(' '),
    release: async () => {
      await egress.close()
      return []
    },
  }
}

function accessOf(host: HostSetup, uid: number): HostAccess {
  return { trustedPath: host.trustedPath, uid, sudo: host.binaries.sudo }
}

/**
 * The fallback when no user namespace can be had: tools run as a throwaway
 * user. Undefined (with the reason logged) when it cannot be set up either.
 */
async function trySeparateUser(
  layout: BwrapLayout,
  host: HostSetup,
  bwrapReason: string,
): Promise<SandboxChoice | undefined> {
  const access = accessOf(host, layout.uid)
  if (!(await canRunAsRoot(access))) return undefined
  try {
    const user = await createSeparateUser({
      ...access,
      programs: host.binaries,
      workspace: layout.workspace,
      privateDir: layout.privateDir,
      owner: { uid: layout.uid, gid: layout.gid },
      childEnv: host.childEnv,
    })
    host.log(
      `Created the user ${user.name} (uid ${user.uid}) without sudo rights to run the tools, since bubblewrap cannot be used: ${bwrapReason}`,
    )
    return {
      wrapCommand: user.wrapCommand,
      description:
        `sandbox: separate user ${user.name}. bash runs as a throwaway user ` +
        'without sudo rights that owns only the workspace and a private ' +
        "temporary directory: the action's processes, the runner's files " +
        'and sudo are out of its reach, but the rest of the system is visible ' +
        'and the network is open.',
      release: user.release,
    }
  } catch (error) {
    host.log(
      `Could not run the tools as a separate user: ${error instanceof Error ? error.message : String(error)}`,
    )
    return undefined
  }
}

const UNSANDBOXED_REACH =
  "The model's commands can read every file the runner user can read (its " +
  'home directory, RUNNER_TEMP with the event payload, other checkouts), ' +
  "read other processes' /proc entries (the action's start-up environment " +
  'is scrubbed, but where ptrace is allowed the memory of a process of the ' +
  'same user holds its key and token), reach the network and use whatever that ' +
  "user may, such as sudo on GitHub's runners; a process they detach " +
  '(setsid) runs until the step ends, and longer if it also clears its ' +
  'environment; only their own environment is filtered, so it holds no API ' +
  'key or token.'

function describeSandbox(
  network: boolean,
  isolate: boolean,
  readOnly: boolean,
): string {
  const reach = !network
    ? 'no network'
    : isolate
      ? "HTTP and HTTPS through a proxy that refuses the host's own " +
        'loopback services (no DNS or other protocols)'
      : 'network allowed'
  return (
    `bash runs in a bubblewrap sandbox: read-only system, ${readOnly ? 'read-only' : 'writable'} workspace ` +
    'and private temporary directory, home and runner directories hidden, ' +
    `its own process namespace, ${reach}.`
  )
}

/** `network: false` is a promise only the sandbox can keep: never drop it. */
function requireNetworkChoiceWithoutSandbox(
  network: boolean,
  why: string,
): void {
  if (network) return
  throw new Error(
    "Input 'network' is false, which needs the bubblewrap sandbox, " +
      `but ${why} ` +
      "Set 'network: true' to run without both.",
  )
}

function resolveLayout(options: SandboxOptions): BwrapLayout {
  const uid = options.uid ?? process.getuid?.() ?? SANDBOX_USER_ID
  const gid = options.gid ?? process.getgid?.() ?? SANDBOX_USER_ID
  return {
    workspace: resolveDirectory(options.workspace, 'workspace'),
    privateDir: resolveDirectory(options.privateDir, 'private directory'),
    hiddenPaths: resolveHiddenPaths(options.hiddenPaths),
    network: options.network,
    readOnlyWorkspace: options.readOnlyWorkspace,
    runtimeFiles: [realpathSync(process.execPath)],
    uid,
    gid,
  }
}

function resolveDirectory(path: string, what: string): string {
  try {
    return realpathSync(path)
  } catch (error) {
    throw new Error(`The sandbox's ${what} '${path}' does not exist`, {
      cause: error,
    })
  }
}

/** The existing paths among `paths`, symbolic links resolved, each once. */
function resolveHiddenPaths(paths: readonly string[]): HiddenPath[] {
  const found = new Map<string, HiddenPath>()
  for (const path of paths) {
    const real = realpathOrUndefined(path)
    if (real === undefined || real === '/') continue
    const kind = statSync(real).isDirectory() ? 'directory' : 'file'
    found.set(real, { path: real, kind })
  }
  return [...found.values()]
}

function realpathOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path)
  } catch {
    return undefined // nothing there: nothing to hide
  }
}
