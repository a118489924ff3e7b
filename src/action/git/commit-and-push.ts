import * as core from '@actions/core'
import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { errorMessage } from '../../util/error-message.js'
import { assertValidBranchName } from './branch-name.js'
import { readGitDirs } from './git-dirs.js'
import {
  assertBranchAbsent,
  pushHead,
  type RemoteTarget,
} from './push-branch.js'
import { runGit } from './run-git.js'
import { recordTrustedBase, type TrustedBase } from './trusted-base.js'
import { buildTrustedCommit, type TrustedCommit } from './trusted-commit.js'

export const BOT_NAME = 'github-actions[bot]'
export const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com'

export interface CommitAndPushOptions {
  /** Top level of the repository. */
  workdir: string
  /** Paths to commit (listChangedFiles, then splitProtected); nothing else. */
  files: readonly string[]
  message: string
  /** Branch to push to: a new one (createBranch) or the pull request's own. */
  branch: string
  /** Create `branch` from the base; refused when it exists on the remote. */
  createBranch: boolean
  /** Default `origin`. */
  remote?: string
  /** Token for the push, through the environment only (token-env.ts). */
  token?: string
  /** Server the token is for; default https://github.com. */
  serverUrl?: string
  /**
   * The commit the run started from, recorded before the model ran
   * (GitConfigSnapshot.base). The new commit's parent, whatever HEAD, the
   * refs or the objects in `.git` say now. Read from HEAD when not given.
   */
  base?: TrustedBase
  /** Sees each path and the exact bytes to commit (the secret scan). */
  inspect?: (path: string, bytes: Buffer) => void
  /**
   * A new branch for the same commit when the push to `branch` is refused
   * (it exists, it moved, …): the work is kept, never forced over theirs.
   */
  fallbackBranch?: string
  /** Epoch ms after which calls to the remote are not started or are killed. */
  deadline?: number
  /** Stops a call to the remote at once (a cancelled run publishing). */
  signal?: AbortSignal
}

export type CommitResult =
  | { committed: false }
  | {
      committed: true
      sha: string
      branch: string
      files: string[]
      /** Listed paths that were kept as they were: submodules, FIFOs. */
      skipped: string[]
      /** Why the commit went to the fallback branch, when it did. */
      fallbackReason?: string
    }

/**
 * The commit was made but no push succeeded. It is in the checkout (on
 * `branch` when that is new, else on HEAD), so a patch can still be made.
 */
export class PushError extends Error {
  readonly sha: string
  constructor(message: string, sha: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'PushError'
    this.sha = sha
  }
}

/**
 * Commits exactly `files` on top of the base as github-actions[bot] and
 * pushes the commit to `branch`, never forced. Call restoreGitConfig first.
 * The commit is built and pushed from a private repository holding only
 * objects the action wrote (trusted-commit.ts), so nothing the model left in
 * `.git` (index, trees, refs, attributes, objects) shapes what is pushed.
 * Nothing changed: `{ committed: false }`.
 */
export async function commitAndPush(
  options: CommitAndPushOptions,
): Promise<CommitResult> {
  const { workdir, branch } = options
  assertUsableMessage(options.message)
  await assertValidBranchName(workdir, branch)
  if (options.fallbackBranch !== undefined)
    await assertValidBranchName(workdir, options.fallbackBranch)
  const remote = options.remote ?? 'origin'
  if (/^$|^-|\0/.test(remote)) {
    throw new Error(`'${remote}' is not a usable remote name`)
  }
  if (options.files.some((file) => file === '' || file.includes('\0'))) {
    throw new Error('A path to commit is empty or holds a NUL byte')
  }
  const base = options.base ?? (await recordTrustedBase(workdir))
  if (!base) {
    throw new Error(
      'The repository has no commit yet; there is nothing to commit on',
    )
  }
  const commit = await buildTrustedCommit({
    workdir,
    base,
    files: options.files,
    message: options.message,
    identity: BOT_IDENTITY,
    inspect: options.inspect ?? (() => undefined),
  })
  if (!commit) return { committed: false }
  try {
    const target: RemoteTarget = {
      workdir,
      remote,
      token: options.token,
      serverUrl: options.serverUrl,
      privateRepo: {
        gitDir: commit.gitDir,
        url: await readPushUrl(workdir, remote),
      },
      deadline: options.deadline,
      signal: options.signal,
    }
    const pushed = await pushWithFallback(target, commit, options)
    await updateLocalCheckout(
      workdir,
      commit,
      pushed.branch,
      options.createBranch || pushed.fallbackReason !== undefined,
    )
    return {
      committed: true,
      sha: commit.sha,
      files: commit.files,
      skipped: commit.skipped,
      ...pushed,
    }
  } finally {
    await commit.cleanup()
  }
}

