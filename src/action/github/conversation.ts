import type { GitHubClient, RepoRef } from './client.js'
import { hasCommentMarker } from './comment-marker.js'
import { toGitHubRequestError } from './github-request-error.js'
import {
  isJsonObject,
  readNumber,
  readObject,
  readString,
} from './json-fields.js'

/** A comment of the thread, as the model will see it. */
export interface ConversationComment {
  id: number
  author: string
  body: string
  /** Carries the action's marker: one of the agent's earlier replies. */
  fromAgent: boolean
}

/** At most this many comments, the newest kept: "also do X" refers back. */
export const MAX_CONVERSATION_COMMENTS = 30
/** And at most this many characters of them, cut from the oldest. */
export const MAX_CONVERSATION_CHARS = 24_000
/** Pages of 100 read at most (a huge thread is cut from the oldest anyway). */
const MAX_PAGES = 10

/**
 * The issue's or pull request's comments in order, without the one that
 * triggered the run (it is the task).
 */
export async function fetchIssueConversation(
  client: GitHubClient,
  repo: RepoRef,
  issueNumber: number,
  triggerId: number | undefined,
): Promise<ConversationComment[]> {
  const what = `read the comments of #${issueNumber} in ${repo.owner}/${repo.repo}`
  const items = await fetchPages(what, (page) =>
    client.rest.issues.listComments({
      ...repo,
      issue_number: issueNumber,
      per_page: 100,
      page,
    }),
  )
  return items
    .map(toConversationComment)
    .filter((comment) => comment.id !== triggerId)
}

/**
 * The review thread a review comment belongs to: its first comment and the
 * replies to it, in order, without the triggering comment.
 */
export async function fetchReviewThread(
  client: GitHubClient,
  repo: RepoRef,
  pullNumber: number,
  rootId: number,
  triggerId: number,
): Promise<ConversationComment[]> {
  const what = `read the review comments of #${pullNumber} in ${repo.owner}/${repo.repo}`
  const items = await fetchPages(what, (page) =>
    client.rest.pulls.listReviewComments({
      ...repo,
      pull_number: pullNumber,
      per_page: 100,
      page,
    }),
  )
  return items
    .filter(
      (item) =>
        readNumber(item, 'id') === rootId ||
        readNumber(item, 'in_reply_to_id') === rootId,
    )
    .map(toConversationComment)
    .filter((comment) => comment.id !== triggerId)
}

/**
 * Keeps the newest comments within MAX_CONVERSATION_COMMENTS and
 * MAX_CONVERSATION_CHARS; `omitted` counts the older ones left out.
 */
export function capConversation(comments: ConversationComment[]): {
  kept: ConversationComment[]
  omitted: number
} {
  const kept: ConversationComment[] = []
  let chars = 0
  for (const comment of [...comments].reverse()) {
    if (kept.length >= MAX_CONVERSATION_COMMENTS) break
    chars += comment.body.length
    if (chars > MAX_CONVERSATION_CHARS && kept.length > 0) break
    kept.unshift(
      comment.body.length > MAX_CONVERSATION_CHARS
        ? {
            ...comment,
            body: `${comment.body.slice(0, MAX_CONVERSATION_CHARS)}\n[cut]`,
          }
        : comment,
    )
  }
  return { kept, omitted: comments.length - kept.length }
}

function toConversationComment(
  item: Record<string, unknown>,
): ConversationComment {
  const body = readString(item, 'body') ?? ''
  return {
    id: readNumber(item, 'id') ?? 0,
    author: readString(readObject(item, 'user'), 'login') ?? 'ghost',
    body,
    fromAgent: hasCommentMarker(body),
  }
}

async function fetchPages(
  what: string,
  send: (page: number) => Promise<{ data: unknown }>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = []
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    let data: unknown
    try {
      data = (await send(page)).data
    } catch (error) {
      throw toGitHubRequestError(what, error)
    }
    if (!Array.isArray(data)) {
      throw toGitHubRequestError(
        what,
        new Error("GitHub's answer is not a list"),
      )
    }
    items.push(...data.filter(isJsonObject))
    if (data.length < 100) break
  }
  return items
}
