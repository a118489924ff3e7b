import { openaiStream } from '../helpers/llm-server.js'
import {
  answer,
  loadEvent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
} from '../helpers/e2e.js'
import { TEST_API_KEY } from '../helpers/run-action.js'
import type { RecordedRequest } from '../helpers/llm-server.js'
import {
  createReviewGithub,
  type ReviewGithub,
} from '../helpers/review-github.js'

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

const LINES = Array.from(
  { length: 20 },
  (_, index) => `const v${index + 1} = ${index + 1}`,
)
let callId = 0

/** One model turn asking for several tool calls at once. */
function calls(...list: [string, unknown][]) {
  return openaiStream.toolCalls(
    list.map(([name, args]) => ({
      id: `review_call_${++callId}`,
      name,
      arguments: JSON.stringify(args),
    })),
  )
}

/**
 * A repository with src/calc.js on main and pull request #7 that changes
 * lines 4 and 11, a lock file and a generated file; its head is at
 * refs/pull/7/head on origin, the workspace stays on main.
 */
async function startReview(): Promise<ReviewGithub> {
  const gh = createReviewGithub()
  e2e = await startE2E({ routes: gh.routes, permissions: { alice: 'admin' } })
  const repo = e2e.repo
  repo.write('src/calc.js', `${LINES.join('\n')}\n`)
  repo.write('.gitattributes', 'gen/** linguist-generated\n')
  repo.git(['add', '.'])
  repo.git(['commit', '-q', '-m', 'calc'])
  repo.git(['push', '-q', 'origin', 'main'])
  const baseSha = repo.git(['rev-parse', 'HEAD']).trim()
  const changed = [...LINES]
  changed[3] = 'const v4 = eval(input)'
  changed.splice(10, 0, 'const extra = v10 * 2')
  repo.write('src/calc.js', `${changed.join('\n')}\n`)
  repo.write('package-lock.json', '{"lockfileVersion": 3}\n')
  repo.write('gen/out.js', 'generated()\n')
  repo.git(['add', '.'])
  repo.git(['commit', '-q', '-m', 'feature'])
  const headSha = repo.git(['rev-parse', 'HEAD']).trim()
  repo.git(['push', '-q', 'origin', 'HEAD:refs/pull/7/head'])
  repo.git(['reset', '-q', '--hard', baseSha])
  gh.workdir = repo.workdir
  gh.pull = {
    number: 7,
    title: 'Add eval support',
    body: 'Makes the calculator flexible.',
    draft: false,
    headRef: 'feature',
    headSha,
    baseSha,
  }
  return gh
}

function pullRequestEvent(gh: ReviewGithub, action = 'opened') {
  return {
    action,
    number: gh.pull.number,
    pull_request: {
      number: gh.pull.number,
      title: gh.pull.title,
      body: gh.pull.body,
      draft: gh.pull.draft,
      head: {
        ref: gh.pull.headRef,
        sha: gh.pull.headSha,
        repo: { full_name: 'acme/widgets' },
      },
      base: {
        ref: 'main',
        sha: gh.pull.baseSha,
        repo: { full_name: 'acme/widgets' },
      },
    },
    repository: { name: 'widgets', owner: { login: 'acme' } },
    sender: { login: 'carol', type: 'User' },
  }
}

/** The tool results the model was sent in request `index`, in call order. */
function toolResults(request: RecordedRequest): string[] {
  const body = request.body as { messages: { role: string; content: string }[] }
  return body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => message.content)
}

const REVIEW_INPUTS = {
  mode: 'review',
  'review-fail-on': 'critical',
  sandbox: 'bwrap',
  'check-run': 'true',
}

