import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { getOctokit } from '@actions/github'

import { parseEvent, readEvent } from '../../../src/action/github/event.js'
import { fetchPullRequestHead } from '../../../src/action/github/pull-request-head.js'
import { githubServerPerTest } from '../../helpers/per-test.js'

const EVENTS = join(import.meta.dirname, '..', '..', 'fixtures', 'events')
const repository = { owner: 'acme', repo: 'widgets' }

describe('readEvent on real-shaped payloads', () => {
  test('a comment on an issue', () => {
    const event = readEvent(
      'issue_comment',
      join(EVENTS, 'issue-comment-issue.json'),
    )
    expect(event).toEqual({
      kind: 'issue_comment',
      action: 'created',
      comment: {
        id: 3001,
        body: '/agent fix the crash\r\nand add a test',
        authorLogin: 'alice',
        authorType: 'User',
        association: 'OWNER',
        htmlUrl: 'https://github.com/acme/widgets/issues/12#issuecomment-3001',
        authorId: 1001,
      },
      thread: {
        number: 12,
        title: 'Crash when the config file is empty',
        body: expect.stringContaining('Create an empty `widgets.yml`'),
        isPullRequest: false,
        head: undefined,
      },
      repository,
      previousBody: undefined,
    })
  })

  test('a comment on a pull request is a pull request with no head yet', () => {
    const event = readEvent(
      'issue_comment',
      join(EVENTS, 'issue-comment-pull-request.json'),
    )
    expect(event.kind).toBe('issue_comment')
    if (event.kind !== 'issue_comment') throw new Error('narrowing')
    expect(event.thread).toEqual({
      number: 34,
      title: 'Speed up the parser',
      body: 'Makes parsing 2x faster.',
      isPullRequest: true,
      head: undefined,
    })
    expect(event.comment.association).toBe('MEMBER')
  })

  test('a review comment carries the head, here from a fork', () => {
    const event = readEvent(
      'pull_request_review_comment',
      join(EVENTS, 'pull-request-review-comment.json'),
    )
    if (event.kind !== 'pull_request_review_comment') {
      throw new Error(`unexpected kind ${event.kind}`)
    }
    expect(event.comment.id).toBe(4001)
    expect(event.comment.association).toBe('COLLABORATOR')
    expect(event.thread).toEqual({
      number: 35,
      title: 'Tokenizer cleanup',
      body: '',
      isPullRequest: true,
      head: {
        ref: 'cleanup',
        sha: '1111111111111111111111111111111111111111',
        headRepoFullName: 'mallory/widgets',
        baseRepoFullName: 'acme/widgets',
        baseRef: 'main',
        isFork: true,
      },
    })
  })

  test('an edited comment keeps the previous body', () => {
    const event = readEvent(
      'issue_comment',
      join(EVENTS, 'issue-comment-edited.json'),
    )
    if (event.kind !== 'issue_comment') throw new Error('narrowing')
    expect(event.action).toBe('edited')
    expect(event.previousBody).toBe('/agent fix the crash\nand add a test')
    expect(event.comment.body).toBe(
      '/agent fix the crash\nand add a regression test',
    )
  })

  test('a bot comment is typed Bot', () => {
    const event = readEvent(
      'issue_comment',
      join(EVENTS, 'issue-comment-bot.json'),
    )
    if (event.kind !== 'issue_comment') throw new Error('narrowing')
    expect(event.comment.authorLogin).toBe('dependabot[bot]')
    expect(event.comment.authorType).toBe('Bot')
  })

  test('workflow_dispatch keeps the repository only', () => {
    expect(
      readEvent('workflow_dispatch', join(EVENTS, 'workflow-dispatch.json')),
    ).toEqual({ kind: 'workflow_dispatch', repository })
  })

  test('any other event is kind other', () => {
    expect(readEvent('push', join(EVENTS, 'workflow-dispatch.json'))).toEqual({
      kind: 'other',
      eventName: 'push',
      repository,
    })
  })
})

