import {
  MAX_REPLY_ANSWER_CHARS,
  renderFinishedComment,
  renderProgressComment,
  renderSkippedTriggerComment,
  renderStartedComment,
  type FinishedCommentInput,
} from '../../../src/action/github/reply-body.js'
import { expectGolden } from '../../helpers/golden.js'

const RUN_URL = 'https://github.com/acme/widgets/actions/runs/99'

function finished(
  overrides: Partial<FinishedCommentInput> = {},
): FinishedCommentInput {
  return {
    status: 'completed',
    reason: 'The model finished the task.',
    turns: 3,
    tokens: { input: 12_345, output: 678 },
    changedFiles: ['src/config.ts', 'test/config.test.ts'],
    branch: 'harness9/issue-12-99',
    pullRequestUrl: 'https://github.com/acme/widgets/pull/101',
    answer:
      'Fixed the crash: an empty file now gives the defaults.\n\nThanks @carol for the report.',
    runUrl: RUN_URL,
    requester: 'alice',
    durationMs: 123_000,
    commitSha: '0123456789abcdef0123456789abcdef01234567',
    repositoryUrl: 'https://github.com/acme/widgets',
    diffstat: '2 files changed, 10 insertions(+), 1 deletion(-)',
    ...overrides,
  }
}

test('started', () => {
  expectGolden('replies/started.md', renderStartedComment({ runUrl: RUN_URL }))
})

test('a would-be trigger that did not run says why', () => {
  expectGolden(
    'replies/skipped-trigger.md',
    renderSkippedTriggerComment({
      text: 'Not started: `/agent` is in a quote in this comment.',
    }),
  )
})

test('progress: elapsed, turn k of N, the last steps, the run', () => {
  expectGolden(
    'replies/progress.md',
    renderProgressComment({
      elapsedMs: 95_000,
      turn: 4,
      maxTurns: 30,
      steps: ['read_file src/a.ts', 'bash: npm test → exit 1'],
      runUrl: RUN_URL,
    }),
  )
})

test('every comment the action writes carries the marker', () => {
  const bodies = [
    renderStartedComment({ runUrl: RUN_URL }),
    renderSkippedTriggerComment({ text: 'x' }),
    renderProgressComment({
      elapsedMs: 0,
      turn: 1,
      maxTurns: 2,
      steps: [],
      runUrl: '',
    }),
    renderFinishedComment(finished()),
    renderFinishedComment(finished({ status: 'skipped' })),
  ]
  for (const body of bodies) expect(body).toContain('<!-- harness9 -->')
})

test('completed with a branch and a pull request', () => {
  expectGolden('replies/completed.md', renderFinishedComment(finished()))
})

test('completed with left-out files and nothing committed on a fork', () => {
  expectGolden(
    'replies/completed-fork.md',
    renderFinishedComment(
      finished({
        branch: undefined,
        pullRequestUrl: undefined,
        commitSha: undefined,
        diffstat: undefined,
        changedFiles: ['src/a.ts', '.github/workflows/ci.yml'],
        leftOut: ['.github/workflows/ci.yml'],
        commitSkippedReason:
          'the pull request comes from a fork, and the action cannot push there.',
      }),
    ),
  )
})

test('stopped at the turn limit with no changes', () => {
  expectGolden(
    'replies/max-turns.md',
    renderFinishedComment(
      finished({
        status: 'max_turns',
        reason: 'The run reached max-turns (30) before the model finished.',
        turns: 30,
        changedFiles: [],
        branch: undefined,
        pullRequestUrl: undefined,
        commitSkippedReason: 'no file changed.',
        answer: '',
      }),
    ),
  )
})

test('failed with an error', () => {
  expectGolden(
    'replies/failed.md',
    renderFinishedComment(
      finished({
        status: 'failed',
        reason: 'The model provider failed.',
        error: 'openai request failed (HTTP 401): Incorrect API key provided',
        turns: 1,
        tokens: { input: 0, output: 0 },
        changedFiles: [],
        branch: undefined,
        pullRequestUrl: undefined,
        answer: undefined,
      }),
    ),
  )
})

test('skipped shows the reason only', () => {
  expectGolden(
    'replies/skipped.md',
    renderFinishedComment(
      finished({
        status: 'skipped',
        reason: 'The pull request comes from a fork.',
        answer: undefined,
      }),
    ),
  )
})

test('a long answer and many files are cut', () => {
  const body = renderFinishedComment(
    finished({
      answer: 'x'.repeat(MAX_REPLY_ANSWER_CHARS + 500),
      changedFiles: Array.from({ length: 25 }, (_, i) => `f${i}.ts`),
    }),
  )
  expect(body).toContain('`f19.ts` and 5 more (see the job summary)')
  expect(body).not.toContain('`f20.ts`')
  expect(body).toContain(
    `> ${'x'.repeat(MAX_REPLY_ANSWER_CHARS)}\n>\n> … (cut; the full answer is in the job summary)`,
  )
  expect(body).not.toContain('x'.repeat(MAX_REPLY_ANSWER_CHARS + 1))
})

const ZWJ = '\u200D'

test('mentions in model text do not ping anyone', () => {
  const body = renderFinishedComment(
    finished({
      answer: 'cc @acme/security and @mallory',
      error: 'by @bob',
      requester: undefined,
    }),
  )
  expect(body).not.toMatch(/@[A-Za-z0-9]/)
  expect(body).toContain(`@${ZWJ}acme/security and @${ZWJ}mallory`)
  expect(body).toContain(`by @${ZWJ}bob`)
})

test('the answer closes no issue, loads no image and stays inside its quote', () => {
  const body = renderFinishedComment(
    finished({
      answer:
        'Fixes #1\n![approved](https://img.example/badge.svg)\n</blockquote>\n## Approved <img src="https://t.example/p.gif">',
    }),
  )
  const answer = body.slice(body.indexOf('**Answer**'))
  expect(answer).toContain(`> F${ZWJ}ixes #1`)
  expect(answer).not.toMatch(/img\.example|t\.example|<img|!\[/)
  expect(answer).toContain('> [image removed]')
  expect(answer).toContain(`> <${ZWJ}/blockquote>`)
  expect(answer).toContain('> ## Approved [image removed]')
})

test('a failure reason and error are plain text, not markdown', () => {
  const body = renderFinishedComment(
    finished({
      status: 'failed',
      reason: '# Approved\n![ok](https://img.example/a.png) fixes #2',
      error: '**merged** by @admin',
    }),
  )
  expect(body).toContain(
    `\\# Approved\n\\!\\[ok\\](https://img.example/a.png) f${ZWJ}ixes #2`,
  )
  expect(body).toContain(`**Error:** \\*\\*merged\\*\\* by @${ZWJ}admin`)
  expect(body).not.toMatch(/^# /m)
})

test('the person who asked is named, and pinged', () => {
  expect(renderFinishedComment(finished())).toContain(
    'Asked by @\u200Dalice · ',
  )
})

test('file names with backticks stay inside their code span', () => {
  const body = renderFinishedComment(finished({ changedFiles: ['a`b.ts'] }))
  expect(body).toContain('Changed files (1): `` a`b.ts ``')
})
