import { Registry } from '../../src/tools/registry.js'
import {
  createReviewCommentTool,
  parseReviewCommentInput,
  type ReviewFinding,
} from '../../src/tools/review-comment.js'

test('a finding is read with its defaults and its range', () => {
  expect(
    parseReviewCommentInput({
      path: './src/a.ts',
      line: 12,
      start_line: 10,
      severity: 'major',
      body: '  Off by one  ',
      suggestion: 'fixed()',
    }),
  ).toEqual({
    path: 'src/a.ts',
    line: 12,
    startLine: 10,
    side: 'RIGHT',
    severity: 'major',
    body: 'Off by one',
    suggestion: 'fixed()',
  })
  expect(
    parseReviewCommentInput({
      path: 'a',
      line: 3,
      start_line: 3,
      side: 'LEFT',
      severity: 'nit',
      body: 'x',
    }),
  ).toMatchObject({ startLine: undefined, side: 'LEFT' })
})

test.each([
  [{ line: 1, severity: 'nit', body: 'x' }, "needs 'path'"],
  [{ path: 'a', severity: 'nit', body: 'x' }, "needs 'line'"],
  [{ path: 'a', line: 0, severity: 'nit', body: 'x' }, 'positive integer'],
  [
    { path: 'a', line: 2, start_line: 5, severity: 'nit', body: 'x' },
    'must not be after',
  ],
  [
    { path: 'a', line: 2, severity: 'blocker', body: 'x' },
    'critical, major, minor, nit',
  ],
  [{ path: 'a', line: 2, severity: 'nit', body: ' ' }, "needs 'body'"],
  [{ path: 'a', line: 2, side: 'UP', severity: 'nit', body: 'x' }, "'side'"],
])(
  'a bad finding %j is refused with a message naming the field',
  (input, message) => {
    expect(() => parseReviewCommentInput(input)).toThrow(message)
  },
)

test('the tool passes each finding to the recorder and returns its answer; a bad call is an error result', async () => {
  const recorded: ReviewFinding[] = []
  const registry = new Registry()
  registry.register(
    createReviewCommentTool((finding) => {
      recorded.push(finding)
      return `kept ${finding.path}:${finding.line}`
    }),
  )
  const options = { workdir: '/', env: {}, timeoutMs: 1000 }
  const ok = await registry.execute(
    {
      id: 'c1',
      name: 'review_comment',
      arguments: '{"path":"a.ts","line":2,"severity":"minor","body":"why"}',
    },
    options,
  )
  expect(ok).toEqual({
    toolCallId: 'c1',
    output: 'kept a.ts:2',
    isError: false,
  })
  const bad = await registry.execute(
    { id: 'c2', name: 'review_comment', arguments: '{"path":"a.ts"}' },
    options,
  )
  expect(bad.isError).toBe(true)
  expect(bad.output).toContain("needs 'line'")
  expect(recorded).toHaveLength(1)
})
