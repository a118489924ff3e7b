import {
  answer,
  callTool,
  loadEvent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
  firstUserMessageSent,
  githubWrites,
} from '../helpers/e2e.js'
import { pushPullRequestHead } from '../helpers/git-repo.js'

/**
 * Triggers that are not comments, end to end through the bundle: a label,
 * an assignment, an issue opened with the phrase. Each runs only for people
 * with write access, and says why when it does not.
 */

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

const firstUserMessage = () => firstUserMessageSent(e2e.llm)
const writes = () => githubWrites(e2e.github)

/** An `issues` payload for issue #12, sent by `sender`. */
function issuesEvent(
  action: string,
  extra: Record<string, unknown> = {},
  sender = 'alice',
): Record<string, unknown> {
  const base = loadEvent('issue-comment-issue')
  return {
    action,
    issue: base.issue,
    repository: base.repository,
    sender: {
      login: sender,
      id: sender === 'alice' ? 1001 : 1666,
      type: 'User',
    },
    ...extra,
  }
}

describe('label-trigger', () => {
  test('the label runs the issue as the task, replies, credits the labeller and comes off at the end', async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    e2e.llm.enqueue(
      callTool('write_file', { path: 'fix.txt', content: 'fixed\n' }),
      answer('Fixed the crash.'),
    )
    const run = await e2e.run({
      eventName: 'issues',
      payload: issuesEvent('labeled', { label: { name: 'agent' } }),
      inputs: { 'label-trigger': 'agent', commit: 'true' },
    })
    expect(run.outputs.status).toBe('completed')
    const user = firstUserMessage()
    expect(user).toMatch(
      /^Resolve issue #12, whose title and body are in the blocks below \(the label 'agent'\)/,
    )
    expect(user).toContain('Crash when the config file is empty')
    expect(writes()).toEqual([
      'POST /repos/acme/widgets/issues/12/comments',
      'DELETE /repos/acme/widgets/issues/12/labels/agent',
      'PATCH /repos/acme/widgets/issues/comments/1001',
    ])
    const reply = e2e.github.comments.get(1001)
    expect(reply?.body).toContain('### ✅ Done')
    expect(reply?.body).toContain('Asked by @\u200Dalice')
    const branch = run.outputs.branch
    expect(e2e.repo.originGit(['show', `${branch}:fix.txt`])).toBe('fixed\n')
    expect(e2e.repo.originGit(['log', '-1', '--format=%B', branch])).toContain(
      'Co-authored-by: alice <1001+alice@users.noreply.github.com>',
    )
  })

  test('another label is skipped quietly: no model, no GitHub call', async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    const run = await e2e.run({
      eventName: 'issues',
      payload: issuesEvent('labeled', { label: { name: 'bug' } }),
      inputs: { 'label-trigger': 'agent' },
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('skipped')
    expect(run.summary).toContain("is not 'label-trigger'")
    expect(e2e.github.requests).toEqual([])
    expect(e2e.llm.requests).toEqual([])
  })

  test('the label from someone without write access is skipped with one reply saying why', async () => {
    e2e = await startE2E({ permissions: { mallory: 'triage' } })
    const run = await e2e.run({
      eventName: 'issues',
      payload: issuesEvent('labeled', { label: { name: 'agent' } }, 'mallory'),
      inputs: { 'label-trigger': 'agent' },
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('skipped')
    expect(e2e.llm.requests).toEqual([])
    expect(writes()).toEqual(['POST /repos/acme/widgets/issues/12/comments'])
    const [reply] = [...e2e.github.comments.values()]
    expect(reply.body).toContain(
      "Not started by the label 'agent': @mallory may not start the agent here",
    )
    expect(reply.body).toContain('<!-- harness9 -->')
  })
})

describe('label-trigger on a pull request', () => {
  test("works on the PR's head and fast-forwards its branch", async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    const headSha = pushPullRequestHead(e2e.repo, {
      branch: 'feature',
      file: 'feature.txt',
      content: 'one\n',
      message: 'feature',
      pull: 35,
      pushBranch: true,
    })
    const base = loadEvent('pull-request-review-comment')
    const pull = base.pull_request as {
      head: { ref: string; sha: string; repo: { full_name: string } }
    }
    pull.head.ref = 'feature'
    pull.head.sha = headSha
    pull.head.repo.full_name = 'acme/widgets'
    e2e.llm.enqueue(
      callTool('bash', { command: 'printf "two\\n" >> feature.txt' }),
      answer('Added a line.'),
    )
    const run = await e2e.run({
      eventName: 'pull_request',
      payload: {
        action: 'labeled',
        pull_request: pull,
        repository: base.repository,
        label: { name: 'agent' },
        sender: { login: 'alice', id: 1001, type: 'User' },
      },
      inputs: { 'label-trigger': 'agent', commit: 'true' },
    })
    expect(run.outputs.status).toBe('completed')
    expect(firstUserMessage()).toMatch(/^Resolve pull request #35, /)
    expect(run.outputs.branch).toBe('feature')
    const head = e2e.repo.originGit(['rev-parse', 'feature']).trim()
    expect(head).toBe(run.outputs['commit-sha'])
    expect(e2e.repo.originGit(['rev-parse', `${head}~1`]).trim()).toBe(headSha)
    expect(e2e.repo.originGit(['show', 'feature:feature.txt'])).toBe(
      'one\ntwo\n',
    )
    expect(writes()).toContain(
      'DELETE /repos/acme/widgets/issues/35/labels/agent',
    )
  })
})

describe('assignee-trigger', () => {
  test('assigning the login runs the issue (logins compare without case)', async () => {
    e2e = await startE2E({ permissions: { alice: 'maintain' } })
    e2e.llm.enqueue(answer('Looked into it.'))
    const run = await e2e.run({
      eventName: 'issues',
      payload: issuesEvent('assigned', { assignee: { login: 'Harness9-Bot' } }),
      inputs: { 'assignee-trigger': '@harness9-bot' },
    })
    expect(run.outputs.status).toBe('completed')
    expect(firstUserMessage()).toContain('(the assignment to @harness9-bot)')
    expect(writes()).toEqual([
      'POST /repos/acme/widgets/issues/12/comments',
      'PATCH /repos/acme/widgets/issues/comments/1001',
    ])
  })

  test('assigning someone else is skipped quietly', async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    const run = await e2e.run({
      eventName: 'issues',
      payload: issuesEvent('assigned', { assignee: { login: 'carol' } }),
      inputs: { 'assignee-trigger': 'harness9-bot' },
    })
    expect(run.outputs.status).toBe('skipped')
    expect(e2e.github.requests).toEqual([])
    expect(e2e.llm.requests).toEqual([])
  })
})

describe('an opened issue', () => {
  test('with the phrase at the start of a body line runs the rest as the task', async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    e2e.llm.enqueue(answer('Done.'))
    const payload = issuesEvent('opened')
    ;(payload.issue as { body: string }).body =
      'The build is slow.\n\n/agent: cache the dependencies\nin CI'
    const run = await e2e.run({ eventName: 'issues', payload })
    expect(run.outputs.status).toBe('completed')
    expect(
      firstUserMessage().startsWith('cache the dependencies\nin CI\n\n'),
    ).toBe(true)
  })

  test('with the phrase only in a quote is skipped quietly', async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    const payload = issuesEvent('opened')
    ;(payload.issue as { body: string }).body = '> /agent fix it'
    const run = await e2e.run({ eventName: 'issues', payload })
    expect(run.outputs.status).toBe('skipped')
    expect(e2e.github.requests).toEqual([])
    expect(e2e.llm.requests).toEqual([])
  })
})
