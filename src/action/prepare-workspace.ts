import * as core from '@actions/core'
import { mkdtemp, realpath, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildChildEnv } from './child-env.js'
import {
  snapshotGitConfig,
  type GitConfigSnapshot,
} from './git/config-snapshot.js'
import { removeCheckoutCredentials } from './git/credentials.js'
import { buildTokenEnv, listTokenForms } from './git/token-env.js'
import { runGit } from './git/run-git.js'
import type { PullRequestHead } from './github/pull-request-head.js'
import type { ActionInputs } from './inputs.js'
import { chooseSandbox, listHiddenPaths } from './sandbox/choose-sandbox.js'

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
  const sandbox = await chooseSandbox({
    mode: inputs.sandbox,
    workspace: workdir,
    privateDir,
    network: inputs.network,
    hiddenPaths: listHiddenPaths(options.env),
  })
  if (sandbox.warning) core.warning(sandbox.warning)
  else core.info(sandbox.description)
  notes.push(sandbox.warning ?? sandbox.description)
  return {
    workdir,
    gitSnapshot,
    childEnv: buildChildEnv(options.env, { home: privateDir }),
    wrapCommand: sandbox.wrapCommand,
    notes,
    cleanup: () => rm(privateDir, { recursive: true, force: true }),
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
