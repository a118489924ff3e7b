import { branchName } from './git/branch-name.js'
import { commitAndPush } from './git/commit-and-push.js'
import { splitProtected } from './git/protected-paths.js'
import type { TrustedBase } from './git/trusted-base.js'
import type { GitHubReplies } from './github/replies.js'
import type { PullRequestHead } from './github/pull-request-head.js'
import type { ActionInputs } from './inputs.js'
import type { CommitReport } from './run-report.js'
import {
  neutralizeReferences,
  quoteModelText,
} from './publish-safe-markdown.js'
import { assertNoSecret } from './secret-guard.js'

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
  runUrl: string | undefined
  serverUrl: string
  secrets: string[]
  /** For opening the pull request. */
  replies: (() => Promise<GitHubReplies>) | undefined
  /** The person who asked: credited with a `Co-authored-by` trailer. */
  requester?: { login: string; id: number | undefined }
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
  const head = input.pullRequestHead
  if (head?.isFork) {
    return {
      leftOut,
      skippedReason: `Not pushed: this pull request comes from the fork ${head.headRepoFullName ?? '(deleted)'}, and the action cannot push there.`,
    }
  }
  const branch = head
    ? head.ref
    : branchName(inputs.branchPrefix, input.threadNumber, input.runId)
  const message = commitMessage(input)
  const opensPullRequest =
    inputs.pullRequest && head === undefined && input.replies !== undefined
  // Everything is checked before the push: a pull request refused afterwards
  // would leave its branch behind on the remote.
  const pullRequestText = opensPullRequest
    ? renderPullRequestText(input)
    : undefined
  assertNoSecret('branch name', branch, input.secrets)
  assertNoSecret('commit message', message, input.secrets)
  if (pullRequestText) {
    assertNoSecret('pull request title', pullRequestText.title, input.secrets)
    assertNoSecret('pull request body', pullRequestText.body, input.secrets)
  }
  // The tree publishes the paths too, not only the contents.
  assertNoSecret('commit (file names)', allowed.join('\n'), input.secrets)
  const result = await commitAndPush({
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
  })
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
  if (pullRequestText && input.replies) {
    const replies = await input.replies()
    report.pullRequestUrl = await replies.openPullRequest({
      head: result.branch,
      base: await replies.getDefaultBranch(),
      ...pullRequestText,
    })
  }
  return report
}

function commitMessage(input: CommitPhaseInput): string {
  const subject = firstLine(input.task, 60)
  const refs = [
    input.threadNumber === undefined
      ? undefined
      : `Requested in #${input.threadNumber}.`,
    input.runUrl ? `Run: ${input.runUrl}` : undefined,
  ].filter((line): line is string => line !== undefined)
  const message =
    `harness9: ${subject}\n\n${input.task.trim()}\n\n${refs.join('\n')}`.trim()
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

function renderPullRequestText(input: CommitPhaseInput): {
  title: string
  body: string
} {
  const title = `harness9: ${neutralizeReferences(firstLine(input.task, 60))}`
  const body = [
    input.finalAnswer.trim()
      ? quoteModelText(input.finalAnswer.trim())
      : '_The agent gave no summary._',
    input.threadNumber === undefined
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
