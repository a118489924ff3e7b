import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  chooseSandbox,
  listHiddenPaths,
  type SandboxMode,
} from '../sandbox/choose-sandbox.js'
import {
  createRunMarker,
  killMarkedProcesses,
} from '../sandbox/leftover-processes.js'
import {
  buildTrustedPath,
  findExecutable,
} from '../sandbox/trusted-binaries.js'

/** What the model's commands can do when they run as the user. */
export const UNSANDBOXED_REACH =
  "The model's commands run with your own rights: they can read, change " +
  'and delete every file you can, your SSH keys and cloud logins included, ' +
  'and use the network as you.'

export interface CliSandbox {
  /** For the bash tool; undefined runs bash as the user. */
  wrapCommand?: (argv: string[]) => string[]
  /** The tools' environment. */
  env: Record<string, string>
  /** For stderr: how the model's commands run. */
  notice: string
  /** Whether `notice` is a warning: the commands run with the user's rights. */
  unsandboxed: boolean
  /** Ends what the tools left running and removes the private home. */
  release: () => Promise<void>
}

/**
 * The local command's sandbox, chosen as the action's is but without
 * touching the machine: no sudo, no package installs, no new users. bwrap
 * is looked up only in PATH directories the model cannot write.
 */
export async function prepareCliSandbox(options: {
  mode: SandboxMode
  workdir: string
  /** The user's environment, for PATH and the paths to hide. */
  env: NodeJS.ProcessEnv
  /** The tools' environment as run without a sandbox. */
  toolEnv: Record<string, string>
}): Promise<CliSandbox> {
  // Marks every process the tools start, so the end of the run can find
  // those that detached from their call.
  const marker = createRunMarker()
  const plainEnv = { ...options.toolEnv, [marker.name]: marker.value }
  const endLeftovers = async (): Promise<void> => {
    await killMarkedProcesses(marker)
  }
  if (options.mode === 'none') {
    return {
      env: plainEnv,
      notice: `bash runs without a sandbox (--sandbox none). ${UNSANDBOXED_REACH}`,
      unsandboxed: true,
      release: endLeftovers,
    }
  }
  const bwrapPath = findTrustedBwrap(options)
  if (bwrapPath === undefined) {
    const reason =
      'bubblewrap is not installed (bwrap was not found in a directory of ' +
      'PATH that only root can write); install the bubblewrap package.'
    if (options.mode === 'bwrap')
      throw new Error(`--sandbox is 'bwrap', but ${reason}`)
    return {
      env: plainEnv,
      notice: unsandboxedNotice(reason),
      unsandboxed: true,
      release: endLeftovers,
    }
  }
  const privateDir = await mkdtemp(join(tmpdir(), 'harness9-home-'))
  const removePrivateDir = (): Promise<void> =>
    rm(privateDir, { recursive: true, force: true })
  const choice = await chooseSandbox({
    mode: options.mode,
    settingName: '--sandbox',
    workspace: options.workdir,
    privateDir,
    network: true,
    hiddenPaths: listHiddenPaths(options.env),
    bwrapPath,
  }).catch(async (error: unknown) => {
    await removePrivateDir()
    throw error
  })
  if (choice.wrapCommand === undefined) {
    await removePrivateDir()
    return {
      env: plainEnv,
      notice: unsandboxedNotice(choice.reason ?? choice.description),
      unsandboxed: true,
      release: endLeftovers,
    }
  }
  return {
    wrapCommand: choice.wrapCommand,
    // Your home is hidden in the sandbox: a private one lasts the whole run.
    env: { ...plainEnv, HOME: privateDir, TMPDIR: privateDir },
    notice: choice.description,
    unsandboxed: false,
    release: async () => {
      await endLeftovers()
      await removePrivateDir()
    },
  }
}

function unsandboxedNotice(reason: string): string {
  return (
    `bash runs without a sandbox: ${reason} ${UNSANDBOXED_REACH} ` +
    "Pass '--sandbox bwrap' to stop instead, or '--sandbox none' to run so knowingly."
  )
}

function findTrustedBwrap(options: {
  workdir: string
  env: NodeJS.ProcessEnv
}): string | undefined {
  const trusted = buildTrustedPath({
    path: options.env.PATH ?? '',
    writableRoots: [
      options.workdir,
      options.env.HOME ?? '',
      options.env.TMPDIR ?? '',
      tmpdir(),
      '/tmp',
      '/var/tmp',
      '/dev/shm',
    ],
  })
  return findExecutable('bwrap', trusted.path)
}
