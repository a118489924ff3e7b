import * as core from '@actions/core'
import { runAgentPhase } from '../phases/agent-phase.js'
import { agentReport, emptyReport } from '../report/build-report.js'
import { listChangedFiles } from '../git/changed-files.js'
import { restoreGitConfig } from '../git/config-snapshot.js'
import {
  prepareWorkspace,
  type PreparedWorkspace,
} from '../phases/prepare-workspace.js'
import { agentPhaseInputOf, type RunContext } from '../request/run-context.js'
import type { RunReport } from '../report/run-report.js'
import type { ReviewFinding } from '../../tools/review-comment.js'
import {
  buildDiffIndex,
  countChangedLines,
  type DiffIndex,
} from './diff-index.js'
import { filterReviewedFiles } from './filter-files.js'
import { createFindingCollector } from './finding-collector.js'
import { postReview } from './post-review.js'
import {
  createReviewApi,
  type ReviewApi,
  type ReviewedPullRequest,
} from './review-api.js'
import { findingTitle } from './review-body.js'
import { buildReviewPlan } from './review-plan.js'
import { chooseScope, type ReviewScope } from './review-scope.js'
import { postCheckRun } from './check-run.js'
import {
  createResolutionCollector,
  resolveFixedThreads,
  type EarlierFinding,
} from './earlier-findings.js'

/**
 * Review mode: the pull request's diff (or what changed since the last
 * review), a read-only checkout, the model with review tools, one review.
 */
export async function runReview(context: RunContext): Promise<RunReport> {
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
    remote: {
      deadline: context.budget.remoteDeadline,
      signal: context.cancellation.signal,
    },
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

interface ReviewInput {
  api: ReviewApi
  pullRequest: ReviewedPullRequest
  scope: ReviewScope
  leftOut: string[]
  workspace: PreparedWorkspace
}

async function reviewFiles(
  context: RunContext,
  review: ReviewInput,
): Promise<RunReport> {
  const { inputs, request } = context
  const { scope, workspace } = review
  const index = buildDiffIndex(scope.pullRequestFiles)
  const collector = createFindingCollector(index, scope.openFindings)
  const resolutions = createResolutionCollector(
    scope.openFindings,
    scope.sinceSha ? buildDiffIndex(scope.files) : undefined,
  )
  const agent = await runAgentPhase({
    ...agentPhaseInputOf(context, workspace),
    plan: buildReviewPlan({
      workdir: workspace.workdir,
      focus: request.review?.focus ?? '',
      threadContext: request.threadContext,
      files: scope.files,
      leftOut: review.leftOut,
      sinceSha: scope.sinceSha,
      openFindings: scope.openFindings,
      instructions: inputs.instructions,
      recordFinding: collector.record,
      recordFixed:
        scope.openFindings.length > 0 ? resolutions.record : undefined,
    }),
  })
  const report = agentReport(
    agent,
    request,
    inputs,
    context.startedAt,
    [],
    [...workspace.notes, ...(await noteWrites(workspace))],
  )
  // An unfinished review without findings would read as "no findings".
  if (
    agent.result.stopReason !== 'completed' &&
    collector.findings.length === 0
  )
    return report
  return publishFindings(context, review, report, {
    findings: collector.findings,
    fixed: resolutions.resolved,
    index,
    summary: agent.result.finalText,
  })
}

/**
 * Posts the review, answers and resolves the fixed threads, creates the
 * check, and adds all of it to the report.
 */
async function publishFindings(
  context: RunContext,
  review: ReviewInput,
  report: RunReport,
  outcome: {
    findings: ReviewFinding[]
    fixed: EarlierFinding[]
    index: DiffIndex
    summary: string
  },
): Promise<RunReport> {
  const { inputs, targets } = context
  const { pullRequest, scope } = review
  const { findings, index } = outcome
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
      resolvedCount: outcome.fixed.length,
      summary: outcome.summary,
    },
  })
  core.info(`Posted the review: ${posted.url}`)
  const resolved = await resolveFixedThreads(
    review.api,
    pullRequest.number,
    outcome.fixed,
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

/**
 * Without the sandbox, bash could write to the checkout; the review never
 * commits, but the files a later step sees are worth a warning.
 */
async function noteWrites(workspace: PreparedWorkspace): Promise<string[]> {
  if (!workspace.gitSnapshot) return []
  const changed = await listChangedFiles(
    workspace.workdir,
    workspace.gitSnapshot.base,
  )
  if (changed.length === 0) return []
  const note = `The review's commands changed files in the checkout (bash ran without the read-only sandbox); nothing was committed: ${changed.join(', ')}`
  core.warning(note)
  return [note]
}

/** A size-guard skip is said on the pull request (a comment run's reply says it anyway). */
async function postSkipComment(
  context: RunContext,
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

function skipped(context: RunContext, reason: string): RunReport {
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
