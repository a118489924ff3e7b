import type {
  Thread,
  ThreadOpenedEvent,
} from '../../../src/action/github/event.js'
import { parseInputs } from '../../../src/action/inputs.js'
import {
  decideReviewEvent,
  readReviewComment,
} from '../../../src/action/review/review-request.js'

function inputs(values: Record<string, string> = {}) {
  return parseInputs((name) => values[name] ?? '', {})
}

const pull: Thread = {
  number: 7,
  title: 't',
  body: 'b',
  isPullRequest: true,
  head: undefined,
}

function pullEvent(
  action: string,
  thread: Partial<Thread> = {},
  requestedReviewer?: string,
): ThreadOpenedEvent {
  return {
    kind: 'pull_request',
    action,
    thread: { ...pull, ...thread },
    repository: { owner: 'acme', repo: 'widgets' },
    sender: undefined,
    label: undefined,
    assignee: undefined,
    requestedReviewer,
  }
}

test("a comment's task 'review [focus]' on a pull request asks for a review", () => {
  expect(readReviewComment('review', pull, inputs())).toEqual({ focus: '' })
  expect(
    readReviewComment('Review the error handling', pull, inputs()),
  ).toEqual({
    focus: 'the error handling',
  })
  expect(
    readReviewComment('reviewers list is stale', pull, inputs()),
  ).toBeUndefined()
  expect(
    readReviewComment('review', { ...pull, isPullRequest: false }, inputs()),
  ).toBeUndefined()
  expect(
    readReviewComment('look at parsing', pull, inputs({ mode: 'review' })),
  ).toEqual({
    focus: 'look at parsing',
  })
})

test('mode: review reviews opened, pushed and ready pull requests, not drafts or other actions', () => {
  const review = inputs({ mode: 'review' })
  for (const action of [
    'opened',
    'synchronize',
    'ready_for_review',
    'reopened',
  ])
    expect(decideReviewEvent(review, pullEvent(action))).toMatchObject({
      kind: 'review',
    })
  expect(decideReviewEvent(review, pullEvent('closed'))).toMatchObject({
    kind: 'skip',
    quiet: true,
  })
  expect(
    decideReviewEvent(review, pullEvent('opened', { draft: true })),
  ).toMatchObject({
    kind: 'skip',
    reason: expect.stringContaining('is a draft'),
  })
  expect(decideReviewEvent(inputs(), pullEvent('opened'))).toBeUndefined()
  expect(
    decideReviewEvent(review, {
      kind: 'workflow_dispatch',
      repository: undefined,
    }),
  ).toMatchObject({
    kind: 'skip',
    reason: expect.stringContaining("'mode' is 'review'"),
  })
})

test('a review requested from reviewer-login starts a review, even of a draft', () => {
  const bot = inputs({ 'reviewer-login': 'Harness9-Bot' })
  expect(
    decideReviewEvent(
      bot,
      pullEvent('review_requested', { draft: true }, 'harness9-bot'),
    ),
  ).toMatchObject({ kind: 'review' })
  expect(
    decideReviewEvent(bot, pullEvent('review_requested', {}, 'alice')),
  ).toBeUndefined()
  expect(
    decideReviewEvent(
      inputs(),
      pullEvent('review_requested', {}, 'harness9-bot'),
    ),
  ).toBeUndefined()
})
