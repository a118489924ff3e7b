import { readFileSync } from 'node:fs'

import type { RepoRef } from './client.js'
import {
  isJsonObject,
  readNumber,
  readObject,
  readString,
  type JsonObject,
} from './json-fields.js'
import {
  parsePullRequestHead,
  type PullRequestHead,
} from './pull-request-head.js'
import { errorMessage } from '../../util/error-message.js'

export type AuthorType = 'User' | 'Bot'

export interface ThreadComment {
  id: number
  body: string
  authorLogin: string
  authorType: AuthorType
  /** `author_association`: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE, … */
  association: string
  htmlUrl: string
  /** The author's numeric id, for a `Co-authored-by` noreply address. */
  authorId?: number
  /** Where a pull request review comment sits; absent for issue comments. */
  review?: ReviewPosition
}

/** A review comment's place in the diff, as the payload gives it. */
export interface ReviewPosition {
  path: string
  /** The last line the comment covers; undefined on an outdated comment. */
  line: number | undefined
  /** The first line of a multi-line comment. */
  startLine: number | undefined
  /** `RIGHT` (the new code) or `LEFT` (the old). */
  side: string
  diffHunk: string
  /** The thread's first comment: this comment's id when it starts one. */
  threadRootId: number
}

/** The issue or pull request a comment belongs to. */
export interface Thread {
  number: number
  title: string
  body: string
  isPullRequest: boolean
  /**
   * Known from the payload for `pull_request*` events; else see
   * fetchPullRequestHead.
   */
  head: PullRequestHead | undefined
  /** A draft pull request (from `pull_request*` payloads only). */
  draft?: boolean
}

export interface CommentEvent {
  kind: 'issue_comment' | 'pull_request_review_comment'
  /** `created`, `edited` or `deleted`. */
  action: string
  comment: ThreadComment
  thread: Thread
  repository: RepoRef
  /** `changes.body.from` of an edited comment. */
  previousBody: string | undefined
}

/** Who caused an event (`sender`): the one a label, assignment or opening is checked for. */
export interface Actor {
  login: string
  type: AuthorType
  id: number | undefined
}

/** An issue or pull request opened, labelled, assigned, … */
export interface ThreadOpenedEvent {
  kind: 'issues' | 'pull_request'
  action: string
  thread: Thread
  repository: RepoRef
  sender: Actor | undefined
  /** The label added or removed (`labeled`, `unlabeled`). */
  label: string | undefined
  /** The login assigned or unassigned (`assigned`, `unassigned`). */
  assignee: string | undefined
  /** `requested_reviewer.login` of a `review_requested` event. */
  requestedReviewer?: string
}

/** A workflow run that completed: a failed one is a fix-CI request. */
export interface WorkflowRunEvent {
  kind: 'workflow_run'
  action: string
  repository: RepoRef
  run: {
    id: number
    name: string
    conclusion: string
    headSha: string
    headBranch: string
    /** `owner/name` where the head commit lives. */
    headRepoFullName: string | undefined
    htmlUrl: string
    /** Who started the failed run (a push, a re-run): the one authorised. */
    actor: Actor | undefined
    /** Open PRs from this repository's branches (GitHub lists no fork PRs: those are looked up). */
    pullRequests: { number: number; baseRef: string }[]
  }
}

export interface DispatchEvent {
  kind: 'workflow_dispatch'
  repository: RepoRef | undefined
}

export interface OtherEvent {
  kind: 'other'
  eventName: string
  repository: RepoRef | undefined
}

/** The parts of a webhook payload the action uses, narrowed per event. */
export type ThreadEvent =
  | CommentEvent
  | ThreadOpenedEvent
  | WorkflowRunEvent
  | DispatchEvent
  | OtherEvent

/** Reads `GITHUB_EVENT_PATH` and narrows it for `GITHUB_EVENT_NAME`. */
export function readEvent(eventName: string, eventPath: string): ThreadEvent {
  return parseEvent(eventName, readPayload(eventPath))
}

function readPayload(eventPath: string): JsonObject {
  if (!eventPath) {
    throw new Error(
      'GITHUB_EVENT_PATH is not set: the action needs the event payload file the runner writes.',
    )
  }
  let text: string
  try {
    text = readFileSync(eventPath, 'utf8')
  } catch (error) {
    const reason =
      isJsonObject(error) && error.code === 'ENOENT'
        ? 'the file does not exist'
        : String(error)
    throw new Error(
      `Could not read the event payload at ${eventPath}: ${reason}.`,
    )
  }
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch (error) {
    const reason = errorMessage(error)
    throw new Error(
      `The event payload at ${eventPath} is not valid JSON (${reason}).`,
    )
  }
  if (!isJsonObject(payload)) {
    throw new Error(`The event payload at ${eventPath} is not a JSON object.`)
  }
  return payload
}

/**
 * Narrows an already parsed payload; throws a sentence naming a missing field.
 */
