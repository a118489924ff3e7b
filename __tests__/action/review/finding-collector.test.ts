import { buildDiffIndex } from '../../../src/action/review/diff-index.js'
import {
  createFindingCollector,
  MAX_FINDINGS,
} from '../../../src/action/review/finding-collector.js'
import type { ReviewFinding } from '../../../src/tools/review-comment.js'

const index = buildDiffIndex([
  {
    path: 'a.ts',
    status: 'modified',
    additions: 1,
    deletions: 0,
    patch: '@@ -1,1 +1,2 @@\n one\n+two',
  },
])

function finding(line: number, body = 'Bug here'): ReviewFinding {
  return {
    path: 'a.ts',
    line,
    startLine: undefined,
    side: 'RIGHT',
    severity: 'major',
    body,
    suggestion: line === 2 ? 'fixed' : undefined,
  }
}

test('the model is told where each finding lands; repeats are refused', () => {
  const collector = createFindingCollector(index, [
    {
      number: 1,
      path: 'a.ts',
      line: 1,
      body: '**Minor** Old issue\n\n<!-- m -->',
    },
  ])
  expect(collector.record(finding(2))).toBe(
    'Recorded finding 1 (major) on a.ts:2: it will be an inline comment with a one-click suggestion.',
  )
  expect(collector.record(finding(9))).toContain(
    "the review's text (those lines are not in the diff)",
  )
  expect(() => collector.record(finding(2, 'bug  here'))).toThrow(
    'already recorded',
  )
  expect(() => collector.record(finding(1, 'Old issue'))).toThrow(
    'repeats earlier open finding 1',
  )
  expect(collector.findings.map((kept) => kept.line)).toEqual([2, 9])
})

test(`a review keeps at most ${MAX_FINDINGS} findings`, () => {
  const collector = createFindingCollector(index, [])
  for (let line = 1; line <= MAX_FINDINGS; line++)
    collector.record(finding(100 + line))
  expect(() => collector.record(finding(1))).toThrow('Finish the review')
  expect(collector.findings).toHaveLength(MAX_FINDINGS)
})
