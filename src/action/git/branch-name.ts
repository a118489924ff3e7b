import { randomBytes } from 'node:crypto'
import { GitCommandError, runGit } from './run-git.js'

/**
 * The branch a run pushes to: `<prefix>issue-<n>-<run id>` for an issue,
 * `<prefix>run-<run id>` for a `task` run with no issue. A re-run keeps the
 * run id, so its attempt (GITHUB_RUN_ATTEMPT) is added from the second on:
 * `<prefix>issue-<n>-<run id>-<attempt>`. The prefix comes from the
 * `branch-prefix` input and is made to fit git's ref rules.
 */
export function branchName(
  prefix: string,
  issueNumber: number | undefined,
  runId: string | number,
  attempt: string | number = 1,
): string {
  const run = Number(attempt) > 1 ? `${runId}-${attempt}` : `${runId}`
  const tail =
    issueNumber === undefined ? `run-${run}` : `issue-${issueNumber}-${run}`
  return sanitizeBranchName(`${prefix}${tail}`)
}

/**
 * Where the work goes when the push to `branch` is refused: the same name
 * with a random suffix, so it cannot collide with any earlier run's branch.
 */
export function fallbackBranchName(branch: string): string {
  return sanitizeBranchName(`${branch}-${randomBytes(3).toString('hex')}`)
}

/**
 * Rewrites a name so that `git check-ref-format --branch` accepts it: no
 * spaces, control characters, `~^:?*[\`, `@{` or `..`; no segment starting
 * with `.` or ending in `.lock`; no empty segment, no leading `-`, no
 * trailing `/` or `.`.
 */
export function sanitizeBranchName(name: string): string {
  const cleaned = name

    .replace(/[\x00-\x20\x7f~^:?*[\\]/g, '-')
    .replace(/@\{/g, '-{')
    .replace(/\.{2,}/g, '.')
  const segments = cleaned
    .split('/')
    .map((segment) => segment.replace(/^\.+/, '').replace(/\.lock$/, '-lock'))
    .filter((segment) => segment !== '')
  const joined = segments.join('/').replace(/^-+/, '').replace(/\.+$/, '')
  return joined === '' || joined === '@' ? 'harness9' : joined
}

/**
 * Throws a clear error unless git accepts `branch` as a branch name as it is
 * (`@{-1}` and similar shorthands are refused, not expanded).
 */
export async function assertValidBranchName(
  workdir: string,
  branch: string,
): Promise<void> {
  const problem = `'${branch}' is not a valid git branch name`
  if (branch.includes('\0')) throw new Error(`${problem}: it holds a NUL byte.`)
  let normalized: string
  try {
    normalized = await runGit(['check-ref-format', '--branch', branch], {
      cwd: workdir,
    })
  } catch (error) {
    if (!(error instanceof GitCommandError)) throw error
    throw new Error(
      `${problem} (see 'git check-ref-format'); ` +
        "check the 'branch-prefix' input.",
      { cause: error },
    )
  }
  if (normalized.trim() !== branch) {
    throw new Error(`${problem}: git reads it as '${normalized.trim()}'.`)
  }
}
