import type { GitHubClient, RepoRef } from './client.js'
import {
  capConversation,
  fetchIssueConversation,
  fetchReviewThread,
} from './conversation.js'
import type { CommentEvent } from './event.js'
import type { ThreadContextInput } from './thread-context.js'
import { errorMessage } from '../../util/error-message.js'

/**
 * What a follow-up needs besides the thread's title and body: the comments
 * so far (the agent's own replies among them) and, for a review comment,
 * the diff hunk and the review thread. A failed read does not stop the run:
 * the model works from the title and body, and a note says what is missing.
 */
export async function gatherConversation(
  client: GitHubClient,
  event: CommentEvent,
): Promise<{ context: Partial<ThreadContextInput>; notes: string[] }> {
  const { repository, thread, comment } = event
  const { context, notes } = await gatherIssueComments(
    client,
    repository,
    thread.number,
    event.kind === 'issue_comment' ? comment.id : undefined,
  )
  const review = comment.review
  if (review) {
    let reviewThread: ThreadContextInput['comments'] = []
    try {
      reviewThread = capConversation(
        await fetchReviewThread(
          client,
          repository,
          thread.number,
          review.threadRootId,
          comment.id,
        ),
      ).kept
    } catch (error) {
      notes.push(
        `The review thread could not be read, so the model saw only the diff hunk: ${errorMessage(error)}`,
      )
    }
    context.review = {
      path: review.path,
      lines: describeLineRange(review.line, review.startLine),
      side: review.side,
      diffHunk: review.diffHunk,
      thread: reviewThread,
    }
  }
  return { context, notes }
}

/**
 * The comments of an issue or pull request so far, capped from the oldest;
 * a failed read becomes a note, not a failure.
 */
export async function gatherIssueComments(
  client: GitHubClient,
  repository: RepoRef,
  issueNumber: number,
  excludeCommentId?: number,
): Promise<{ context: Partial<ThreadContextInput>; notes: string[] }> {
  const context: Partial<ThreadContextInput> = {}
  try {
    const all = await fetchIssueConversation(
      client,
      repository,
      issueNumber,
      excludeCommentId,
    )
    const { kept, omitted } = capConversation(all)
    context.comments = kept
    if (omitted > 0) context.omittedComments = omitted
    return { context, notes: [] }
  } catch (error) {
    return {
      context,
      notes: [
        `The thread's comments could not be read, so the model saw only its title and body: ${errorMessage(error)}`,
      ],
    }
  }
}

function describeLineRange(
  line: number | undefined,
  startLine: number | undefined,
): string {
  if (line === undefined) return '(outdated)'
  return startLine !== undefined && startLine !== line
    ? `lines ${startLine}-${line}`
    : `line ${line}`
}
