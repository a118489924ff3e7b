import { authorizeActor } from './github/authorize.js'
import type { GitHubClient } from './github/client.js'
import { fetchIssueConversation } from './github/conversation.js'
import type { WorkflowRunEvent } from './github/event.js'
import { fetchFailedJobLogs } from './github/failed-jobs.js'
import { fetchPullRequest } from './github/pull-request-head.js'
import {
  describeStripped,
  renderThreadContext,
} from './github/thread-context.js'
import type { ActionInputs } from './inputs.js'
import type { RunRequest, Skip } from './resolve-request.js'

/** Marks the status comment of a fix-CI run: the attempts are counted by it. */
export const FIX_CI_MARKER = '<!-- harness9:fix-ci -->'

/**
 * A failed `workflow_run` of a pull request from this repository becomes a
 * fix-CI run: the failed jobs' logs are the task's evidence, the run's head
 * commit is the workspace, and the fix is pushed onto the PR's branch. At
 * most `fix-ci-attempts` runs per pull request, counted by the marker on
 * their status comments. The one who started the failed run must have
 * write access.
 */
export async function resolveFixCi(
  inputs: ActionInputs,
  event: WorkflowRunEvent,
  client: () => Promise<GitHubClient>,
): Promise<RunRequest | Skip> {
  const { run, repository } = event
  if (event.action !== 'completed' || run.conclusion !== 'failure') {
    return skip(
      `The workflow run '${run.name}' ended '${run.conclusion || event.action}': only a failed run asks for a fix.`,
      true,
    )
  }
  if (inputs.fixCiAttempts === 0) {
    return skip("Fix-CI is off ('fix-ci-attempts' is 0).", true)
  }
  const pull = run.pullRequests[0]
  if (!pull) {
    return skip(
      `The failed run of '${run.name}' on '${run.headBranch}' belongs to no pull request from this repository; fix-CI works on those only.`,
      false,
    )
  }
  const actor = run.actor
  const authorization = actor
    ? await authorizeActor(await client(), {
        ...repository,
        login: actor.login,
        authorType: actor.type,
        allowedBots: inputs.allowedBots,
      })
    : { allowed: false, reason: 'The workflow run names no actor to check.' }
  if (!authorization.allowed) return skip(authorization.reason, false)
  const api = await client()
  const earlier = (
    await fetchIssueConversation(api, repository, pull.number, undefined)
  ).filter((comment) => comment.body.includes(FIX_CI_MARKER)).length
  if (earlier >= inputs.fixCiAttempts) {
    return skip(
      `Fix-CI already ran ${earlier} times on #${pull.number} ('fix-ci-attempts' is ${inputs.fixCiAttempts}); fix it by hand or comment '${inputs.triggerPhrase}'.`,
      false,
    )
  }
  const pullRequest = await fetchPullRequest(api, repository, pull.number)
  if (pullRequest.head.sha !== run.headSha) {
    return skip(
      `#${pull.number} has moved on from ${run.headSha.slice(0, 7)}: the run of its newest commit decides.`,
      false,
    )
  }
  const logs = await fetchFailedJobLogs(api, repository, run.id)
  const context = renderThreadContext({
    number: pull.number,
    isPullRequest: true,
    title: pullRequest.title,
    body: pullRequest.body,
    blocks: logs.map((log) => ({
      source: `log of the failed job '${log.name}'`,
      text: log.excerpt,
    })),
  })
  return {
    kind: 'run',
    task: fixTask(event, pull.number, logs.length),
    threadContext: context.text,
    thread: {
      number: pull.number,
      title: pullRequest.title,
      body: pullRequest.body,
      isPullRequest: true,
      head: pullRequest.head,
    },
    comment: undefined,
    notes:
      context.stripped.length > 0
        ? [
            `Hidden text removed from the thread and logs: ${describeStripped(context.stripped)}.`,
          ]
        : [],
    requester: actor && { login: actor.login, id: actor.id },
    threadTrigger: { number: pull.number, marker: FIX_CI_MARKER },
  }
}

function fixTask(
  event: WorkflowRunEvent,
  pullNumber: number,
  failedJobs: number,
): string {
  const { run } = event
  const evidence =
    failedJobs > 0
      ? "The failed jobs' logs (error lines and the end) are in the blocks below."
      : 'No failed job log could be read; run the checks yourself to see what fails.'
  return [
    `The CI workflow '${run.name}' failed on commit ${run.headSha.slice(0, 7)} of pull request #${pullNumber} (${run.htmlUrl}).`,
    evidence,
    'Find the cause and fix the code so the checks pass; run the failing command to confirm.',
    'Do not skip, weaken or delete tests, and do not change the CI configuration to hide the failure.',
  ].join(' ')
}

function skip(reason: string, quiet: boolean): Skip {
  return { kind: 'skip', reason, quiet }
}
