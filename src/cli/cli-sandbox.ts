import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SandboxMode } from '../sandbox/choose-sandbox.js'
import {
  createRunMarker,
  killMarkedProcesses,
} from '../sandbox/leftover-processes.js'
import type { BaseTool } from '../tools/base-tool.js'
import {
  buildTrustedPath,
  findExecutable,
} from '../sandbox/trusted-binaries.js'

/** What the model's commands can do when they run as the user. */
export const UNSANDBOXED_REACH =
  "The model's commands run with your own rights: they can read, change " +
  'and delete every file you can, your SSH keys and cloud logins included, ' +
  'and use the network as you.'

/** How the model's commands run, for stderr. */
export interface SandboxNotice {
  text: string
  /** Whether this is a warning: the commands run with the user's rights. */
  unsandboxed: boolean
}

export interface CliSandbox {
  /**
   * How the model's commands will run, when that is known at start; else
   * it is said (through `contain`'s `say`) just before the first command.
   */
  notice?: SandboxNotice
  /** The tools' environment outside bash. */
  env: Record<string, string>
  /**
   * `bash` with its commands in the sandbox and the sandbox's environment.
   * The sandbox is set up on bash's first call: a run that never calls bash
   * never starts bwrap.
   */
  contain: (
    makeBash: (wrapCommand?: (argv: string[]) => string[]) => BaseTool,
    say: (notice: SandboxNotice) => void,
  ) => BaseTool
  /** Ends what the tools left running and removes the private home. */
  release: () => Promise<void>
}

/** What bash runs in, once the sandbox is decided. */
interface ReadySandbox {
  wrapCommand?: (argv: string[]) => string[]
  env: Record<string, string>
  notice: SandboxNotice
  removePrivateDir: () => Promise<void>
}

/**
 * The local command's sandbox, chosen as the action's is but without
 * touching the machine: no sudo, no package installs, no new users. bwrap
 * is looked up only in PATH directories the model cannot write. Looking it
 * up (a stat per PATH directory) and probing it (a process start, ~10 ms)
 * wait for bash's first call, except with
 * `--sandbox bwrap`, where a sandbox that cannot start stops the run before
 * the model is asked anything.
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
  const unsandboxed = (text: string): ReadySandbox => ({
    env: plainEnv,
    notice: { text, unsandboxed: true },
    removePrivateDir: async () => {},
  })
  let known: ReadySandbox | undefined
  let setUp: (() => Promise<ReadySandbox>) | undefined
  let started: Promise<ReadySandbox> | undefined
  if (options.mode === 'none') {
    known = unsandboxed(
      `bash runs without a sandbox (--sandbox none). ${UNSANDBOXED_REACH}`,
    )
  } else {
    const choose = async (): Promise<ReadySandbox> => {
      const bwrapPath = findTrustedBwrap(options)
      if (bwrapPath === undefined) {
        const reason =
          'bubblewrap is not installed (bwrap was not found in a directory ' +
          'of PATH that only root can write); install the bubblewrap package.'
        if (options.mode === 'bwrap')
          throw new Error(`--sandbox is 'bwrap', but ${reason}`)
        return unsandboxed(unsandboxedNotice(reason))
      }
      return setUpBwrap(options, bwrapPath, plainEnv)
    }
    setUp = () => (started ??= choose())
    if (options.mode === 'bwrap') known = await setUp()
  }
  const ready = (): Promise<ReadySandbox> =>
    known ? Promise.resolve(known) : setUp!()
  let bashRan = false
  return {
    notice: known?.notice,
    env: plainEnv,
    contain: (makeBash, say) => {
      // The model sees bash's definition at once; the tool that runs the
      // commands is made when the sandbox is ready.
      const shown = makeBash()
      let contained: Promise<{ bash: BaseTool; env: Record<string, string> }>
      const containedBash = () =>
        (contained ??= ready().then((sandbox) => {
          if (!known) say(sandbox.notice)
          return { bash: makeBash(sandbox.wrapCommand), env: sandbox.env }
        }))
      return {
        name: shown.name,
        definition: () => shown.definition(),
        // Checking a call needs no sandbox: the shown bash parses it once.
        parseArguments: (text) => shown.parseArguments(text),
        pathOf: (args) => shown.pathOf(args),
        execute: async (args, context) => {
          const { bash, env } = await containedBash()
          bashRan = true
          return bash.execute(args, { ...context, env })
        },
      }
    },
    release: async () => {
      // Only bash starts processes here: without a call there is nothing
      // to look for, and scanning every process costs ~10 ms.
      if (bashRan) await killMarkedProcesses(marker)
      const sandbox = known ?? (await started?.catch(() => undefined))
      await sandbox?.removePrivateDir()
    },
  }
}

async function setUpBwrap(
  options: { mode: SandboxMode; workdir: string; env: NodeJS.ProcessEnv },
  bwrapPath: string,
  plainEnv: Record<string, string>,
): Promise<ReadySandbox> {
  // Loaded with bash's first call: a run without commands never needs it.
  const { chooseSandbox, listHiddenPaths } =
    await import('../sandbox/choose-sandbox.js')
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
      notice: {
        text: unsandboxedNotice(choice.reason ?? choice.description),
        unsandboxed: true,
      },
      removePrivateDir: async () => {},
    }
  }
  return {
    wrapCommand: choice.wrapCommand,
    // Your home is hidden in the sandbox: a private one lasts the whole run.
    env: { ...plainEnv, HOME: privateDir, TMPDIR: privateDir },
    notice: { text: choice.description, unsandboxed: false },
    removePrivateDir,
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
