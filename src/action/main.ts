import * as core from '@actions/core'
import { runAgentPhase, type AgentPhaseResult } from './phases/agent-phase.js'
import { commitPhase } from './phases/commit-phase.js'
import { listChangedFiles } from './git/changed-files.js'
import { restoreGitConfig } from './git/config-snapshot.js'
import { readDiffstat } from './git/diffstat.js'
import { createGitHubClient } from './github/client.js'
import { readEvent } from './github/event.js'
import {
  fetchPullRequestHead,
  type PullRequestHead,
} from './github/pull-request-head.js'
import { createGitHubWriter } from './github/writer.js'
import { readGitHubEnvironment } from './request/github-environment.js'
import { missingKeyMessage, parseInputs } from './inputs.js'
import { closePhase, openPhase } from './report/phase-log.js'
import {
  prepareWorkspace,
  type PreparedWorkspace,
} from './phases/prepare-workspace.js'
import {
  createProgressReporter,
  type ProgressReporter,
} from './report/progress-reporter.js'
import { publish, type PublishTargets } from './phases/publish.js'
import { resolveRequest } from './request/resolve-request.js'
import {
  acknowledge,
  removeTriggerLabel,
  reportSkip,
} from './phases/acknowledge.js'
import {
  agentReport,
  emptyReport,
  failedReport,
} from './report/build-report.js'
import { budgetOf } from './phases/budget.js'
import { listenForCancellation } from './phases/cancellation.js'
import { describeCommitOutcome } from './report/commit-outcome.js'
import { savePublished } from './post-state.js'
import type { RunReport } from './report/run-report.js'
import { redactSecrets } from './guard/secret-guard.js'
import { uploadRunArtifacts } from './phases/upload-artifacts.js'
import { runReview } from './review/review-phase.js'
import { agentPhaseInputOf, type RunContext } from './request/run-context.js'
import { errorMessage } from '../util/error-message.js'
import { PROVIDER_TABLE } from '../providers/create-provider.js'

/** The action: inputs, request, workspace, agent, commit, report. */
export async function run(): Promise<void> {
  const startedAt = Date.now()
  const cancellation = listenForCancellation()
  const secrets = registerSecrets()
  const targets: PublishTargets = {
    secrets,
    transcriptPath: undefined,
    runUrl: undefined,
  }
  let report: RunReport | undefined
  let uploadArtifacts = true
  // Set once the run publishes: GitHub calls may then use the reserve.
  let publishing = false
  try {
    const inputs = parseInputs((name) => core.getInput(name), process.env)
    uploadArtifacts = inputs.uploadArtifacts
    const github = readGitHubEnvironment(process.env)
    targets.runUrl = github.runUrl
    if (github.repository)
      targets.repositoryUrl = `${github.serverUrl}/${github.repository.owner}/${github.repository.repo}`
    const budget = budgetOf(inputs.budgetMinutes, startedAt)
    const client = once(() =>
      createGitHubClient(inputs.githubToken, {
        baseUrl: github.apiUrl,
        // Until the publish phase, GitHub calls leave its reserve untouched.
        deadline: () => (publishing ? budget.end : budget.remoteDeadline),
      }),
    )
    const replies = github.repository
      ? once(async () => createGitHubWriter(await client(), github.repository!))
      : undefined
    openPhase('Request and authorisation')
    const request = await resolveRequest(
      inputs,
      readEvent(github.eventName, github.eventPath),
      client,
    )
    if (request.kind === 'skip') {
      report = await reportSkip(request, inputs, replies)
      return
    }
    if (request.threadTrigger?.label && replies) {
      targets.removeLabel = {
        replies,
        threadNumber: request.threadTrigger.number,
        name: request.threadTrigger.label,
      }
    }
    if (!inputs.apiKey) throw new Error(missingKeyMessage(inputs.provider))
    if (inputs.fallback && !inputs.fallback.apiKey) {
      throw new Error(
        `${missingKeyMessage(inputs.fallback.provider)} The fallback also takes the input 'fallback-api-key'.`,
      )
    }
    targets.reply = await acknowledge(request, replies, github, targets)
    const context = {
      inputs,
      github,
      request,
      client,
      replies,
      startedAt,
      targets,
      budget,
      cancellation,
    }
    report = request.review
      ? await runReview(context)
      : await runRequest(context)
  } catch (error) {
    report = failedReport(errorMessage(error), report, startedAt)
  } finally {
    publishing = true
    await finish(report, targets)
    // Before the upload: the post step must not overwrite a published reply.
    savePublished()
    await uploadRunArtifacts(report, targets, uploadArtifacts)
    cancellation.dispose()
    // A cancelled step ends now: an open socket or timer must not keep it
    // past the runner's grace period (the exit code is already set).
    if (cancellation.stoppedBy) process.exit()
  }
}

async function runRequest(context: RunContext): Promise<RunReport> {
  const { inputs, github, request } = context
  openPhase('Workspace')
  const pullRequest = await pullRequestOf(context)
  const workspace = await prepareWorkspace({
    inputs,
    workspace: github.workspace,
    serverUrl: github.serverUrl,
    pullRequest,
    env: process.env,
    remote: {
      deadline: context.budget.remoteDeadline,
      signal: context.cancellation.signal,
    },
  })
  const phaseInput = agentPhaseInputOf(context, workspace)
  let agent: AgentPhaseResult
  closePhase() // the agent's turns are groups of their own
  const progress = progressReporterOf(context)
  try {
    agent = await runAgentPhase({ ...phaseInput, onEvent: progress?.onEvent })
  } finally {
    await progress?.stop()
    await workspace.cleanup()
    // Whatever the model wrote into .git/config is undone before any git of ours runs.
    if (workspace.gitSnapshot) await restoreGitConfig(workspace.gitSnapshot)
  }
  const changedFiles = workspace.gitSnapshot
    ? await listChangedFiles(workspace.workdir, workspace.gitSnapshot.base)
    : []
  const report = agentReport(
    agent,
    request,
    inputs,
    context.startedAt,
    changedFiles,
    workspace.notes,
  )
  const stoppedBy = context.cancellation.stoppedBy
  if (stoppedBy && report.status === 'cancelled') {
    report.reason = `The run was cancelled (${stoppedBy}): the job was cancelled or ran past its timeout.`
  }
  if (!inputs.commit) return report
  return commitWork(context, { agent, report, workspace, pullRequest })
}

