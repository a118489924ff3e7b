import { assertValidBranchName } from './branch-name.js'
import {
  assertBranchAbsent,
  pushHead,
  type RemoteTarget,
} from './push-branch.js'
import { runGit } from './run-git.js'

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
  /** Create `branch` from HEAD; refused when it exists on the remote. */
  createBranch: boolean
  /** Default `origin`. */
  remote?: string
  /** Token for the push, through the environment only (token-env.ts). */
  token?: string
  /** Server the token is for; default https://github.com. */
  serverUrl?: string
  /**
   * HEAD before the model ran (GitConfigSnapshot.headSha). When given, the
   * commit is refused if HEAD moved: commits the model made itself never went
   * through the protected-path check and are not pushed.
   */
  baseSha?: string
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
      /** The branch the commit was pushed to. */
      branch: string
      files: string[]
      /** Why the commit went to the fallback branch, when it did. */
      fallbackReason?: string
    }

/** The commit was made but no push succeeded; it is still in the workspace. */
export class PushError extends Error {
  readonly sha: string
  constructor(message: string, sha: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'PushError'
    this.sha = sha
  }
}

/**
 * Commits exactly `files` as github-actions[bot] and pushes HEAD to `branch`,
 * never forced. Call restoreGitConfig first. The index is reset to HEAD before
 * staging, so nothing the model staged rides along. Hooks, fsmonitor and
 * signing are off (git-env.ts). Nothing staged: `{ committed: false }`.
 */
export async function commitAndPush(
  options: CommitAndPushOptions,
): Promise<CommitResult> {
  const { workdir, branch } = options
  assertUsableMessage(options.message)
  await assertValidBranchName(workdir, branch)
  if (options.fallbackBranch !== undefined)
    await assertValidBranchName(workdir, options.fallbackBranch)
  const target: RemoteTarget = {
    workdir,
    remote: options.remote ?? 'origin',
    token: options.token,
    serverUrl: options.serverUrl,
    deadline: options.deadline,
    signal: options.signal,
  }
  if (/^$|^-|\0/.test(target.remote)) {
    throw new Error(`'${target.remote}' is not a usable remote name`)
  }
  await assertHeadUnchanged(workdir, options.baseSha)
  const files = await stageExactly(workdir, options.files)
  if (files.length === 0) return { committed: false }
  if (options.createBranch) await createLocalBranch(workdir, branch)
  const sha = await commitAsBot(workdir, options.message)
  try {
    await pushTo(target, branch, options.createBranch)
    return { committed: true, sha, branch, files }
  } catch (error) {
    const fallback = options.fallbackBranch
    const reason = error instanceof Error ? error.message : String(error)
    if (fallback === undefined)
      throw new PushError(reason, sha, { cause: error })
    try {
      await pushTo(target, fallback, true)
    } catch (fallbackError) {
      const why =
        fallbackError instanceof Error
          ? fallbackError.message
          : String(fallbackError)
      throw new PushError(`${reason}; then: ${why}`, sha, {
        cause: fallbackError,
      })
    }
    return {
      committed: true,
      sha,
      branch: fallback,
      files,
      fallbackReason: reason,
    }
  }
}

/** A new branch must not exist yet; an existing one only fast-forwards. */
async function pushTo(
  target: RemoteTarget,
  branch: string,
  isNew: boolean,
): Promise<void> {
  if (isNew) await assertBranchAbsent(target, branch)
  await pushHead(target, branch)
}

function assertUsableMessage(message: string): void {
  if (message.trim() === '') throw new Error('The commit message is empty')
  if (message.includes('\0')) {
    throw new Error('The commit message holds a NUL byte')
  }
}

async function readHead(workdir: string): Promise<string> {
  const output = await runGit(['rev-parse', '--verify', '--quiet', 'HEAD'], {
    cwd: workdir,
    acceptExitCodes: [1],
  })
  if (!output.trim()) {
    throw new Error(
      'The repository has no commit yet; there is nothing to commit on',
    )
  }
  return output.trim()
}

async function assertHeadUnchanged(
  workdir: string,
  baseSha: string | undefined,
): Promise<void> {
  const head = await readHead(workdir)
  if (baseSha === undefined || head === baseSha) return
  throw new Error(
    `HEAD moved during the run (from ${baseSha} to ${head}): the agent made ` +
      'commits or switched branches itself. Refusing to push commits that ' +
      'were not checked for protected paths.',
  )
}

/**
 * Resets the index to HEAD, stages `files` (literal pathspecs, passed on
 * stdin so any name and any number fit), and returns what is staged.
 */
async function stageExactly(
  workdir: string,
  files: readonly string[],
): Promise<string[]> {
  if (files.length === 0) return []
  if (files.some((file) => file === '' || file.includes('\0'))) {
    throw new Error('A path to commit is empty or holds a NUL byte')
  }
  await runGit(['reset', '--quiet'], { cwd: workdir })
  await runGit(
    ['add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'],
    { cwd: workdir, input: files.join('\0') },
  )
  const staged = await runGit(
    [
      'diff',
      '--cached',
      '--name-only',
      '-z',
      '--no-renames',
      '--no-ext-diff',
      '--no-textconv',
    ],
    { cwd: workdir },
  )
  return staged.split('\0').filter(Boolean)
}

/** A local branch at HEAD, made current without touching the working tree. */
async function createLocalBranch(
  workdir: string,
  branch: string,
): Promise<void> {
  await runGit(['branch', '--no-track', branch, 'HEAD'], { cwd: workdir })
  await runGit(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], {
    cwd: workdir,
  })
}

async function commitAsBot(workdir: string, message: string): Promise<string> {
  const identity = {
    GIT_AUTHOR_NAME: BOT_NAME,
    GIT_AUTHOR_EMAIL: BOT_EMAIL,
    GIT_COMMITTER_NAME: BOT_NAME,
    GIT_COMMITTER_EMAIL: BOT_EMAIL,
  }
  await runGit(
    ['commit', '--quiet', '--no-verify', '--no-gpg-sign', '--message', message],
    { cwd: workdir, env: identity },
  )
  return readHead(workdir)
}