test('a pull request review: read-only checkout, findings placed against the diff, one review with a verdict', async () => {
  const gh = await startReview()
  e2e.llm.enqueue(
    calls(
      ['write_file', { path: 'src/calc.js', content: 'hacked\n' }],
      [
        'bash',
        { command: 'echo hacked > src/calc.js; cat src/calc.js | head -1' },
      ],
    ),
    calls(
      [
        'review_comment',
        {
          path: 'src/calc.js',
          line: 4,
          severity: 'critical',
          body: 'eval of user input\n\nThis runs any code the caller sends.',
          suggestion: 'const v4 = Number(input)',
        },
      ],
      [
        'review_comment',
        {
          path: 'src/calc.js',
          line: 19,
          severity: 'minor',
          body: 'Unused constant\n\nv19 is never read.',
        },
      ],
      [
        'review_comment',
        {
          path: 'src/calc.js',
          start_line: 11,
          line: 12,
          severity: 'nit',
          body: 'Name it doubled',
        },
      ],
    ),
    answer('One security problem; otherwise small.'),
  )
  const run = await e2e.run({
    eventName: 'pull_request',
    payload: pullRequestEvent(gh),
    inputs: REVIEW_INPUTS,
  })
  expect(run.stderr).toBe('')
  expect(run.outputs.status).toBe('completed')
  expect(run.exitCode).toBe(0)

  // Writes fail: the file tools are not there, bash's workspace is read-only.
  const [writeResult, bashResult] = toolResults(e2e.llm.requests[1])
  expect(writeResult).toContain("Unknown tool 'write_file'")
  expect(bashResult).toContain('Read-only file system')
  expect(bashResult).toContain('const v1 = 1')
  expect(e2e.repo.git(['status', '--porcelain'])).toBe('')
  expect(e2e.repo.git(['rev-parse', 'HEAD']).trim()).toBe(gh.pull.headSha)

  // The prompt: the diff of calc.js, not the lock or generated file's.
  const prompt = JSON.stringify(e2e.llm.requests[0].body)
  expect(prompt).toContain('+const v4 = eval(input)')
  expect(prompt).toContain(
    'Left out as lock, generated or vendored files: gen/out.js, package-lock.json',
  )
  expect(prompt).not.toContain('lockfileVersion')
  expect(prompt).toContain('review_comment')
  expect(prompt).not.toContain('"name":"write_file"')

  // One review, on the head, requesting changes for the critical finding.
  expect(gh.reviews).toHaveLength(1)
  const [review] = gh.reviews
  expect(review.commit_id).toBe(gh.pull.headSha)
  expect(review.event).toBe('REQUEST_CHANGES')
  expect(review.comments).toEqual([
    expect.objectContaining({
      path: 'src/calc.js',
      line: 4,
      side: 'RIGHT',
      body: expect.stringContaining(
        '```suggestion\nconst v4 = Number(input)\n```',
      ),
    }),
    expect.objectContaining({
      path: 'src/calc.js',
      line: 12,
      start_line: 11,
      body: expect.stringContaining('**Nit** Name it doubled'),
    }),
  ])
  expect(review.body).toContain('❌ Changes requested')
  expect(review.body).toContain('| 1 | 0 | 1 | 1 |')
  expect(review.body).toContain('#### Findings outside the diff')
  expect(review.body).toContain('`src/calc.js:19`: Unused constant')
  expect(review.body).toContain(
    `<!-- harness9-review head=${gh.pull.headSha} -->`,
  )
  expect(review.body).toContain('`gen/out.js`, `package-lock.json`')

  expect(run.outputs.verdict).toBe('changes-requested')
  expect(run.outputs['review-url']).toMatch(/pull\/7#pullrequestreview-\d+$/)
  expect(JSON.parse(run.outputs.findings)).toEqual([
    {
      path: 'src/calc.js',
      line: 4,
      severity: 'critical',
      title: 'eval of user input',
    },
    {
      path: 'src/calc.js',
      line: 19,
      severity: 'minor',
      title: 'Unused constant',
    },
    {
      path: 'src/calc.js',
      line: 12,
      severity: 'nit',
      title: 'Name it doubled',
    },
  ])
  expect(run.summary).toContain('### Review')
  expect(run.summary).toContain(
    '| 1 | critical | `src/calc.js:4` | eval of user input |',
  )
  expect(run.summary).toContain('read-only workspace')

  // The check: failure (a critical finding), one annotation per finding.
  expect(gh.checkRuns).toEqual([
    expect.objectContaining({
      name: 'harness9 review',
      head_sha: gh.pull.headSha,
      status: 'completed',
      conclusion: 'failure',
      output: expect.objectContaining({
        annotations: [
          expect.objectContaining({
            path: 'src/calc.js',
            start_line: 4,
            end_line: 4,
            annotation_level: 'failure',
          }),
          expect.objectContaining({
            start_line: 19,
            annotation_level: 'warning',
          }),
          expect.objectContaining({
            start_line: 11,
            end_line: 12,
            annotation_level: 'notice',
          }),
        ],
      }),
    }),
  ])
})

test('the next review covers only the new commits, does not repeat an open finding and resolves the fixed one', async () => {
  const gh = await startReview()
  const first = {
    path: 'src/calc.js',
    line: 4,
    severity: 'critical',
    body: 'eval of user input',
  }
  const second = {
    path: 'src/calc.js',
    start_line: 11,
    line: 12,
    severity: 'nit',
    body: 'Name it doubled',
  }
  e2e.llm.enqueue(
    calls(['review_comment', first], ['review_comment', second]),
    answer('Two findings.'),
  )
  const payload = pullRequestEvent(gh)
  const run1 = await e2e.run({
    eventName: 'pull_request',
    payload,
    inputs: REVIEW_INPUTS,
  })
  expect(run1.outputs.verdict).toBe('changes-requested')
  expect(gh.threads).toHaveLength(2)
  const oldHead = gh.pull.headSha

  // A new commit fixes line 4 and adds line 22.
  const repo = e2e.repo
  repo.git(['checkout', '-q', '--detach', oldHead])
  const fixed = repo
    .git(['show', `${oldHead}:src/calc.js`])
    .replace('const v4 = eval(input)', 'const v4 = Number(input)')
  repo.write('src/calc.js', `${fixed}const v22 = v4 + 1\n`)
  repo.git(['commit', '-q', '-am', 'no eval'])
  const newHead = repo.git(['rev-parse', 'HEAD']).trim()
  repo.git(['push', '-q', 'origin', 'HEAD:refs/pull/7/head'])
  gh.pull.headSha = newHead
  e2e.llm.misses.length = 0

  e2e.llm.enqueue(
    calls(
      ['resolve_finding', { finding: 1, reason: 'eval is gone' }],
      ['resolve_finding', { finding: 2 }],
      ['review_comment', second],
      [
        'review_comment',
        {
          path: 'src/calc.js',
          line: 22,
          severity: 'major',
          body: 'NaN leaks\n\nNumber(input) can be NaN.',
        },
      ],
    ),
    answer('The eval is fixed.'),
  )
  const run2 = await e2e.run({
    eventName: 'pull_request',
    payload: { ...pullRequestEvent(gh), action: 'synchronize' },
    inputs: REVIEW_INPUTS,
  })
  expect(run2.outputs.status).toBe('completed')
  expect(run2.exitCode).toBe(0)

  // Only the new commit's diff, with the open findings listed.
  const requests = e2e.llm.requests.slice(2)
  const prompt = JSON.stringify(requests[0].body)
  expect(prompt).toContain(`since your last review (of ${oldHead.slice(0, 7)})`)
  expect(prompt).toContain(
    '-const v4 = eval(input)\\n+const v4 = Number(input)',
  )
  expect(prompt).not.toContain('+const extra = v10 * 2')
  expect(prompt).toContain('1. src/calc.js:4: **Critical** eval of user input')
  expect(prompt).toContain('2. src/calc.js:12: **Nit** Name it doubled')
  expect(
    e2e.github.requests.map((request) => `${request.method} ${request.path}`),
  ).toContain(`GET /repos/acme/widgets/compare/${oldHead}...${newHead}`)

  const [resolve1, resolve2, repeat, added] = toolResults(requests[1])
  expect(resolve1).toContain('Finding 1 will be answered "Fixed" and resolved')
  expect(resolve2).toContain('did not change the lines of finding 2')
  expect(repeat).toContain('repeats earlier open finding 2')
  expect(added).toContain('Recorded finding 1 (major) on src/calc.js:22')

  // The fixed thread: a reply and a resolution; the other stays open.
  expect(gh.replies).toEqual([
    {
      commentId: gh.threads[0].comment.databaseId,
      body: `Fixed in ${newHead}.`,
    },
  ])
  expect(gh.resolutions).toEqual([gh.threads[0].id])
  expect(gh.threads[1].isResolved).toBe(false)

  const review = gh.reviews[1]
  expect(review.commit_id).toBe(newHead)
  expect(review.event).toBe('COMMENT')
  expect(review.comments).toEqual([
    expect.objectContaining({ path: 'src/calc.js', line: 22, side: 'RIGHT' }),
  ])
  expect(review.body).toContain(`the commits since \`${oldHead.slice(0, 7)}\``)
  expect(review.body).toContain('Resolved 1 earlier finding as fixed.')
  expect(review.body).toContain(`<!-- harness9-review head=${newHead} -->`)
  expect(run2.outputs.verdict).toBe('comments')
  expect(gh.checkRuns[1]).toMatchObject({
    head_sha: newHead,
    conclusion: 'neutral',
  })
})

test("'/agent review <focus>' on a draft pull request reviews it, with the focus, and answers on the thread", async () => {
  const gh = await startReview()
  gh.pull.draft = true
  e2e.llm.enqueue(answer('Nothing wrong with the security of this change.'))
  const payload = loadEvent('issue-comment-pull-request')
  ;(payload.issue as { number: number }).number = 7
  ;(payload.comment as { body: string }).body = '/agent review security'
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload,
    inputs: { sandbox: 'bwrap' },
  })
  expect(run.outputs.status).toBe('completed')
  expect(run.outputs.verdict).toBe('no-findings')
  expect(run.outputs.findings).toBe('[]')
  const prompt = JSON.stringify(e2e.llm.requests[0].body)
  expect(prompt).toContain('Focus on: security')
  expect(gh.reviews).toHaveLength(1)
  expect(gh.reviews[0].event).toBe('COMMENT')
  expect(gh.reviews[0].body).toContain('✅ No findings')
  expect(gh.reviews[0].comments).toEqual([])
  // The trigger got its reaction and the status comment links the review.
  const calls = e2e.github.requests.map(
    (request) => `${request.method} ${request.path}`,
  )
  expect(calls).toContain(
    'POST /repos/acme/widgets/issues/comments/3002/reactions',
  )
  const [status] = [...e2e.github.comments.values()]
  expect(status.issueNumber).toBe(7)
  expect(status.body).toContain(run.outputs['review-url'])
})

