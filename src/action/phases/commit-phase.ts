import * as core from '@actions/core'
import { branchName, fallbackBranchName } from '../git/branch-name.js'
import { commitAndPush, PushError } from '../git/commit-and-push.js'
import { splitProtected } from '../git/protected-paths.js'
import { runGit } from '../git/run-git.js'
import type { TrustedBase } from '../git/trusted-base.js'
import type { RepoRef } from '../github/client.js'
import type { GitHubWriter } from '../github/writer.js'
import type { PullRequestHead } from '../github/pull-request-head.js'
import type { ActionInputs } from '../inputs.js'
import type { ForkFix } from '../request/resolve-request.js'
import type { ActionStatus, CommitReport } from '../report/run-report.js'
import {
  neutralizeReferences,
  quoteModelText,
  toPlainText,
} from '../guard/publish-safe-markdown.js'
import { assertNoSecret } from '../guard/secret-guard.js'
import { errorMessage } from '../../util/error-message.js'

export interface CommitPhaseInput {
  inputs: ActionInputs
  workdir: string
  changedFiles: string[]
  task: string
  finalAnswer: string
  /** The issue or pull request the run answers, if any. */
  threadNumber: number | undefined
  /** Set when a comment on a pull request asked: push to its branch. */
  pullRequestHead: PullRequestHead | undefined
  /** HEAD before the model ran, recorded: the commit is built on it. */
  base: TrustedBase | undefined
  runId: string
  /** GITHUB_RUN_ATTEMPT: a re-run gets its own branch. */
  runAttempt?: string
  runUrl: string | undefined
  serverUrl: string
  /** For the compare link when the pull request cannot be opened. */
  repository?: RepoRef
  secrets: string[]
  /**
   * A fix-CI run on a fork's pull request: its head cannot take a push, so
   * the fix goes to a new branch and a pull request into the PR's base.
   */
  forkFix?: ForkFix
  /** For opening the pull request. */
  replies: (() => Promise<GitHubWriter>) | undefined
  /** The person who asked: credited with a `Co-authored-by` trailer. */
  requester?: { login: string; id: number | undefined }
  /** How the run ended: an unfinished one says so and opens a draft. */
  status?: ActionStatus
  /** Why it ended, for the commit message and the pull request. */
  reason?: string
  /** Epoch ms by which git must be done with the remote. */
  deadline?: number
  /** Stops git at once: a cancelled run giving way to publishing. */
  signal?: AbortSignal
}

/**
 * Commits what the run changed, minus protected paths, and pushes it: to a
 * new branch, or to the pull request's own branch. Everything that will be
 * published (message, branch, files, PR text) is scanned for secrets first.
 */
export async function commitPhase(
  input: CommitPhaseInput,
): Promise<CommitReport> {
  const { inputs } = input
  const { allowed, leftOut } = splitProtected(
    input.changedFiles,
    inputs.protectedPaths,
    inputs.allowWorkflowChanges,
  )
  if (allowed.length === 0) {
    return {
      leftOut,
      skippedReason:
        input.changedFiles.length === 0
          ? 'Nothing to commit: no file changed.'
          : 'Nothing to commit: every change is under a protected path.',
    }
  }
  // A fork's fix builds on the fork's head but is published like a task's
  // work: a new branch here and a pull request into the PR's base.
  const forkFix = input.pullRequestHead?.isFork ? input.forkFix : undefined
  const head = forkFix ? undefined : input.pullRequestHead
  if (head?.isFork) {
    return {
      leftOut,
      skippedReason: `Not pushed: this pull request comes from the fork ${head.headRepoFullName ?? '(deleted)'}, and the action cannot push there.`,
    }
  }
  const ownBranch = branchName(
    inputs.branchPrefix,
    input.threadNumber,
    input.runId,
    input.runAttempt,
  )
  const branch = head ? head.ref : ownBranch
  const fallbackBranch = fallbackBranchName(ownBranch)
  const message = commitMessage(input)
  // A fork's fix always comes as a pull request: a bare branch here would
  // reach no one.
  const opensPullRequest =
    (inputs.pullRequest || forkFix !== undefined) &&
    head === undefined &&
    input.replies !== undefined
  // Everything is checked before the push: a pull request refused afterwards
  // would leave its branch behind on the remote.
  const pullRequestText = opensPullRequest
    ? renderPullRequestText(input, forkFix)
    : undefined
  assertNoSecret('branch name', `${branch}\n${fallbackBranch}`, input.secrets)
  assertNoSecret('commit message', message, input.secrets)
  if (pullRequestText) {
    assertNoSecret('pull request title', pullRequestText.title, input.secrets)
    assertNoSecret('pull request body', pullRequestText.body, input.secrets)
  }
  // The tree publishes the paths too, not only the contents.
  assertNoSecret('commit (file names)', allowed.join('\n'), input.secrets)
  let result
  try {
    result = await commitAndPush({
      workdir: input.workdir,
      files: allowed,
      message,
      branch,
      createBranch: head === undefined,
      token: inputs.githubToken || undefined,
      serverUrl: input.serverUrl,
      base: input.base,
      // What is pushed is what was scanned: the exact bytes of each blob.
      inspect: (file, bytes) =>
        assertNoSecret(
          `commit (file ${file})`,
          bytes.toString('utf8'),
          input.secrets,
        ),
      fallbackBranch,
      deadline: input.deadline,
      signal: input.signal,
    })
  } catch (error) {
    if (!(error instanceof PushError)) throw error
    return {
      sha: error.sha,
      leftOut,
      pushError: error.message,
      patch: await readPatch(input.workdir),
    }
  }
  if (!result.committed)
    return {
      leftOut,
      skippedReason: 'Nothing to commit: the changes cancel out.',
    }
  const report: CommitReport = {
    sha: result.sha,
    branch: result.branch,
    leftOut,
  }
  if (result.fallbackReason) {
    report.fallbackReason = `Pushed to the new branch ${result.branch} instead of ${branch}: ${result.fallbackReason}`
  }
  if (pullRequestText && input.replies) {
    await openPullRequest(
      input,
      report,
      result.branch,
      pullRequestText,
      forkFix?.baseRef,
    )
  }
  return report
}

