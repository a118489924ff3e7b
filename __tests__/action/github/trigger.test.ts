import type {
  CommentEvent,
  ThreadEvent,
} from '../../../src/action/github/event.js'
import {
  isNewTrigger,
  parseTrigger,
  triggerLines,
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
    // Punctuation right after the phrase.
    ['/agent, please fix it', 'please fix it', '/agent, please fix it'],
    ['/agent: fix it', 'fix it', '/agent: fix it'],
    ['/agent; fix it', 'fix it', '/agent; fix it'],
    ['/agent! fix it', 'fix it', '/agent! fix it'],
    ['/agent? fix it', 'fix it', '/agent? fix it'],
    ['/agent. fix it', 'fix it', '/agent. fix it'],
    // Any line, after at most three spaces.
    ['Thanks!\n/agent fix the bug', 'fix the bug', '/agent fix the bug'],
    ['Thanks!\n   /agent fix\nmore', 'fix\nmore', '/agent fix'],
    ['a\n\n/agent one\n/agent two', 'one\n/agent two', '/agent one'],
    // Code and quotes end before the trigger line.
    ['```\ncode\n```\n/agent fix', 'fix', '/agent fix'],
    ['> quoted\n\n/agent fix', 'fix', '/agent fix'],
    ['`a` and `b`\n/agent fix', 'fix', '/agent fix'],
    ['<!-- note -->\n/agent fix', 'fix', '/agent fix'],
    ['    code\n\n/agent fix', 'fix', '/agent fix'],
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
    '/agent/fix',
    '/agent) fix',
    '/Agent fix the bug',
    'please /agent fix the bug',
    'Thanks, I will look at /agent later.',
    '',
    '   ',
    'agent fix',
    // Four spaces or a tab: indented code, or text that does not start the line.
    'text\n    /agent fix',
    '- /agent fix',
    '1. /agent fix',
    '# /agent fix',
    // An HTML comment hides it, also across lines and unclosed.
    '<!-- /agent fix -->',
    '<!--\n/agent fix\n-->',
    '<!--\n/agent fix',
    '<!-- x -->/agent fix',
    // A comment the action wrote, whoever posted it.
    '<!-- harness9 -->\n/agent fix',
    '/agent fix\n<!-- harness9 -->',
  ])('%j does not trigger', (body) => {
    expect(parseTrigger(body, '/agent')).toEqual({ kind: 'none' })
  })

  test.each([
    '> /agent fix the bug',
    '>/agent fix the bug',
    '   > /agent fix the bug',
    '> > /agent fix the bug',
    'Alice wrote:\n> see this\n/agent fix (a lazy quote line)',
  ])('%j is quoted: no run, and the reason is known', (body) => {
    expect(parseTrigger(body, '/agent')).toEqual({
      kind: 'none',
      mention: 'quoted',
    })
  })

  test.each([
    '`/agent fix`',
    '``/agent fix``',
    'see `x\n/agent fix` here',
    '```\n/agent fix\n```',
    '~~~\n/agent fix\n~~~',
    '````\n```\n/agent fix\n````',
    '```bash\n/agent fix',
    '    /agent fix',
    '\t/agent fix',
    'text\n\n    /agent fix',
  ])('%j is in code: no run, and the reason is known', (body) => {
    expect(parseTrigger(body, '/agent')).toEqual({
      kind: 'none',
      mention: 'in-code',
    })
  })

  test('a real trigger wins over a quoted one before it', () => {
    expect(parseTrigger('> /agent old\n\n/agent new', '/agent')).toEqual({
      kind: 'task',
      task: 'new',
      triggerLine: '/agent new',
    })
  })

  test('an unmatched backtick is literal: the line still does not start with the phrase', () => {
    expect(parseTrigger('`/agent fix', '/agent')).toEqual({ kind: 'none' })
  })

  test('a fence line with a backtick in its info string is not a fence', () => {
    expect(parseTrigger('``` a`b\n/agent fix', '/agent')).toMatchObject({
      kind: 'task',
      task: 'fix',
    })
  })

  test.each([
    '/agent',
    '/agent   ',
    '/agent\n\n  \n',
    '  /agent\r\n',
    '/agent.',
    '/agent!',
    'Thanks for the report.\n/agent',
  ])('%j triggers with the thread as the task', (body) => {
    expect(parseTrigger(body, '/agent')).toMatchObject({ kind: 'empty' })
  })

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

describe('triggerLines', () => {
  test('lists every trigger line, whitespace-normalised', () => {
    expect(
      triggerLines(
        '/agent  one\n> /agent quoted\n\ntext\n /agent two ',
        '/agent',
      ),
    ).toEqual(['/agent one', '/agent two'])
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
    ['only the phrase before', '/agent', '/agent\nfix the crash', false],
    ['a second trigger added', '/agent fix', '/agent fix\n/agent test', true],
    ['the trigger moved down', '/agent fix', 'Sorry:\n/agent fix', false],
    ['a quoted trigger unquoted', '> /agent fix', '/agent fix', true],
    ['a trigger quoted', '/agent fix', '> /agent fix', false],
    ['the marker added', 'x', '<!-- harness9 -->\n/agent fix', false],
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
      sender: undefined,
      label: undefined,
      assignee: undefined,
    },
  ])('a $kind event never triggers', (event) => {
    expect(isNewTrigger(event, '/agent')).toBe(false)
  })
})