interface FinishedAgent {
  agent: AgentPhaseResult
  report: RunReport
  workspace: PreparedWorkspace
  pullRequest: { number: number; head: PullRequestHead } | undefined
}

/**
 * Every ending commits what the agent did, an unfinished run as work in
 * progress, so that nothing is lost with the runner's workspace. A commit
 * that could not be pushed anywhere fails the run: it is only in the
 * summary and the artifact.
 */
async function commitWork(
  context: RunContext,
  finished: FinishedAgent,
): Promise<RunReport> {
  const { inputs, github, request, targets, cancellation } = context
  const { agent, report, workspace } = finished
  openPhase('Commit, push and pull request')
  try {
    report.commit = await commitPhase({
      inputs,
      workdir: workspace.workdir,
      changedFiles: report.changedFiles,
      task: request.task,
      finalAnswer: agent.result.finalText,
      threadNumber: request.thread?.number,
      pullRequestHead: finished.pullRequest?.head,
      forkFix: request.forkFix,
      base: workspace.gitSnapshot?.base,
      runId: github.runId,
      runAttempt: github.runAttempt,
      runUrl: github.runUrl,
      serverUrl: github.serverUrl,
      repository: github.repository,
      secrets: targets.secrets,
      replies: context.replies,
      requester: request.requester,
      status: report.status,
      reason: redactSecrets(report.reason, targets.secrets),
      deadline: Math.min(
        context.budget.remoteDeadline,
        cancellation.commitDeadline ?? Infinity,
      ),
      signal: cancellation.hurry,
    })
    if (report.commit.sha) {
      report.commit.diffstat = await readDiffstat(
        workspace.workdir,
        report.commit.sha,
      ).catch(
        (error: unknown) => `(diffstat unavailable: ${errorMessage(error)})`,
      )
    }
  } catch (error) {
    const message = errorMessage(error)
    return {
      ...report,
      status: 'failed',
      reason: `The agent's work was not committed: ${message}`,
      commit: { leftOut: [], skippedReason: `Commit failed: ${message}` },
    }
  }
  const outcome = describeCommitOutcome(report.commit)
  if (outcome) report.reason = `${report.reason} ${outcome}`
  if (report.commit.pushError && report.status === 'completed') {
    report.status = 'failed'
  }
  return report
}

/** Live progress in the status comment, when there is one. */
function progressReporterOf(context: RunContext): ProgressReporter | undefined {
  const reply = context.targets.reply
  if (!reply) return undefined
  return createProgressReporter({
    update: (body) => reply.replies.updateStatusComment(reply.commentId, body),
    startedAt: context.startedAt,
    maxTurns: context.inputs.maxTurns,
    runUrl: context.github.runUrl ?? '',
    secrets: context.targets.secrets,
  })
}

/** A comment on a pull request works on, and pushes to, the PR's head. */
async function pullRequestOf(
  context: RunContext,
): Promise<{ number: number; head: PullRequestHead } | undefined> {
  const { request, github } = context
  const thread = request.thread
  const onThread = request.comment ?? request.threadTrigger
  if (!thread?.isPullRequest || !onThread || !github.repository)
    return undefined
  const head =
    thread.head ??
    (await fetchPullRequestHead(
      await context.client(),
      github.repository,
      thread.number,
    ))
  return { number: thread.number, head }
}

/** Writes the summary, outputs and reply, then sets the step's outcome. */
async function finish(
  report: RunReport | undefined,
  targets: PublishTargets,
): Promise<void> {
  const final =
    report ??
    emptyReport('', 'failed', 'The action stopped before it could report.', 0)
  let blocked: string[] = []
  openPhase('Summary, outputs and reply')
  await removeTriggerLabel(targets)
  try {
    blocked = await publish(final, targets)
  } catch (error) {
    core.setFailed(`Could not write the run's report: ${errorMessage(error)}`)
    return
  } finally {
    closePhase()
  }
  // The reason can quote the model or its API (an error message): the log
  // masks only the raw and base64 forms of a secret, so redact the rest.
  const reason = redactSecrets(final.reason, targets.secrets)
  if (blocked.length > 0) {
    const alsoFailed =
      final.status === 'failed' ? ` The run also failed: ${reason}` : ''
    core.setFailed(
      `Blocked the ${blocked.join(', ')}: they contained a secret (the API key or the GitHub token). Nothing of them was published.${alsoFailed}`,
    )
  } else if (final.status !== 'completed' && final.status !== 'skipped') {
    // An unfinished run is never green: workflows read the status output
    // (`if: steps.agent.outputs.status == 'max_turns'`) to act on it.
    core.setFailed(`${reason} (status: ${final.status})`)
  }
}

/** Masks the key and the token in the log before anything else runs. */
function registerSecrets(): string[] {
  const secrets = [
    core.getInput('api-key'),
    core.getInput('github-token'),
    ...PROVIDER_TABLE.map((row) => process.env[row.keyVariable]),
  ]
    .map((secret) => secret?.trim() ?? '')
    .filter((secret) => secret !== '')
  for (const secret of secrets) core.setSecret(secret)
  return [...new Set(secrets)]
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}
