import type { RepoRef } from '../github/client.js'
import { InputError } from '../inputs.js'

/** What the runner tells the action about the job, from its GITHUB_* variables. */
export interface GitHubEnvironment {
  workspace: string
  eventName: string
  eventPath: string
  repository: RepoRef | undefined
  serverUrl: string
  apiUrl: string
  runId: string
  /** GITHUB_RUN_ATTEMPT: 1, then 2, 3, … on re-runs of the same run id. */
  runAttempt: string
  /** A link to this run's log, for the reply. */
  runUrl: string | undefined
  /** The runner's temporary directory; the transcript goes there. */
  runnerTemp: string | undefined
}

export function readGitHubEnvironment(
  env: NodeJS.ProcessEnv,
): GitHubEnvironment {
  const workspace = env.GITHUB_WORKSPACE
  if (!workspace) {
    throw new InputError(
      'GITHUB_WORKSPACE is not set: run the action in a job after actions/checkout.',
    )
  }
  const serverUrl = env.GITHUB_SERVER_URL || 'https://github.com'
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const repository = owner && repo ? { owner, repo } : undefined
  const runId = env.GITHUB_RUN_ID || '0'
  return {
    workspace,
    eventName: env.GITHUB_EVENT_NAME ?? '',
    eventPath: env.GITHUB_EVENT_PATH ?? '',
    repository,
    serverUrl,
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    runId,
    runAttempt: env.GITHUB_RUN_ATTEMPT || '1',
    runUrl: repository
      ? `${serverUrl}/${repository.owner}/${repository.repo}/actions/runs/${runId}`
      : undefined,
    runnerTemp: env.RUNNER_TEMP,
  }
}
