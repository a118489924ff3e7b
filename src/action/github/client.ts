import type { getOctokit } from '@actions/github'

/** The Octokit that `@actions/github` builds, with the REST methods. */
export type GitHubClient = ReturnType<typeof getOctokit>

/** A repository as the REST API addresses it. */
export interface RepoRef {
  owner: string
  repo: string
}

/** A hung API call must not eat the run's time budget. */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000

export interface GitHubClientOptions {
  /** REST root, e.g. `GITHUB_API_URL` or a loopback test server. */
  baseUrl: string
  timeoutMs?: number
}

/**
 * Builds the Octokit for the action's REST calls. `@actions/github` parses
 * `GITHUB_EVENT_PATH` when first imported, so it is imported here, on first
 * use, where a bad payload cannot crash the process before `run()` starts.
 */
export async function createGitHubClient(
  token: string,
  options: GitHubClientOptions,
): Promise<GitHubClient> {
  const github = await import('@actions/github')
  const client = github.getOctokit(token, { baseUrl: options.baseUrl })
  const timeoutMs = options.timeoutMs ?? GITHUB_REQUEST_TIMEOUT_MS
  client.hook.before('request', (request) => {
    request.request = {
      ...request.request,
      signal: AbortSignal.timeout(timeoutMs),
    }
  })
  return client
}
