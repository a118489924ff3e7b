import { buildTokenEnv, listTokenForms } from './token-env.js'
import { GitCommandError, runGit } from './run-git.js'

/** Where and how to reach the remote. */
export interface RemoteTarget {
  workdir: string
  /** Remote name, e.g. `origin` (its URL comes from the restored config). */
  remote: string
  /**
   * Run git in this repository instead (the private one of trusted-commit.ts),
   * reaching the remote at `url`.
   */
  privateRepo?: { gitDir: string; url: string }
  /** Token for the push, given to git through the environment only. */
  token?: string
  /** Server the token is for; default https://github.com. */
  serverUrl?: string
  /** Epoch ms: git calls to the remote are killed then (the time budget). */
  deadline?: number
  /** Kills the call at once (a cancelled run giving way to publishing). */
  signal?: AbortSignal
}

/** Less time than this left before the deadline: the remote is not tried. */
export const MIN_REMOTE_CALL_MS = 1_000

/** Throws when `refs/heads/<branch>` exists on the remote: never overwrite. */
export async function assertBranchAbsent(
  target: RemoteTarget,
  branch: string,
): Promise<void> {
  const ref = `refs/heads/${branch}`
  const output = await runRemoteGit(
    target,
    ['ls-remote', '--heads', '--', destinationOf(target), ref],
    `Could not list the branches of '${target.remote}'`,
  )
  const exists = output.split('\n').some((line) => line.split('\t')[1] === ref)
  if (exists) {
    throw new Error(
      `Branch '${branch}' already exists on '${target.remote}'; ` +
        'the action does not overwrite it. Re-run to get a new branch name.',
    )
  }
}

/**
 * Pushes `source` (HEAD by default) to `refs/heads/<branch>`, never forced:
 * when the remote branch has commits it does not have, git refuses and so
 * does this. push.negotiate finds the commits the remote already has, so a
 * push from the private repository (which holds only the new objects and
 * stops at the base) sends only those, also when the remote moved on.
 */
export async function pushHead(
  target: RemoteTarget,
  branch: string,
  source = 'HEAD',
): Promise<void> {
  await runRemoteGit(
    target,
    [
      '-c',
      'push.negotiate=true',
      'push',
      '--no-verify',
      '--no-recurse-submodules',
      '--',
      destinationOf(target),
      `${source}:refs/heads/${branch}`,
    ],
    `Could not push to branch '${branch}' on '${target.remote}'`,
  )
}

async function runRemoteGit(
  target: RemoteTarget,
  args: string[],
  failure: string,
): Promise<string> {
  const token = target.token
  const left =
    target.deadline === undefined ? undefined : target.deadline - Date.now()
  if (left !== undefined && left < MIN_REMOTE_CALL_MS) {
    throw new Error(`${failure}: no time was left in the budget to try it.`)
  }
  if (target.signal?.aborted) {
    throw new Error(`${failure}: no time was left to try it (cancelled).`)
  }
  try {
    return await runGit(args, {
      cwd: target.workdir,
      env: {
        ...(token ? buildTokenEnv(token, target.serverUrl) : {}),
        ...(target.privateRepo ? { GIT_DIR: target.privateRepo.gitDir } : {}),
      },
      secrets: token ? listTokenForms(token) : [],
      timeoutMs: left,
      signal: target.signal,
    })
  } catch (error) {
    if (!(error instanceof GitCommandError)) throw error
    throw new Error(`${failure}: ${explainRemoteFailure(error.stderr)}`, {
      cause: error,
    })
  }
}

function destinationOf(target: RemoteTarget): string {
  return target.privateRepo?.url ?? target.remote
}

/** A sentence for the usual refusals, else git's last lines (redacted). */
function explainRemoteFailure(stderr: string): string {
  if (/unable to read [0-9a-f]{40,64}/.test(stderr)) {
    return (
      'the remote does not have the commit this run started from, and the ' +
      'action pushes only objects it built itself on top of a commit the ' +
      'remote has. Push that commit first; nothing on the remote was changed.'
    )
  }
  if (/\[rejected\].*\((fetch first|non-fast-forward)\)/.test(stderr)) {
    return (
      'the remote branch has commits this run does not have ' +
      '(not a fast-forward). The action never force-pushes; ' +
      'nothing on the remote was changed.'
    )
  }
  const lines = stderr.trim().split('\n').slice(-5).join(' | ')
  return lines || 'git gave no reason'
}
