import * as core from '@actions/core'
import type { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'

/** The Octokit that `@actions/github` builds, with the REST methods. */
export type GitHubClient = ReturnType<typeof getOctokit>

/** A repository as the REST API addresses it. */
export interface RepoRef {
  owner: string
  repo: string
}

/** A hung API call must not eat the run's time budget. */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000
/** Retries of a 5xx or a network error (plugin-retry waits 1 s, 4 s, 9 s). */
export const GITHUB_RETRIES = 3
/** Rate-limit retries; each waits what GitHub's `retry-after` asks. */
const RATE_LIMIT_RETRIES = 2

export interface GitHubClientOptions {
  /** REST root, e.g. `GITHUB_API_URL` or a loopback test server. */
  baseUrl: string
  timeoutMs?: number
  /** Retries of a 5xx or network error (default GITHUB_RETRIES). */
  retries?: number
  /** plugin-retry waits this times the retry's square (default 1000 ms). */
  retryBaseMs?: number
  /**
   * Epoch ms after which no request may run (the time budget, less the
   * publish phase's reserve); read at each request, so it may move.
   */
  deadline?: () => number | undefined
}

/**
 * Builds the Octokit for the action's REST calls, with Octokit's own retry
 * (5xx, network errors) and throttling (rate limits, `retry-after`) plugins.
 * Each request is bounded by the timeout and by what is left of the budget.
 * `@actions/github` parses `GITHUB_EVENT_PATH` when first imported, so it is
 * imported here, on first use, where a bad payload cannot crash the process
 * before `run()` starts.
 */
export async function createGitHubClient(
  token: string,
  options: GitHubClientOptions,
): Promise<GitHubClient> {
  const github = await import('@actions/github')
  const timeLeft = (): number => {
    const deadline = options.deadline?.()
    return deadline === undefined ? Infinity : deadline - Date.now()
  }
  const timeoutMs = options.timeoutMs ?? GITHUB_REQUEST_TIMEOUT_MS
  const retries = options.retries ?? GITHUB_RETRIES
  // Plugins register their hooks in order and the first is innermost, so
  // this one runs for every attempt, inside the retry and throttling loops.
  const boundEachAttempt = (octokit: HookedOctokit): void => {
    octokit.hook.before('request', (request) => {
      const left = timeLeft()
      if (left <= 0) {
        throw new Error(
          'no time left in the budget for a GitHub request (budget-minutes)',
        )
      }
      const retryCount = Number(request.request?.retryCount ?? 0)
      if (retryCount > 0) {
        core.info(
          `Retrying GitHub request ${request.method} ${request.url} (retry ${retryCount} of ${retries})`,
        )
      }
      request.request = {
        ...request.request,
        signal: AbortSignal.timeout(Math.min(timeoutMs, left)),
      }
    })
  }
  return github.getOctokit(
    token,
    {
      baseUrl: options.baseUrl,
      retry: {
        retries,
        retryAfterBaseValue: options.retryBaseMs ?? 1000,
      },
      throttle: {
        onRateLimit: (
          retryAfter: number,
          request: RetryRequest,
          _octokit: unknown,
          count: number,
        ) =>
          retryRateLimit('rate limit', retryAfter, request, count, timeLeft()),
        onSecondaryRateLimit: (
          retryAfter: number,
          request: RetryRequest,
          _octokit: unknown,
          count: number,
        ) =>
          retryRateLimit(
            'secondary rate limit',
            retryAfter,
            request,
            count,
            timeLeft(),
          ),
      },
    },
    boundEachAttempt,
    retry,
    throttling,
  )
}

type HookedOctokit = Pick<GitHubClient, 'hook'>

interface RetryRequest {
  method?: string
  url?: string
}

/** Retries a rate-limited request when the wait fits in the time left. */
function retryRateLimit(
  what: string,
  retryAfterSeconds: number,
  request: RetryRequest,
  count: number,
  timeLeftMs: number,
): boolean {
  const route = `${request.method ?? ''} ${request.url ?? ''}`.trim()
  const fits = retryAfterSeconds * 1000 < timeLeftMs
  if (count < RATE_LIMIT_RETRIES && fits) {
    core.info(
      `GitHub ${what} on ${route}: retrying in ${retryAfterSeconds} s (retry ${count + 1} of ${RATE_LIMIT_RETRIES})`,
    )
    return true
  }
  core.warning(
    `GitHub ${what} on ${route}: not retrying (${fits ? 'retries used up' : `the ${retryAfterSeconds} s wait does not fit in the time left`}).`,
  )
  return false
}
