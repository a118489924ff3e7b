import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPhaseInput } from '../phases/agent-phase.js'
import type { Budget } from '../phases/budget.js'
import type { Cancellation } from '../phases/cancellation.js'
import type { GitHubClient } from '../github/client.js'
import type { GitHubWriter } from '../github/writer.js'
import type { GitHubEnvironment } from './github-environment.js'
import type { ActionInputs } from '../inputs.js'
import type { PreparedWorkspace } from '../phases/prepare-workspace.js'
import type { PublishTargets } from '../phases/publish.js'
import type { RunRequest } from './resolve-request.js'

/** What one run of the action, a task or a review, works from. */
export interface RunContext {
  inputs: ActionInputs
  github: GitHubEnvironment
  request: RunRequest
  client: () => Promise<GitHubClient>
  replies: (() => Promise<GitHubWriter>) | undefined
  startedAt: number
  targets: PublishTargets
  /** The run's time phases: the loop, the handover, remote calls. */
  budget: Budget
  cancellation: Cancellation
}

/**
 * What the agent phase needs from a run and its prepared workspace, the same
 * for a task and a review; the transcript's path is also recorded in the
 * publish targets, so it can be uploaded whatever ends the run.
 */
export function agentPhaseInputOf(
  context: RunContext,
  workspace: PreparedWorkspace,
): Omit<AgentPhaseInput, 'onEvent' | 'plan'> {
  const { github, targets } = context
  targets.transcriptPath = join(
    github.runnerTemp ?? tmpdir(),
    `harness9-transcript-${github.runId}-${process.pid}.jsonl`,
  )
  return {
    inputs: context.inputs,
    request: context.request,
    workdir: workspace.workdir,
    childEnv: workspace.childEnv,
    wrapCommand: workspace.wrapCommand,
    deadline: context.budget.loopDeadline,
    handoverUntil: context.budget.handoverUntil,
    signal: context.cancellation.signal,
    transcriptPath: targets.transcriptPath,
    secrets: targets.secrets,
    env: process.env,
  }
}
