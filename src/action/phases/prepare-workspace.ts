import * as core from '@actions/core'
import { mkdtemp, realpath, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildChildEnv } from '../guard/child-env.js'
import {
  snapshotGitConfig,
  type GitConfigSnapshot,
} from '../git/config-snapshot.js'
import { removeCheckoutCredentials } from '../git/credentials.js'
import { buildTokenEnv, listTokenForms } from '../git/token-env.js'
import { runGit } from '../git/run-git.js'
import type { PullRequestHead } from '../github/pull-request-head.js'
import type { ActionInputs } from '../inputs.js'
import { hostPrograms } from '../guard/host-programs.js'
import { scrubOutcome } from '../guard/scrub-environment.js'
import { chooseSandbox, listHiddenPaths } from '../../sandbox/choose-sandbox.js'
import {
  createRunMarker,
  killMarkedProcesses,
} from '../../sandbox/leftover-processes.js'
import { limitCommand } from '../../sandbox/resource-limits.js'

const MEBIBYTE = 1024 * 1024

export interface PreparedWorkspace {
  /** Real path of the checkout. */
  workdir: string
  /** The git config as it was before the model ran; undefined outside git. */
  gitSnapshot: GitConfigSnapshot | undefined
  childEnv: Record<string, string>
  wrapCommand: ((argv: string[]) => string[]) | undefined
  /** Lines for the summary: how bash runs, what was removed. */
  notes: string[]
  /** Removes the private home directory. */
  cleanup: () => Promise<void>
}

/**
 * Makes the checkout safe to hand to the model: the pull request's head
 * checked out when a PR comment asked, the checkout's credentials removed,
 * the git config saved for restoring, a private HOME, and the sandbox chosen.
 */
export async function prepareWorkspace(options: {
  inputs: ActionInputs
  workspace: string
  serverUrl: string
  pullRequest: { number: number; head: PullRequestHead } | undefined
  env: NodeJS.ProcessEnv
  /** The fetch of the PR's head is bounded by the budget and the cancel. */
  remote?: { deadline: number; signal: AbortSignal }
  /** Review mode: bash's sandbox binds the workspace read-only. */
  readOnly?: boolean
}): Promise<PreparedWorkspace> {
  const { inputs } = options
  const workdir = await realpath(options.workspace).catch(() => {
    throw new Error(
      `The workspace ${options.workspace} does not exist: run actions/checkout before this step.`,
    )
  })
  const isGit = await stat(join(workdir, '.git')).then(
    () => true,
    () => false,
  )
  if (!isGit && inputs.commit) {
    throw new Error(
      `Input 'commit' is true, but ${workdir} is not a git checkout: run actions/checkout before this step.`,
    )
  }
  const notes: string[] = []
  if (isGit && options.pullRequest) {
    await checkoutPullRequest(
      workdir,
      options.pullRequest,
      inputs.githubToken,
      options.serverUrl,
      options.remote,
    )
  }
  if (isGit) {
    const removed = await removeCheckoutCredentials(workdir)
    for (const line of removed)
      core.info(`Removed from the checkout before the model runs: ${line}`)
  }
  const gitSnapshot = isGit ? await snapshotGitConfig(workdir) : undefined
  const privateDir = await mkdtemp(join(tmpdir(), 'harness9-home-'))
  // Marks every process the tools start, so the step's end can find those
  // that detached from their call (setsid, nohup, re-parented to init).
  const marker = createRunMarker()
  const childEnv = {
    ...buildChildEnv(options.env, { home: privateDir }),
    [marker.name]: marker.value,
  }
  const programs = hostPrograms()
  if (programs.skipped.length > 0)
    core.info(
      `The action runs git, bwrap and sudo only from directories the model cannot write; left out of PATH for them: ${programs.skipped.join(', ')}.`,
    )
  const sandbox = await chooseSandbox({
    mode: inputs.sandbox,
    workspace: workdir,
    privateDir,
    network: inputs.network,
    readOnlyWorkspace: options.readOnly,
    isolateLoopback: true,
    hiddenPaths: listHiddenPaths(options.env),
    host: {
      binaries: programs.binaries,
      trustedPath: programs.trustedPath,
      childEnv,
      log: (line) => core.info(line),
    },
  })
  const scrub = scrubOutcome()
  if (scrub.kind === 'not-scrubbed') {
    const line = `The action's own environment was not scrubbed (${scrub.reason}): its /proc/<pid>/environ holds the inputs, the API key and the token among them.`
    core.warning(line)
    notes.push(line)
  }
  if (sandbox.warning) core.warning(sandbox.warning)
  else core.info(sandbox.description)
  notes.push(sandbox.warning ?? sandbox.description)
  return {
    workdir,
    gitSnapshot,
    childEnv,
    // The process count is per user: only the sandbox's own namespace
    // gives each call a count of its own.
    wrapCommand: limitCommand(sandbox.wrapCommand, {
      maxProcesses: sandbox.wrapCommand ? inputs.maxProcesses : undefined,
      maxMemoryBytes: inputs.maxMemoryMb * MEBIBYTE,
      maxFileSizeBytes: inputs.maxFileSizeMb * MEBIBYTE,
    }),
    notes,
    cleanup: async () => {
      // Every process the tools started ends before any git of ours runs.
      const problems = (await sandbox.release?.()) ?? []
      for (const problem of problems)
        core.warning(`Sandbox clean-up: ${problem}`)
      const killed = await killMarkedProcesses(marker)
      if (killed > 0)
        core.info(
          `Ended ${killed} process${killed === 1 ? '' : 'es'} the tools had left running.`,
        )
      await rm(privateDir, { recursive: true, force: true })
    },
  }
}

/**
 * A comment on a pull request is about the PR's code, and a push to its
 * branch must build on its head: check that commit out (detached) unless the
 * workflow already did. `refs/pull/N/head` exists for same-repository and
 * fork pull requests alike.
 */
async function checkoutPullRequest(
  workdir: string,
  pullRequest: { number: number; head: PullRequestHead },
  token: string,
  serverUrl: string,
  remote: { deadline: number; signal: AbortSignal } | undefined,
): Promise<void> {
  const current = await runGit(['rev-parse', '--verify', '--quiet', 'HEAD'], {
    cwd: workdir,
    acceptExitCodes: [1],
  })
  if (current.trim() === pullRequest.head.sha) return
  const ref = `refs/pull/${pullRequest.number}/head`
  core.info(
    `Checking out pull request #${pullRequest.number} (${pullRequest.head.sha.slice(0, 7)}).`,
  )
  await runGit(
    [
      'fetch',
      '--no-tags',
      '--no-recurse-submodules',
      'origin',
      `+${ref}:refs/remotes/origin/pr/${pullRequest.number}`,
    ],
    {
      cwd: workdir,
      env: token ? buildTokenEnv(token, serverUrl) : {},
      secrets: listTokenForms(token),
      timeoutMs: remote ? Math.max(0, remote.deadline - Date.now()) : undefined,
      signal: remote?.signal,
    },
  )
  await runGit(['checkout', '--detach', '--force', pullRequest.head.sha], {
    cwd: workdir,
  })
}