/**
 * The branch is on the remote by now: a pull request GitHub refuses is
 * reported with a link that opens it by hand, never as lost work.
 */
async function openPullRequest(
  input: CommitPhaseInput,
  report: CommitReport,
  branch: string,
  text: { title: string; body: string },
  /** The branch to merge into; the default branch when unset. */
  baseRef: string | undefined,
): Promise<void> {
  try {
    const replies = await input.replies!()
    report.pullRequestUrl = await replies.openPullRequest({
      head: branch,
      base: baseRef || (await replies.getDefaultBranch()),
      draft: isUnfinished(input.status),
      ...text,
    })
  } catch (error) {
    report.pullRequestError = errorMessage(error)
    if (input.repository) {
      const { owner, repo } = input.repository
      report.compareUrl = `${input.serverUrl}/${owner}/${repo}/compare/${branch.split('/').map(encodeURIComponent).join('/')}?expand=1`
    }
  }
}

/** The commit as a patch (`git am` applies it), for when no push worked. */
async function readPatch(workdir: string): Promise<string | undefined> {
  try {
    return await runGit(
      [
        'format-patch',
        '-1',
        '--stdout',
        '--no-signature',
        '--binary',
        '--no-textconv',
        '--no-ext-diff',
        'HEAD',
      ],
      { cwd: workdir },
    )
  } catch (error) {
    // The reply and summary already say the commit is not pushed.
    core.warning(
      `Could not write the commit as a patch: ${errorMessage(error)}`,
    )
    return undefined
  }
}

function isUnfinished(status: ActionStatus | undefined): boolean {
  return status !== undefined && status !== 'completed'
}

/** How an unfinished run is named in its commit and pull request. */
function unfinishedPhrase(
  status: ActionStatus | undefined,
): string | undefined {
  switch (status) {
    case undefined:
    case 'completed':
    case 'skipped':
      return undefined
    case 'max_turns':
      return 'stopped at max turns'
    case 'token_limit':
      return 'stopped at the token limit'
    case 'cost_limit':
      return 'stopped at the cost limit'
    case 'deadline':
      return 'stopped when the time budget ran out'
    case 'cancelled':
      return 'the run was cancelled'
    case 'failed':
      return 'the run failed'
    case 'refused':
      return 'the provider refused to go on'
    default:
      return `stopped (${String(status)})`
  }
}

function commitMessage(input: CommitPhaseInput): string {
  const subject = firstLine(input.task, 60)
  const unfinished = unfinishedPhrase(input.status)
  const refs = [
    unfinished
      ? `Work in progress: ${unfinished}. ${neutralizeReferences(input.reason ?? '')}`.trim()
      : undefined,
    input.threadNumber === undefined
      ? undefined
      : `Requested in #${input.threadNumber}.`,
    input.runUrl ? `Run: ${input.runUrl}` : undefined,
  ].filter((line): line is string => line !== undefined)
  const prefix = unfinished ? `harness9 (work in progress): ` : 'harness9: '
  const message =
    `${prefix}${subject}\n\n${input.task.trim()}\n\n${refs.join('\n')}`.trim()
  return input.requester
    ? `${message}\n\n${coAuthorTrailer(input.requester)}`
    : message
}

/** GitHub links a noreply address of the form `id+login@…` to the account. */
export function coAuthorTrailer(requester: {
  login: string
  id: number | undefined
}): string {
  const login = requester.login.replace(/[^A-Za-z0-9[\]-]/g, '')
  const local = requester.id === undefined ? login : `${requester.id}+${login}`
  return `Co-authored-by: ${login} <${local}@users.noreply.github.com>`
}

function renderPullRequestText(
  input: CommitPhaseInput,
  forkFix: ForkFix | undefined,
): {
  title: string
  body: string
} {
  const unfinished = unfinishedPhrase(input.status)
  const title = `${unfinished ? '[WIP] ' : ''}harness9: ${neutralizeReferences(firstLine(input.task, 60))}`
  const body = [
    unfinished
      ? `> [!WARNING]\n> Work in progress: ${unfinished}. ${toPlainText(input.reason ?? '').replace(/\n+/g, ' ')}`.trim()
      : '',
    input.finalAnswer.trim()
      ? quoteModelText(input.finalAnswer.trim())
      : '_The agent gave no summary._',
    forkFix
      ? `The CI run [${toPlainText(forkFix.runName || 'CI').replace(/\n+/g, ' ')}](${forkFix.runUrl}) failed on #${forkFix.pullNumber}${forkFix.headRepoFullName ? ` from the fork ${toPlainText(forkFix.headRepoFullName)}` : ''}, whose branch the action cannot push to: this is the fix.`
      : input.threadNumber === undefined
        ? ''
        : `Requested in #${input.threadNumber}.`,
    input.runUrl ? `[Run log](${input.runUrl})` : '',
  ]
    .filter((part) => part !== '')
    .join('\n\n')
  return { title, body }
}

function firstLine(text: string, max: number): string {
  const line = text.trim().split('\n')[0].trim()
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`
}
