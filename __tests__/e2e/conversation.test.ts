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
import type { GithubServerOptions } from '../helpers/github-server.js'

/**
 * How people talk to the agent on GitHub, end to end through the bundle:
 * comment edge cases, review comments with their place in the diff, and
 * follow-ups that see the conversation so far.
 */

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

const firstUserMessage = () => firstUserMessageSent(e2e.llm)
const writes = () => githubWrites(e2e.github)

function issueComment(
  body: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const payload = loadEvent('issue-comment-issue')
  ;(payload.comment as { body: string }).body = body
  return { ...payload, ...extra }
}

describe('comment edge cases', () => {
  test.each([
    ['/agent, please fix the crash', 'please fix the crash'],
    ['/agent: fix the crash', 'fix the crash'],
    [
      'Thanks for the report!\n\n/agent fix the crash\nwith a test',
      'fix the crash\nwith a test',
    ],
    ['> old idea\n\n/agent fix the crash', 'fix the crash'],
  ])('%j runs with the task %j', async (body, task) => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    e2e.llm.enqueue(answer('Done.'))
    const run = await e2e.run({
      eventName: 'issue_comment',
      payload: issueComment(body),
    })
    expect(run.outputs.status).toBe('completed')
    expect(firstUserMessage().startsWith(`${task}\n\n`)).toBe(true)
  })

  test('/agent alone runs with the issue as the task', async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    e2e.llm.enqueue(answer('Done.'))
    const run = await e2e.run({
      eventName: 'issue_comment',
      payload: issueComment('/agent'),
    })
    expect(run.outputs.status).toBe('completed')
    const user = firstUserMessage()
    expect(user).toMatch(
      /^Resolve issue #12, whose title and body are in the blocks below/,
    )
    expect(user).toContain('Crash when the config file is empty')
  })

  test.each([
    ['quoted', '> /agent fix the crash', 'in a quote'],
    ['in code', '```\n/agent fix the crash\n```', 'in code'],
    ['inline code', '`/agent fix the crash`', 'in code'],
  ])(
    'a %s command does not run, and one reply says why',
    async (_name, body, where) => {
      e2e = await startE2E({ permissions: { alice: 'write' } })
      const run = await e2e.run({
        eventName: 'issue_comment',
        payload: issueComment(body),
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs.status).toBe('skipped')
      expect(e2e.llm.requests).toEqual([])
      expect(writes()).toEqual(['POST /repos/acme/widgets/issues/12/comments'])
      const [reply] = [...e2e.github.comments.values()]
      expect(reply.body).toContain(`is ${where} in this comment`)
      expect(reply.body).toContain('<!-- harness9 -->')
    },
  )

  test('a quoted command by someone not allowed is skipped quietly (no reply to bait)', async () => {
    e2e = await startE2E({ permissions: { alice: 'read' } })
    const run = await e2e.run({
      eventName: 'issue_comment',
      payload: issueComment('> /agent fix the crash'),
    })
    expect(run.outputs.status).toBe('skipped')
    expect(writes()).toEqual([])
  })

  test('editing the wording below a trigger that already ran does not run again', async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    const payload = issueComment('/agent fix the crash\nand add two tests', {
      action: 'edited',
      changes: { body: { from: '/agent fix the crash\nand add a test' } },
    })
    const run = await e2e.run({ eventName: 'issue_comment', payload })
    expect(run.outputs.status).toBe('skipped')
    expect(e2e.github.requests).toEqual([])
    expect(e2e.llm.requests).toEqual([])
  })

  test('an edit that adds a new trigger line runs it', async () => {
    e2e = await startE2E({ permissions: { alice: 'write' } })
    e2e.llm.enqueue(answer('Done.'))
    const payload = issueComment('Typo fixed.\n/agent add a test', {
      action: 'edited',
      changes: { body: { from: 'Typo fxed.' } },
    })
    const run = await e2e.run({ eventName: 'issue_comment', payload })
    expect(run.outputs.status).toBe('completed')
    expect(firstUserMessage().startsWith('add a test\n\n')).toBe(true)
  })

  test("a comment with the action's marker never triggers, even from an admin", async () => {
    e2e = await startE2E({ permissions: { alice: 'admin' } })
    const run = await e2e.run({
      eventName: 'issue_comment',
      payload: issueComment(
        '<!-- harness9 -->\n### ✅ Done\n\n/agent fix the crash',
      ),
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('skipped')
    expect(e2e.github.requests).toEqual([])
    expect(e2e.llm.requests).toEqual([])
  })
})

