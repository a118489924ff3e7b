import { buildCheckRun } from '../../../src/action/review/check-run.js'
import type { ReviewFinding } from '../../../src/tools/review-comment.js'

const SHA = 'c'.repeat(40)
const review = {
  url: 'https://github.com/r',
  verdict: 'comments',
  findings: [],
}

function finding(severity: ReviewFinding['severity']): ReviewFinding {
  return {
    path: 'a.ts',
    line: 5,
    startLine: 3,
    side: 'RIGHT',
    severity,
    body: `Title\n\nwhy`,
    suggestion: undefined,
  }
}

test('the conclusion follows review-fail-on; each finding is an annotation', () => {
  const failing = buildCheckRun(
    SHA,
    review,
    [finding('major'), finding('nit')],
    'major',
  )
  expect(failing.conclusion).toBe('failure')
  expect(failing.title).toBe('2 findings at or above major')
  expect(failing.annotations).toEqual([
    {
      path: 'a.ts',
      start_line: 3,
      end_line: 5,
      annotation_level: 'failure',
      title: 'Major: Title',
      message: 'Title\n\nwhy',
    },
    expect.objectContaining({
      annotation_level: 'notice',
      title: 'Nit: Title',
    }),
  ])
  expect(
    buildCheckRun(SHA, review, [finding('minor')], 'major').conclusion,
  ).toBe('neutral')
  expect(
    buildCheckRun(SHA, review, [finding('critical')], 'never').conclusion,
  ).toBe('neutral')
  expect(buildCheckRun(SHA, review, [], 'nit')).toMatchObject({
    conclusion: 'success',
    title: 'No findings',
  })
})
