import type { GitHubClient, RepoRef } from './client.js'
import { toGitHubRequestError } from './github-request-error.js'
import { readObject, readString } from './json-fields.js'

/** Where a pull request's commits live, to know where a push may go. */
export interface PullRequestHead {
  /** The head branch name, e.g. `fix-typo`. */
  ref: string
  sha: string
  /**
   * `owner/name` of the head repository; undefined when the fork was deleted.
   */
  headRepoFullName: string | undefined
  baseRepoFullName: string
  baseRef: string
  /**
   * True when the head is not in the base repository: the action cannot push
   * there.
   */
  isFork: boolean
}

/**
 * Narrows a `pull_request` object (from an event payload or from
 * `GET /repos/{owner}/{repo}/pulls/{number}`); undefined when it has no head.
 */
export function parsePullRequestHead(
  pullRequest: unknown,
): PullRequestHead | undefined {
  const head = readObject(pullRequest, 'head')
  const base = readObject(pullRequest, 'base')
  const ref = readString(head, 'ref')
  const baseRepoFullName = readString(readObject(base, 'repo'), 'full_name')
  if (ref === undefined || baseRepoFullName === undefined) return undefined
  const headRepoFullName = readString(readObject(head, 'repo'), 'full_name')
  return {
    ref,
    sha: readString(head, 'sha') ?? '',
    headRepoFullName,
    baseRepoFullName,
    baseRef: readString(base, 'ref') ?? '',
    // Repository names compare case-insensitively on GitHub.
    isFork:
      headRepoFullName === undefined ||
      headRepoFullName.toLowerCase() !== baseRepoFullName.toLowerCase(),
  }
}

/**
 * Reads a pull request's head through REST: an `issue_comment` on a pull
 * request carries no head in its payload.
 */
export async function fetchPullRequestHead(
  client: GitHubClient,
  repo: RepoRef,
  pullNumber: number,
): Promise<PullRequestHead> {
  return (await fetchPullRequest(client, repo, pullNumber)).head
}

/** A pull request's head, title and body through REST. */
export async function fetchPullRequest(
  client: GitHubClient,
  repo: RepoRef,
  pullNumber: number,
): Promise<{ head: PullRequestHead; title: string; body: string }> {
  const what = `read pull request #${pullNumber} in ${repo.owner}/${repo.repo}`
  let data: unknown
  try {
    const response = await client.rest.pulls.get({
      ...repo,
      pull_number: pullNumber,
    })
    data = response.data
  } catch (error) {
    throw toGitHubRequestError(what, error)
  }
  const head = parsePullRequestHead(data)
  if (!head) {
    throw toGitHubRequestError(
      what,
      new Error('the answer has no head or base repository'),
    )
  }
  return {
    head,
    title: readString(data, 'title') ?? '',
    body: readString(data, 'body') ?? '',
  }
}