/**
 * Pushes to `branch`; when that is refused, to the fallback branch. When
 * neither works, the commit is kept in the checkout and PushError says why.
 */
async function pushWithFallback(
  target: RemoteTarget,
  commit: TrustedCommit,
  options: CommitAndPushOptions,
): Promise<{ branch: string; fallbackReason?: string }> {
  const { branch, fallbackBranch } = options
  let reason: string
  try {
    await pushTo(target, branch, commit.sha, options.createBranch)
    return { branch }
  } catch (error) {
    reason = errorMessage(error)
    if (fallbackBranch === undefined) {
      await keepUnpushed(target.workdir, commit, branch, options.createBranch)
      throw new PushError(reason, commit.sha, { cause: error })
    }
  }
  try {
    await pushTo(target, fallbackBranch, commit.sha, true)
    return { branch: fallbackBranch, fallbackReason: reason }
  } catch (error) {
    await keepUnpushed(target.workdir, commit, branch, options.createBranch)
    throw new PushError(`${reason}; then: ${errorMessage(error)}`, commit.sha, {
      cause: error,
    })
  }
}

/** A new branch must not exist yet; an existing one only fast-forwards. */
async function pushTo(
  target: RemoteTarget,
  branch: string,
  sha: string,
  isNew: boolean,
): Promise<void> {
  if (isNew) await assertBranchAbsent(target, branch)
  await pushHead(target, branch, sha)
}

/** The unpushed commit goes into the checkout, where a patch is made of it. */
async function keepUnpushed(
  workdir: string,
  commit: TrustedCommit,
  branch: string,
  createBranch: boolean,
): Promise<void> {
  await updateLocalCheckout(workdir, commit, branch, createBranch)
}

const BOT_IDENTITY = {
  GIT_AUTHOR_NAME: BOT_NAME,
  GIT_AUTHOR_EMAIL: BOT_EMAIL,
  GIT_COMMITTER_NAME: BOT_NAME,
  GIT_COMMITTER_EMAIL: BOT_EMAIL,
}

function assertUsableMessage(message: string): void {
  if (message.trim() === '') throw new Error('The commit message is empty')
  if (message.includes('\0')) {
    throw new Error('The commit message holds a NUL byte')
  }
}

/** The remote's push URL, from the config restored before this runs. */
async function readPushUrl(workdir: string, remote: string): Promise<string> {
  const url = await runGit(['remote', 'get-url', '--push', '--', remote], {
    cwd: workdir,
  }).catch((error: unknown) => {
    throw new Error(`The checkout has no remote '${remote}' to push to`, {
      cause: error,
    })
  })
  return url.trim()
}

/**
 * Brings the pushed commit into the checkout, so later steps of the job see
 * it: its objects copied in, the branch (new) or HEAD (a pull request's)
 * moved to it, the index reset to it. The push already happened; a failure
 * here is a warning.
 */
async function updateLocalCheckout(
  workdir: string,
  commit: TrustedCommit,
  branch: string,
  createBranch: boolean,
): Promise<void> {
  try {
    const { commonDir } = await readGitDirs(workdir)
    await cp(join(commit.gitDir, 'objects'), join(commonDir, 'objects'), {
      recursive: true,
      force: false,
    })
    if (createBranch) {
      await runGit(['update-ref', `refs/heads/${branch}`, commit.sha], {
        cwd: workdir,
      })
      await runGit(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], {
        cwd: workdir,
      })
    } else {
      await runGit(['update-ref', 'HEAD', commit.sha], { cwd: workdir })
    }
    await runGit(['reset', '--quiet'], { cwd: workdir })
  } catch (error) {
    core.warning(
      `Could not move the local checkout to ${commit.sha} (later steps see the old HEAD): ${errorMessage(error)}`,
    )
  }
}
