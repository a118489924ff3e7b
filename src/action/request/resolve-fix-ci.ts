import { authorizeActor } from '../github/authorize.js'
import type { GitHubClient } from '../github/client.js'
import { fetchIssueConversation } from '../github/conversation.js'
import type { WorkflowRunEvent } from '../github/event.js'
import { fetchFailedJobLogs } from '../github/failed-jobs.js'
import { toGitHubRequestError } from '../github/github-request-error.js'
import { readNumber, readObject, readString } from '../github/json-fields.js'
import { fetchPullRequest } from '../github/pull-request-head.js'
import {
  describeStripped,
  renderThreadContext,
} from '../github/thread-context.js'
import type { ActionInputs } from '../inputs.js'
import type { RunRequest, Skip } from './resolve-request.js'

/** Marks the status comment of a fix-CI run: the attempts are counted by it. */
export const FIX_CI_MARKER = '<!-- harness9:fix-ci -->'

/**
 * A failed `workflow_run` of a pull request becomes a fix-CI run: the failed
 * jobs' logs are the task's evidence, the run's head commit (fetched from
 * `refs/pull/N/head`) is the workspace, and the fix is pushed onto the PR's
 * branch, or, for a PR from a fork, onto a new branch here with a pull
 * request into the PR's base. At
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
  const pull =
    run.pullRequests[0] ??
    (isFromFork(event)
      ? await findForkPullRequest(await client(), event)
      : undefined)
  if (!pull) {
    return skip(
      `The failed run of '${run.name}' on '${run.headBranch}' belongs to no open pull request; fix-CI works on those only.`,
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
    ...(pullRequest.head.isFork
      ? {
          forkFix: {
            pullNumber: pull.number,
            baseRef: pullRequest.head.baseRef,
            headRepoFullName: pullRequest.head.headRepoFullName,
            runName: run.name,
            runUrl: run.htmlUrl,
          },
        }
      : {}),
  }
}

/** The run's head commit lives in another repository than this one. */
function isFromFork(event: WorkflowRunEvent): boolean {
  const here = `${event.repository.owner}/${event.repository.repo}`
  const there = event.run.headRepoFullName
  return there !== undefined && there.toLowerCase() !== here.toLowerCase()
}

/**
 * GitHub lists no pull request on a fork's run: the open PR whose head is
 * the fork's branch at the run's commit is found through REST.
 */
async function findForkPullRequest(
  client: GitHubClient,
  event: WorkflowRunEvent,
): Promise<{ number: number } | undefined> {
  const { repository, run } = event
  const forkOwner = run.headRepoFullName?.split('/')[0]
  if (!forkOwner || !run.headBranch) return undefined
  const what = `list the open pull requests from ${forkOwner}:${run.headBranch} in ${repository.owner}/${repository.repo}`
  let data: unknown
  try {
    const response = await client.rest.pulls.list({
      ...repository,
      head: `${forkOwner}:${run.headBranch}`,
      state: 'open',
      per_page: 100,
    })
    data = response.data
  } catch (error) {
    throw toGitHubRequestError(what, error)
  }
  const pulls = Array.isArray(data) ? data : []
  const match =
    pulls.find(
      (pull) => readString(readObject(pull, 'head'), 'sha') === run.headSha,
    ) ?? pulls[0]
  const number = readNumber(match, 'number')
  return number === undefined ? undefined : { number }
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
