import * as core from '@actions/core'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBashTool } from '../../tools/bash.js'
import { readFileTool } from '../../tools/read-file.js'
import { createReadDiffTool } from '../../tools/read-diff.js'
import { Registry } from '../../tools/registry.js'
import { createResolveFindingTool } from '../../tools/resolve-finding.js'
import { createReviewCommentTool } from '../../tools/review-comment.js'
import { runAgentPhase } from '../agent-phase.js'
import { agentReport, emptyReport } from '../build-report.js'
import { restoreGitConfig } from '../git/config-snapshot.js'
import type { GitHubClient } from '../github/client.js'
import type { GitHubReplies } from '../github/replies.js'
import type { GitHubEnvironment } from '../github-environment.js'
import type { ActionInputs } from '../inputs.js'
import {
  prepareWorkspace,
  type PreparedWorkspace,
} from '../prepare-workspace.js'
import type { PublishTargets } from '../publish.js'
import type { RunRequest } from '../resolve-request.js'
import type { RunReport } from '../run-report.js'
import {
  buildDiffIndex,
  countChangedLines,
  type ChangedFile,
} from './diff-index.js'
import { filterReviewedFiles } from './filter-files.js'
import { createFindingCollector } from './finding-collector.js'
import { postReview } from './post-review.js'
import {
  createReviewApi,
  type ReviewApi,
  type ReviewedPullRequest,
} from './review-api.js'
import { findingTitle, readReviewMarker } from './review-body.js'
import { buildReviewMessages } from './review-prompt.js'
import { postCheckRun } from './check-run.js'
import {
  createResolutionCollector,
  resolveFixedThreads,
  selectOpenFindings,
  type EarlierFinding,
} from './earlier-findings.js'

export interface ReviewContext {
  inputs: ActionInputs
  github: GitHubEnvironment
  request: RunRequest
  client: () => Promise<GitHubClient>
  replies: (() => Promise<GitHubReplies>) | undefined
  startedAt: number
  targets: PublishTargets
  /** Epoch ms when the loop must stop. */
  deadline: number
}

/** What to review: the whole pull request, or the commits since the last review. */
interface ReviewScope {
  /** What the model reviews: the pull request's files, or the new commits'. */
  files: ChangedFile[]
  /** The pull request's whole diff: GitHub places comments on it alone. */
  pullRequestFiles: ChangedFile[]
  sinceSha: string | undefined
  /** The action's earlier findings whose threads are still open. */
  openFindings: EarlierFinding[]
}

/**
 * Review mode: the pull request's diff (or what changed since the last
 * review), a read-only checkout, the model with review tools, one review.
 */
export async function runReview(context: ReviewContext): Promise<RunReport> {
  const { inputs, github, request } = context
  const repo = github.repository
  const number = request.thread?.number
  if (!repo || number === undefined) {
    throw new Error(
      'Review mode needs a pull request: run it on a pull_request event or a comment on a pull request.',
    )
  }
  const api = createReviewApi(await context.client(), repo)
  const pullRequest = await api.getPullRequest(number)
  const scope = await chooseScope(api, pullRequest, request)
  if (!scope) {
    return skipped(
      context,
      `Pull request #${number} was already reviewed at ${pullRequest.head.sha.slice(0, 7)}.`,
    )
  }
  const workspace = await prepareWorkspace({
    inputs,
    workspace: github.workspace,
    serverUrl: github.serverUrl,
    pullRequest: { number, head: pullRequest.head },
    env: process.env,
    readOnly: true,
  })
  try {
    const { reviewed, leftOut } = await filterReviewedFiles(
      scope.files,
      workspace.gitSnapshot ? workspace.workdir : undefined,
    )
    const changedLines = countChangedLines(reviewed)
    if (changedLines > inputs.reviewMaxLines) {
      const reason = `Pull request #${number} changes ${changedLines} lines (lock, generated and vendored files left out), more than review-max-lines (${inputs.reviewMaxLines}), so it was not reviewed. Raise the input 'review-max-lines' to review it.`
      await postSkipComment(context, number, reason)
      return skipped(context, reason)
    }
    return await reviewFiles(context, {
      api,
      pullRequest,
      scope: { ...scope, files: reviewed },
      leftOut,
      workspace,
    })
  } finally {
    await workspace.cleanup()
    if (workspace.gitSnapshot) await restoreGitConfig(workspace.gitSnapshot)
  }
}

/**
 * Incremental when an earlier review of ours left its head SHA and the new
 * head builds on it; the whole pull request when the history was rewritten.
 * Undefined when an event asks again for a head already reviewed.
 */
async function chooseScope(
  api: ReviewApi,
  pullRequest: ReviewedPullRequest,
  request: RunRequest,
): Promise<ReviewScope | undefined> {
  const reviews = await api.listReviews(pullRequest.number)
  const lastSha = reviews
    .filter((review) => review.byBot)
    .map((review) => readReviewMarker(review.body))
    .filter((sha): sha is string => sha !== undefined)
    .at(-1)
  if (lastSha === pullRequest.head.sha && !request.comment) return undefined
  const pullRequestFiles = await api.listFiles(pullRequest.number)
  const openFindings = lastSha
    ? selectOpenFindings(await api.listThreads(pullRequest.number))
    : []
  const full = {
    files: pullRequestFiles,
    pullRequestFiles,
    sinceSha: undefined,
    openFindings,
  }
  if (!lastSha || lastSha === pullRequest.head.sha) return full
  const files = await api.compare(lastSha, pullRequest.head.sha)
  if (!files) {
    core.info(
      `The last reviewed commit ${lastSha.slice(0, 7)} is not an ancestor of the head: reviewing the whole pull request.`,
    )
    return full
  }
  return { files, pullRequestFiles, sinceSha: lastSha, openFindings }
}