export function parseEvent(eventName: string, payload: unknown): ThreadEvent {
  const repository = parseRepository(payload)
  switch (eventName) {
    case 'issue_comment':
    case 'pull_request_review_comment':
      return {
        kind: eventName,
        action: readString(payload, 'action') ?? '',
        comment: parseComment(eventName, payload),
        thread: parseEventThread(eventName, payload),
        repository: required(eventName, 'repository', repository),
        previousBody: readPreviousBody(payload),
      }
    case 'issues':
    case 'pull_request':
      return {
        kind: eventName,
        action: readString(payload, 'action') ?? '',
        thread: parseEventThread(eventName, payload),
        repository: required(eventName, 'repository', repository),
        sender: parseActor(readObject(payload, 'sender')),
        label: readString(readObject(payload, 'label'), 'name'),
        assignee: readString(readObject(payload, 'assignee'), 'login'),
        requestedReviewer: readString(
          readObject(payload, 'requested_reviewer'),
          'login',
        ),
      }
    case 'workflow_run':
      return {
        kind: 'workflow_run',
        action: readString(payload, 'action') ?? '',
        repository: required(eventName, 'repository', repository),
        run: parseWorkflowRun(payload),
      }
    case 'workflow_dispatch':
      return { kind: 'workflow_dispatch', repository }
    default:
      return { kind: 'other', eventName, repository }
  }
}

function parseRepository(payload: unknown): RepoRef | undefined {
  const repository = readObject(payload, 'repository')
  const owner = readString(readObject(repository, 'owner'), 'login')
  const repo = readString(repository, 'name')
  return owner && repo ? { owner, repo } : undefined
}

function parseWorkflowRun(payload: unknown): WorkflowRunEvent['run'] {
  const run = required(
    'workflow_run',
    'workflow_run',
    readObject(payload, 'workflow_run'),
  )
  const pulls = Array.isArray(run.pull_requests) ? run.pull_requests : []
  return {
    id: required('workflow_run', 'workflow_run.id', readNumber(run, 'id')),
    name: readString(run, 'name') ?? '',
    conclusion: readString(run, 'conclusion') ?? '',
    headSha: readString(run, 'head_sha') ?? '',
    headBranch: readString(run, 'head_branch') ?? '',
    headRepoFullName: readString(
      readObject(run, 'head_repository'),
      'full_name',
    ),
    htmlUrl: readString(run, 'html_url') ?? '',
    actor: parseActor(
      readObject(run, 'triggering_actor') ?? readObject(run, 'actor'),
    ),
    pullRequests: pulls.flatMap((pull) => {
      const number = readNumber(pull, 'number')
      const baseRef = readString(readObject(pull, 'base'), 'ref')
      return number === undefined ? [] : [{ number, baseRef: baseRef ?? '' }]
    }),
  }
}

function parseActor(user: JsonObject | undefined): Actor | undefined {
  const login = readString(user, 'login')
  if (!login) return undefined
  return {
    login,
    type:
      readString(user, 'type') === 'Bot' || login.endsWith('[bot]')
        ? 'Bot'
        : 'User',
    id: readNumber(user, 'id'),
  }
}

/** `changes.body.from`: the body before an edit. */
function readPreviousBody(payload: unknown): string | undefined {
  const change = readObject(readObject(payload, 'changes'), 'body')
  const previous = change?.from
  return typeof previous === 'string' ? previous : undefined
}

function parseComment(eventName: string, payload: unknown): ThreadComment {
  const comment = required(eventName, 'comment', readObject(payload, 'comment'))
  const user = readObject(comment, 'user')
  const login = required(
    eventName,
    'comment.user.login',
    readString(user, 'login'),
  )
  return {
    id: required(eventName, 'comment.id', readNumber(comment, 'id')),
    body: readString(comment, 'body') ?? '',
    authorLogin: login,
    authorType:
      readString(user, 'type') === 'Bot' || login.endsWith('[bot]')
        ? 'Bot'
        : 'User',
    association: readString(comment, 'author_association') ?? 'NONE',
    htmlUrl: readString(comment, 'html_url') ?? '',
    authorId: readNumber(user, 'id'),
    ...(eventName === 'pull_request_review_comment'
      ? { review: parseReviewPosition(comment) }
      : {}),
  }
}

function parseReviewPosition(comment: JsonObject): ReviewPosition {
  const line =
    readNumber(comment, 'line') ?? readNumber(comment, 'original_line')
  return {
    path: readString(comment, 'path') ?? '',
    line,
    startLine:
      readNumber(comment, 'start_line') ??
      readNumber(comment, 'original_start_line'),
    side: readString(comment, 'side') ?? 'RIGHT',
    diffHunk: readString(comment, 'diff_hunk') ?? '',
    threadRootId:
      readNumber(comment, 'in_reply_to_id') ?? readNumber(comment, 'id') ?? 0,
  }
}

/**
 * `issue` for issue events (a PR's issue has `pull_request`), else
 * `pull_request`.
 */
function parseEventThread(eventName: string, payload: unknown): Thread {
  const fromIssue = eventName === 'issue_comment' || eventName === 'issues'
  const key = fromIssue ? 'issue' : 'pull_request'
  const source = required(eventName, key, readObject(payload, key))
  return {
    number: required(eventName, `${key}.number`, readNumber(source, 'number')),
    title: readString(source, 'title') ?? '',
    body: readString(source, 'body') ?? '',
    isPullRequest: !fromIssue || isJsonObject(source.pull_request),
    head: fromIssue ? undefined : parsePullRequestHead(source),
    draft: source.draft === true ? true : undefined,
  }
}

function required<T>(
  eventName: string,
  field: string,
  value: T | undefined,
): T {
  if (value === undefined) {
    throw new Error(`The ${eventName} event payload has no ${field}.`)
  }
  return value
}
