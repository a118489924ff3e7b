import type { Budget } from './budget.js'
import type { Cancellation } from './cancellation.js'
import type { GitHubClient } from './github/client.js'
import type { GitHubReplies } from './github/replies.js'
import type { GitHubEnvironment } from './github-environment.js'
import type { ActionInputs } from './inputs.js'
import type { PublishTargets } from './publish.js'
import type { RunRequest } from './resolve-request.js'

/** What one run of the action, a task or a review, works from. */
export interface RunContext {
  inputs: ActionInputs
  github: GitHubEnvironment
  request: RunRequest
  client: () => Promise<GitHubClient>
  replies: (() => Promise<GitHubReplies>) | undefined
  startedAt: number
  targets: PublishTargets
  /** The run's time phases: the loop, the handover, remote calls. */
  budget: Budget
  cancellation: Cancellation
}