async function reviewFiles(
  context: ReviewContext,
  review: {
    api: ReviewApi
    pullRequest: ReviewedPullRequest
    scope: ReviewScope
    leftOut: string[]
    workspace: PreparedWorkspace
  },
): Promise<RunReport> {
  const { inputs, request, github, targets } = context
  const { pullRequest, scope, workspace } = review
  const index = buildDiffIndex(scope.pullRequestFiles)
  const collector = createFindingCollector(index, scope.openFindings)
  const resolutions = createResolutionCollector(
    scope.openFindings,
    scope.sinceSha ? buildDiffIndex(scope.files) : undefined,
  )
  targets.transcriptPath = join(
    github.runnerTemp ?? tmpdir(),
    `harness9-transcript-${github.runId}-${process.pid}.jsonl`,
  )
  const agent = await runAgentPhase({
    inputs,
    request,
    workdir: workspace.workdir,
    childEnv: workspace.childEnv,
    wrapCommand: workspace.wrapCommand,
    deadline: context.deadline,
    transcriptPath: targets.transcriptPath,
    secrets: targets.secrets,
    env: process.env,
    custom: {
      registry: ({ bashTimeoutMs }) =>
        buildReviewRegistry({
          files: scope.files,
          recordFinding: collector.record,
          recordFixed:
            scope.openFindings.length > 0 ? resolutions.record : undefined,
          bashTimeoutMs,
          wrapCommand: workspace.wrapCommand,
        }),
      messages: buildReviewMessages({
        workdir: workspace.workdir,
        focus: request.review?.focus ?? '',
        threadContext: request.threadContext,
        files: scope.files,
        leftOut: review.leftOut,
        sinceSha: scope.sinceSha,
        openFindings: scope.openFindings,
        instructions: inputs.instructions,
      }),
    },
  })
  const report = agentReport(
    agent,
    request,
    inputs,
    context.startedAt,
    [],
    workspace.notes,
  )
  const findings = collector.findings
  if (agent.result.stopReason === 'failed' && findings.length === 0)
    return report
  const posted = await postReview({
    api: review.api,
    number: pullRequest.number,
    headSha: pullRequest.head.sha,
    findings,
    index,
    failOn: inputs.reviewFailOn,
    secrets: targets.secrets,
    body: {
      sinceSha: scope.sinceSha,
      fileCount: scope.files.length,
      leftOut: review.leftOut,
      resolvedCount: resolutions.resolved.length,
      summary: agent.result.finalText,
    },
  })
  core.info(`Posted the review: ${posted.url}`)
  const resolved = await resolveFixedThreads(
    review.api,
    pullRequest.number,
    resolutions.resolved,
    pullRequest.head.sha,
  )
  const notes = [
    ...report.notes,
    ...(scope.sinceSha
      ? [
          `Incremental review of the commits since ${scope.sinceSha.slice(0, 7)}.`,
        ]
      : []),
    ...(resolved > 0
      ? [`Resolved ${resolved} earlier findings as fixed.`]
      : []),
  ]
  const reviewReport = {
    url: posted.url,
    verdict: posted.verdict,
    findings: findings.map((finding) => ({
      path: finding.path,
      line: finding.line,
      severity: finding.severity,
      title: findingTitle(finding),
    })),
  }
  if (inputs.checkRun) {
    notes.push(
      await postCheckRun(
        review.api,
        pullRequest.head.sha,
        reviewReport,
        findings,
        inputs.reviewFailOn,
      ),
    )
  }
  return {
    ...report,
    notes,
    finalAnswer: posted.url
      ? `${report.finalAnswer}\n\nReview: ${posted.url}`.trim()
      : report.finalAnswer,
    review: reviewReport,
  }
}

/** read_file, bash (in the read-only sandbox), read_diff, review_comment, resolve_finding. */
function buildReviewRegistry(options: {
  files: readonly ChangedFile[]
  recordFinding: Parameters<typeof createReviewCommentTool>[0]
  recordFixed: Parameters<typeof createResolveFindingTool>[0] | undefined
  bashTimeoutMs: number
  wrapCommand: ((argv: string[]) => string[]) | undefined
}): Registry {
  const registry = new Registry()
  registry.register(readFileTool)
  registry.register(
    createBashTool({
      hardTimeoutMs: options.bashTimeoutMs,
      wrapCommand: options.wrapCommand,
    }),
  )
  const patches = new Map<string, string>()
  for (const file of options.files)
    if (file.patch) patches.set(file.path, file.patch)
  registry.register(createReadDiffTool(patches))
  registry.register(createReviewCommentTool(options.recordFinding))
  if (options.recordFixed)
    registry.register(createResolveFindingTool(options.recordFixed))
  return registry
}

/** A size-guard skip is said on the pull request (a comment run's reply says it anyway). */
async function postSkipComment(
  context: ReviewContext,
  number: number,
  reason: string,
): Promise<void> {
  if (context.targets.reply || !context.replies) return
  try {
    const replies = await context.replies()
    await replies.postStatusComment(
      number,
      `### harness9 review: ⏭️ Skipped\n\n${reason}\n`,
    )
  } catch (error) {
    core.warning(
      `Could not say on the pull request that the review was skipped: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

function skipped(context: ReviewContext, reason: string): RunReport {
  return {
    ...emptyReport(
      context.request.task,
      'skipped',
      reason,
      Date.now() - context.startedAt,
    ),
    review: { url: '', verdict: '', findings: [] },
  }
}