describe('a review comment', () => {
  test('reaches the model with its file, line, side, diff hunk and thread', async () => {
    e2e = await startE2E({
      permissions: { alice: 'write' },
      reviewComments: {
        35: [
          {
            id: 3990,
            login: 'bob',
            body: 'This name hides the outer one.',
          },
          { id: 3995, login: 'carol', body: 'Agreed.', inReplyTo: 3990 },
          { id: 3999, login: 'dave', body: 'Unrelated thread.' },
          {
            id: 4001,
            login: 'alice',
            body: '/agent rename this variable to `tokens`',
            inReplyTo: 3990,
          },
        ],
      },
    })
    // The PR's head as GitHub keeps it on the base repository.
    e2e.repo.git(['push', '-q', 'origin', 'HEAD:refs/pull/35/head'])
    const headSha = e2e.repo.git(['rev-parse', 'HEAD']).trim()
    const payload = loadEvent('pull-request-review-comment')
    ;(payload.pull_request as { head: { sha: string } }).head.sha = headSha
    const comment = payload.comment as Record<string, unknown>
    Object.assign(comment, {
      in_reply_to_id: 3990,
      start_line: 2,
      line: 3,
      side: 'RIGHT',
      diff_hunk: '@@ -1,3 +1,4 @@\n const a = 1\n-let token\n+let token = 2',
    })
    e2e.llm.enqueue(answer('Renamed it.'))
    const run = await e2e.run({
      eventName: 'pull_request_review_comment',
      payload,
    })
    expect(run.outputs.status).toBe('completed')
    const user = firstUserMessage()
    expect(user).toMatch(
      /^This request is a review comment on `src\/parse\.ts`, lines 2–3 of the new \(right\) side of the diff\./,
    )
    expect(user).toContain('rename this variable to `tokens`')
    expect(user).toContain(
      '<untrusted-thread-content source="diff hunk of src/parse.ts lines 2-3 (RIGHT side) on pull request #35">\n@@ -1,3 +1,4 @@\n const a = 1\n-let token\n+let token = 2\n</untrusted-thread-content>',
    )
    expect(user).toContain(
      'source="comment by @bob on the review thread on src/parse.ts">\nThis name hides the outer one.',
    )
    expect(user).toContain('Agreed.')
    expect(user).not.toContain('Unrelated thread.')
    // The triggering comment is the task, not repeated as thread text.
    expect(user.match(/rename this variable/g)).toHaveLength(1)
  })
})

describe('a follow-up', () => {
  test("on the agent's own pull request sees the conversation and fast-forwards its branch", async () => {
    const server = followUpServer()
    e2e = await startE2E(server)
    // The agent's earlier run: branch harness9/issue-12-1 with one commit.
    const earlier = pushPullRequestHead(e2e.repo, {
      branch: 'harness9/issue-12-1',
      file: 'fix.txt',
      content: 'first\n',
      message: 'harness9: first fix',
      pull: 34,
      pushBranch: true,
    })
    // The server reads its options on each request: the PR's head is known now.
    server.pulls = {
      34: {
        headRef: 'harness9/issue-12-1',
        headRepo: 'acme/widgets',
        headSha: earlier,
      },
    }

    e2e.llm.enqueue(
      callTool('bash', { command: 'printf "second\\n" >> fix.txt' }),
      answer('Added the second line.'),
    )
    const payload = loadEvent('issue-comment-pull-request')
    ;(payload.comment as { body: string }).body =
      '/agent that broke the build, also add a second line'
    const run = await e2e.run({
      eventName: 'issue_comment',
      payload,
      inputs: { commit: 'true' },
    })
    expect(run.outputs.status).toBe('completed')

    const user = firstUserMessage()
    expect(
      user.startsWith('that broke the build, also add a second line\n\n'),
    ).toBe(true)
    expect(user).toContain(
      'source="comment by @carol on pull request #34">\nCould you also update the docs?',
    )
    expect(user).toContain(
      'source="your earlier reply (posted by @github-actions[bot]) on pull request #34">\n### ✅ Done',
    )
    // The earlier comments come in order.
    expect(user.indexOf('### ✅ Done')).toBeLessThan(
      user.indexOf('Could you also update the docs?'),
    )

    // The push is a fast-forward of the PR's branch.
    const head = e2e.repo.originGit(['rev-parse', 'harness9/issue-12-1']).trim()
    expect(head).toBe(run.outputs['commit-sha'])
    expect(e2e.repo.originGit(['rev-parse', `${head}~1`]).trim()).toBe(earlier)
    expect(e2e.repo.originGit(['show', 'harness9/issue-12-1:fix.txt'])).toBe(
      'first\nsecond\n',
    )
  })
})

/** Alice may write; PR #34 has the agent's earlier reply and a question. */
function followUpServer(): GithubServerOptions {
  return {
    permissions: { alice: 'write' },
    issueComments: {
      34: [
        {
          id: 2990,
          login: 'github-actions[bot]',
          body: '<!-- harness9 -->\n### ✅ Done\n\nThe model finished the task.',
        },
        { id: 2995, login: 'carol', body: 'Could you also update the docs?' },
      ],
    },
  }
}
