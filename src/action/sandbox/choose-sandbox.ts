import { realpathSync, statSync } from 'node:fs'
import type { SandboxMode } from '../inputs.js'
import {
  buildBwrapArgs,
  SANDBOX_USER_ID,
  type BwrapLayout,
  type HiddenPath,
} from './bwrap-args.js'
import { probeBwrap } from './probe.js'

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

export interface SandboxOptions {
  mode: SandboxMode
  /** The checkout: the only place outside privateDir the model can write. */
  workspace: string
  /** The private HOME and TMPDIR of the tool's processes. */
  privateDir: string
  /** False cuts the network off; it needs the sandbox. */
  network: boolean
  /** Binds the workspace read-only (review mode). */
  readOnlyWorkspace?: boolean
  /** Paths to hide; those that do not exist are skipped. */
  hiddenPaths: readonly string[]
  /** The bwrap binary, a name looked up in PATH or a path. */
  bwrapPath?: string
  /** The action's ids; default to the process's own. */
  uid?: number
  gid?: number
}

export interface SandboxChoice {
  /** For `createBashTool`; undefined runs bash as is. */
  wrapCommand?: (argv: string[]) => string[]
  /** One line for the log and the summary. */
  description: string
  /** Set when `auto` found no usable sandbox: what the model can reach. */
  warning?: string
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
  return [...fromEnv, ...RUNNER_DIRECTORIES, ...HOST_SOCKETS]
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
  const args = buildBwrapArgs(layout)
  const probe = await probeBwrap({ bwrapPath: options.bwrapPath, args })
  if (probe.ok) {
    const bwrapPath = probe.bwrapPath
    return {
      wrapCommand: (argv) => [bwrapPath, ...args, ...argv],
      description: describeSandbox(
        options.network,
        options.readOnlyWorkspace === true,
      ),
    }
  }
  if (options.mode === 'bwrap') {
    throw new Error(`Input 'sandbox' is 'bwrap', but ${probe.reason}`)
  }
  requireNetworkChoiceWithoutSandbox(options.network, probe.reason)
  return {
    description: 'bash runs without a sandbox: bubblewrap is not usable here.',
    warning:
      `bash runs without a sandbox: ${probe.reason} ${UNSANDBOXED_REACH} ` +
      "Set 'sandbox: bwrap' to fail the step instead.",
  }
}

const UNSANDBOXED_REACH =
  "The model's commands can read every file the runner user can read (its " +
  'home directory, RUNNER_TEMP with the event payload, other checkouts), ' +
  "read other processes' /proc entries (including the action's own " +
  'environment with its inputs), reach the network and use whatever that ' +
  "user may, such as sudo on GitHub's runners, and a process they detach " +
  '(setsid) can outlive its call; only their own environment is filtered, ' +
  'so it holds no API key or token.'

function describeSandbox(network: boolean, readOnly: boolean): string {
  return (
    `bash runs in a bubblewrap sandbox: read-only system, ${readOnly ? 'read-only' : 'writable'} workspace ` +
    'and private temporary directory, home and runner directories hidden, ' +
    `its own process namespace, ${network ? 'network allowed' : 'no network'}.`
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