describe('parseEvent', () => {
  test('an issues event gives the thread', () => {
    const event = parseEvent('issues', {
      action: 'opened',
      issue: { number: 7, title: 'Title', body: null },
      repository: { name: 'widgets', owner: { login: 'acme' } },
    })
    expect(event).toEqual({
      kind: 'issues',
      action: 'opened',
      thread: {
        number: 7,
        title: 'Title',
        body: '',
        isPullRequest: false,
        head: undefined,
      },
      repository,
    })
  })

  test('a labelled or assigned issue gives the label, the assignee and who did it', () => {
    const labelled = parseEvent('issues', {
      action: 'labeled',
      issue: { number: 7, title: 'Title', body: 'Body' },
      label: { name: 'agent' },
      sender: { login: 'alice', id: 1001, type: 'User' },
      repository: { name: 'widgets', owner: { login: 'acme' } },
    })
    expect(labelled).toMatchObject({
      kind: 'issues',
      action: 'labeled',
      label: 'agent',
      sender: { login: 'alice', id: 1001, type: 'User' },
    })
    const assigned = parseEvent('issues', {
      action: 'assigned',
      issue: { number: 7, title: 'Title', body: 'Body' },
      assignee: { login: 'harness9-bot' },
      sender: { login: 'renovate[bot]', type: 'User' },
      repository: { name: 'widgets', owner: { login: 'acme' } },
    })
    expect(assigned).toMatchObject({
      assignee: 'harness9-bot',
      sender: { login: 'renovate[bot]', type: 'Bot', id: undefined },
    })
  })

  test('a workflow_run event gives the run, who started it and its pull requests', () => {
    const event = parseEvent('workflow_run', {
      action: 'completed',
      workflow_run: {
        id: 777,
        name: 'CI',
        conclusion: 'failure',
        head_sha: 'abc',
        head_branch: 'feature',
        head_repository: { full_name: 'acme/widgets' },
        actor: { login: 'bob', id: 2 },
        triggering_actor: { login: 'alice', id: 1001, type: 'User' },
        pull_requests: [{ number: 35, base: { ref: 'main' } }, { id: 'bad' }],
      },
      repository: { name: 'widgets', owner: { login: 'acme' } },
    })
    expect(event).toEqual({
      kind: 'workflow_run',
      action: 'completed',
      repository,
      run: {
        id: 777,
        name: 'CI',
        conclusion: 'failure',
        headSha: 'abc',
        headBranch: 'feature',
        headRepoFullName: 'acme/widgets',
        htmlUrl: '',
        actor: { login: 'alice', id: 1001, type: 'User' },
        pullRequests: [{ number: 35, baseRef: 'main' }],
      },
    })
  })

  test('a pull_request event on a same-repository branch is not a fork', () => {
    const event = parseEvent('pull_request', {
      action: 'opened',
      number: 8,
      pull_request: {
        number: 8,
        title: 'T',
        body: 'B',
        head: {
          ref: 'feature',
          sha: 'abc',
          repo: { full_name: 'Acme/Widgets' },
        },
        base: { ref: 'main', repo: { full_name: 'acme/widgets' } },
      },
      repository: { name: 'widgets', owner: { login: 'acme' } },
    })
    if (event.kind !== 'pull_request') throw new Error('narrowing')
    expect(event.thread.head?.isFork).toBe(false)
    expect(event.thread.head?.ref).toBe('feature')
  })

  test('a comment event without a comment names the missing field', () => {
    expect(() =>
      parseEvent('issue_comment', {
        action: 'created',
        issue: { number: 1 },
        repository: { name: 'widgets', owner: { login: 'acme' } },
      }),
    ).toThrow('The issue_comment event payload has no comment.')
  })

  test('a comment with a non-numeric id is refused', () => {
    expect(() =>
      parseEvent('issue_comment', {
        comment: { id: '5', body: 'x', user: { login: 'alice' } },
        issue: { number: 1 },
        repository: { name: 'widgets', owner: { login: 'acme' } },
      }),
    ).toThrow('The issue_comment event payload has no comment.id.')
  })

  test('a login ending in [bot] is a bot whatever its type says', () => {
    const event = parseEvent('issue_comment', {
      action: 'created',
      comment: {
        id: 5,
        body: 'x',
        user: { login: 'helper[bot]', type: 'User' },
      },
      issue: { number: 1, title: 't', body: 'b' },
      repository: { name: 'widgets', owner: { login: 'acme' } },
    })
    if (event.kind !== 'issue_comment') throw new Error('narrowing')
    expect(event.comment.authorType).toBe('Bot')
  })
})

describe('readEvent errors', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'harness9-event-'))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  test('a missing file', () => {
    const path = join(dir, 'absent.json')
    expect(() => readEvent('issue_comment', path)).toThrow(
      `Could not read the event payload at ${path}: the file does not exist.`,
    )
  })

  test('no path at all', () => {
    expect(() => readEvent('issue_comment', '')).toThrow(
      'GITHUB_EVENT_PATH is not set',
    )
  })

  test('a file that is not JSON', () => {
    const path = join(dir, 'event.json')
    writeFileSync(path, '{ not json')
    expect(() => readEvent('issue_comment', path)).toThrow(
      `The event payload at ${path} is not valid JSON (`,
    )
  })

  test('JSON that is not an object', () => {
    const path = join(dir, 'event.json')
    writeFileSync(path, '[1, 2]')
    expect(() => readEvent('issue_comment', path)).toThrow(
      `The event payload at ${path} is not a JSON object.`,
    )
  })
})

describe('fetchPullRequestHead', () => {
  const server = githubServerPerTest({
    pulls: {
      34: { headRef: 'faster-parser', headRepo: 'acme/widgets' },
      36: { headRef: 'patch-1', headRepo: 'mallory/widgets' },
      37: { headRef: 'gone', headRepo: null },
    },
  })

  function client() {
    return getOctokit('ghs_testtoken0000000000000000', { baseUrl: server.url })
  }

  test('a same-repository pull request', async () => {
    const head = await fetchPullRequestHead(client(), repository, 34)
    expect(head).toEqual({
      ref: 'faster-parser',
      sha: '0123456789abcdef0123456789abcdef01234567',
      headRepoFullName: 'acme/widgets',
      baseRepoFullName: 'acme/widgets',
      baseRef: 'main',
      isFork: false,
    })
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/widgets/pulls/34',
    ])
    expect(server.misses).toEqual([])
  })

  test('a fork, and a deleted fork, are forks', async () => {
    expect((await fetchPullRequestHead(client(), repository, 36)).isFork).toBe(
      true,
    )
    const deleted = await fetchPullRequestHead(client(), repository, 37)
    expect(deleted).toMatchObject({ headRepoFullName: undefined, isFork: true })
  })

  test('an unknown pull request is an error sentence', async () => {
    await expect(
      fetchPullRequestHead(client(), repository, 99),
    ).rejects.toThrow(
      'Could not read pull request #99 in acme/widgets: GitHub answered HTTP 404 (Not Found).',
    )
  })
})