test('a draft pull request is not reviewed on its own events', async () => {
  const gh = await startReview()
  gh.pull.draft = true
  const run = await e2e.run({
    eventName: 'pull_request',
    payload: pullRequestEvent(gh, 'synchronize'),
    inputs: REVIEW_INPUTS,
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('skipped')
  expect(run.stdout).toContain('Pull request #7 is a draft')
  expect(e2e.llm.requests).toEqual([])
  expect(gh.reviews).toEqual([])
})

test('a pull request over review-max-lines is skipped with a comment that says how to raise it', async () => {
  const gh = await startReview()
  const run = await e2e.run({
    eventName: 'pull_request',
    payload: pullRequestEvent(gh),
    inputs: { ...REVIEW_INPUTS, 'review-max-lines': '2' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('skipped')
  expect(e2e.llm.requests).toEqual([])
  expect(gh.reviews).toEqual([])
  const [comment] = [...e2e.github.comments.values()]
  expect(comment.issueNumber).toBe(7)
  // calc.js changes 3 lines; the lock file and the generated file do not count.
  expect(comment.body).toContain(
    'changes 3 lines (lock, generated and vendored files left out), more than review-max-lines (2)',
  )
  expect(comment.body).toContain("Raise the input 'review-max-lines'")
})

test('a finding that carries the API key blocks the whole review', async () => {
  const gh = await startReview()
  e2e.llm.enqueue(
    calls([
      'review_comment',
      {
        path: 'src/calc.js',
        line: 4,
        severity: 'major',
        body: `Key leak ${TEST_API_KEY}`,
      },
    ]),
    answer('Done.'),
  )
  const run = await e2e.run({
    eventName: 'pull_request',
    payload: pullRequestEvent(gh),
    inputs: REVIEW_INPUTS,
  })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('failed')
  expect(run.stdout).toContain('Blocked the review')
  expect(gh.reviews).toEqual([])
  expect(gh.checkRuns).toEqual([])
  expect(run.summary).not.toContain(TEST_API_KEY)
})

test('without the sandbox the file tools still refuse, and a write through bash is reported', async () => {
  const gh = await startReview()
  e2e.llm.enqueue(
    calls(
      [
        'edit_file',
        { path: 'src/calc.js', source_text: 'v1', target_text: 'x' },
      ],
      ['bash', { command: 'echo changed >> src/calc.js' }],
    ),
    answer('Done.'),
  )
  const run = await e2e.run({
    eventName: 'pull_request',
    payload: pullRequestEvent(gh),
    inputs: { ...REVIEW_INPUTS, sandbox: 'none' },
  })
  expect(run.outputs.status).toBe('completed')
  const [editResult] = toolResults(e2e.llm.requests[1])
  expect(editResult).toContain("Unknown tool 'edit_file'")
  expect(run.stdout).toMatch(
    /::warning::The review's commands changed files in the checkout .*src\/calc\.js/,
  )
  expect(run.summary).toContain('nothing was committed: src/calc.js')
  expect(gh.reviews).toHaveLength(1)
})

test('after a force-push the next review covers the whole pull request again, still without repeating open findings', async () => {
  const gh = await startReview()
  const nit = {
    path: 'src/calc.js',
    start_line: 11,
    line: 12,
    severity: 'nit',
    body: 'Name it doubled',
  }
  e2e.llm.enqueue(calls(['review_comment', nit]), answer('One nit.'))
  await e2e.run({
    eventName: 'pull_request',
    payload: pullRequestEvent(gh),
    inputs: REVIEW_INPUTS,
  })
  const oldHead = gh.pull.headSha
  // The head commit is rewritten: the old head is no ancestor of the new one.
  const repo = e2e.repo
  repo.git(['checkout', '-q', '--detach', oldHead])
  repo.git(['commit', '-q', '--amend', '-m', 'feature, reworded'])
  const newHead = repo.git(['rev-parse', 'HEAD']).trim()
  repo.git(['push', '-q', '--force', 'origin', 'HEAD:refs/pull/7/head'])
  gh.pull.headSha = newHead

  e2e.llm.enqueue(calls(['review_comment', nit]), answer('Nothing new.'))
  const run = await e2e.run({
    eventName: 'pull_request',
    payload: { ...pullRequestEvent(gh), action: 'synchronize' },
    inputs: REVIEW_INPUTS,
  })
  expect(run.outputs.status).toBe('completed')
  const requests = e2e.llm.requests.slice(2)
  const prompt = JSON.stringify(requests[0].body)
  expect(prompt).toContain('Review this pull request.')
  expect(prompt).toContain('+const extra = v10 * 2')
  expect(prompt).toContain('1. src/calc.js:12: **Nit** Name it doubled')
  expect(toolResults(requests[1])[0]).toContain(
    'repeats earlier open finding 1',
  )
  expect(gh.reviews[1].comments).toEqual([])
  expect(gh.reviews[1].body).toContain(`head=${newHead}`)
  expect(run.outputs.verdict).toBe('no-findings')
})

test('a review that ran out of turns without findings posts nothing that would read as a clean review', async () => {
  const gh = await startReview()
  // The turn limit is followed by one handover call without tools.
  e2e.llm.enqueue(calls(['bash', { command: 'ls' }]), answer('Out of turns.'))
  const run = await e2e.run({
    eventName: 'pull_request',
    payload: pullRequestEvent(gh),
    inputs: { ...REVIEW_INPUTS, 'max-turns': '1' },
  })
  expect(run.outputs.status).toBe('max_turns')
  expect(run.outputs.verdict).toBeUndefined()
  expect(gh.reviews).toEqual([])
  expect(gh.checkRuns).toEqual([])
})
