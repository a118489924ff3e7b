import type {
  CommentEvent,
  ThreadEvent,
} from '../../../src/action/github/event.js'
import {
  isNewTrigger,
  parseTrigger,
} from '../../../src/action/github/trigger.js'

describe('parseTrigger', () => {
  test.each([
    ['/agent fix the bug', 'fix the bug', '/agent fix the bug'],
    ['/agent   fix the bug  ', 'fix the bug', '/agent   fix the bug'],
    ['/agent\tfix', 'fix', '/agent\tfix'],
    ['/agent fix\nand test it', 'fix\nand test it', '/agent fix'],
    ['/agent fix\r\nand test it\r\n', 'fix\nand test it', '/agent fix'],
    [
      '/agent\nfix the bug\n\nthoroughly',
      'fix the bug\n\nthoroughly',
      '/agent',
    ],
    ['\n\n  /agent fix', 'fix', '/agent fix'],
    ['\r\n/agent fix', 'fix', '/agent fix'],
    ['/agent /agent twice', '/agent twice', '/agent /agent twice'],
  ])('%j is the task %j', (body, task, triggerLine) => {
    expect(parseTrigger(body, '/agent')).toEqual({
      kind: 'task',
      task,
      triggerLine,
    })
  })

  test.each([
    '/agentx fix the bug',
    '/agent-fix',
    '/agents',
    '/Agent fix the bug',
    'please /agent fix the bug',
    '> /agent fix the bug',
    '`/agent fix`',
    'hello\n/agent fix the bug',
    '',
    '   ',
    'agent fix',
  ])('%j does not trigger', (body) => {
    expect(parseTrigger(body, '/agent')).toEqual({ kind: 'none' })
  })

  test.each(['/agent', '/agent   ', '/agent\n\n  \n', '  /agent\r\n'])(
    '%j triggers with nothing to do',
    (body) => {
      expect(parseTrigger(body, '/agent')).toEqual({
        kind: 'empty',
        triggerLine: '/agent',
      })
    },
  )

  test('a custom phrase with regex characters is taken literally', () => {
    expect(parseTrigger('@bot+ do it', '@bot+')).toEqual({
      kind: 'task',
      task: 'do it',
      triggerLine: '@bot+ do it',
    })
    expect(parseTrigger('@bottt do it', '@bot+')).toEqual({ kind: 'none' })
  })

  test('the phrase is trimmed before use', () => {
    expect(parseTrigger('/agent go', ' /agent ')).toMatchObject({
      kind: 'task',
      task: 'go',
    })
  })

  test('an empty phrase is refused, naming the input', () => {
    expect(() => parseTrigger('/agent go', '  ')).toThrow(
      "Input 'trigger-phrase' must not be empty.",
    )
  })
})

function commentEvent(overrides: Partial<CommentEvent> = {}): CommentEvent {
  return {
    kind: 'issue_comment',
    action: 'created',
    comment: {
      id: 1,
      body: '/agent fix the crash',
      authorLogin: 'alice',
      authorType: 'User',
      association: 'OWNER',
      htmlUrl: '',
    },
    thread: {
      number: 12,
      title: 't',
      body: 'b',
      isPullRequest: false,
      head: undefined,
    },
    repository: { owner: 'acme', repo: 'widgets' },
    previousBody: undefined,
    ...overrides,
  }
}

function edited(previousBody: string | undefined, body: string): CommentEvent {
  const event = commentEvent({ action: 'edited', previousBody })
  return { ...event, comment: { ...event.comment, body } }
}

describe('isNewTrigger', () => {
  test('a created comment with the phrase triggers', () => {
    expect(isNewTrigger(commentEvent(), '/agent')).toBe(true)
  })

  test('a created review comment with the phrase triggers', () => {
    const event = commentEvent({ kind: 'pull_request_review_comment' })
    expect(isNewTrigger(event, '/agent')).toBe(true)
  })

  test('a created comment with only the phrase is a trigger (to answer it)', () => {
    const event = edited(undefined, '/agent')
    expect(isNewTrigger({ ...event, action: 'created' }, '/agent')).toBe(true)
  })

  test('a created comment without the phrase does not', () => {
    const event = edited(undefined, 'looks good')
    expect(isNewTrigger({ ...event, action: 'created' }, '/agent')).toBe(false)
  })

  test.each([
    ['no phrase before', 'fix the crash', '/agent fix the crash', true],
    ['another trigger line', '/agent fix it', '/agent fix the crash', true],
    ['only the phrase before', '/agent', '/agent\nfix the crash', true],
    ['a lower line changed', '/agent fix\nold', '/agent fix\nnew', false],
    ['whitespace in the trigger line', '/agent  fix', '/agent fix ', false],
    ['the same body', '/agent fix', '/agent fix', false],
    ['the phrase removed', '/agent fix', 'fix', false],
    ['the phrase removed, other first line', '/agent fix', 'never mind', false],
  ])('edited: %s', (_name, before, after, expected) => {
    expect(isNewTrigger(edited(before, after), '/agent')).toBe(expected)
  })

  test('an edit without the previous body does not trigger', () => {
    expect(isNewTrigger(edited(undefined, '/agent fix'), '/agent')).toBe(false)
  })

  test('a deleted comment does not trigger', () => {
    expect(isNewTrigger(commentEvent({ action: 'deleted' }), '/agent')).toBe(
      false,
    )
  })

  test.each<ThreadEvent>([
    { kind: 'workflow_dispatch', repository: undefined },
    { kind: 'other', eventName: 'push', repository: undefined },
    {
      kind: 'issues',
      action: 'opened',
      thread: {
        number: 1,
        title: '/agent fix',
        body: '/agent fix',
        isPullRequest: false,
        head: undefined,
      },
      repository: { owner: 'acme', repo: 'widgets' },
    },
  ])('a $kind event never triggers', (event) => {
    expect(isNewTrigger(event, '/agent')).toBe(false)
  })
})
