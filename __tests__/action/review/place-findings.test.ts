import { buildDiffIndex } from '../../../src/action/review/diff-index.js'
import {
  FINDING_MARKER,
  fence,
  meetsThreshold,
  placeFindings,
} from '../../../src/action/review/place-findings.js'
import type { ReviewFinding } from '../../../src/tools/review-comment.js'

const index = buildDiffIndex([
  {
    path: 'src/a.ts',
    status: 'modified',
    additions: 2,
    deletions: 1,
    patch: '@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n+three\n four',
  },
])

function finding(overrides: Partial<ReviewFinding>): ReviewFinding {
  return {
    path: 'src/a.ts',
    line: 2,
    startLine: undefined,
    side: 'RIGHT',
    severity: 'major',
    body: 'Wrong case\n\nTWO should be two.',
    suggestion: undefined,
    ...overrides,
  }
}

test('findings on diff lines become comments; a suggestion becomes a suggestion block', () => {
  const placed = placeFindings(
    [
      finding({ startLine: 2, line: 3, suggestion: 'two\nthree' }),
      finding({ line: 40 }),
      finding({ side: 'LEFT', line: 2, suggestion: 'two' }),
    ],
    index,
  )
  expect(placed.inline).toEqual([
    {
      path: 'src/a.ts',
      line: 3,
      side: 'RIGHT',
      start_line: 2,
      start_side: 'RIGHT',
      body: `**Major** Wrong case\n\nTWO should be two.\n\n\`\`\`suggestion\ntwo\nthree\n\`\`\`\n\n${FINDING_MARKER}`,
    },
    {
      path: 'src/a.ts',
      line: 2,
      side: 'LEFT',
      body: expect.stringContaining('Suggested replacement:\n\n```\ntwo\n```'),
    },
  ])
  expect(placed.inline[1].body).not.toContain('```suggestion')
  expect(placed.outside).toEqual([finding({ line: 40 })])
})

test('a fence outgrows the backticks inside; thresholds order the severities', () => {
  expect(fence('suggestion', 'a ```b``` c')).toBe(
    '````suggestion\na ```b``` c\n````',
  )
  expect(meetsThreshold('critical', 'major')).toBe(true)
  expect(meetsThreshold('major', 'major')).toBe(true)
  expect(meetsThreshold('minor', 'major')).toBe(false)
  expect(meetsThreshold('critical', 'never')).toBe(false)
})

test("an inline comment neutralises the model's HTML and mentions but keeps the suggestion's code as written", () => {
  const [comment] = placeFindings(
    [
      finding({
        body: 'Ask @admin <img src=x>',
        suggestion: 'const a = "<b>@x</b>"',
      }),
    ],
    index,
  ).inline
  expect(comment.body).not.toContain('@admin')
  expect(comment.body).not.toContain('<img')
  expect(comment.body).toContain('```suggestion\nconst a = "<b>@x</b>"\n```')
  expect(comment.body.endsWith(FINDING_MARKER)).toBe(true)
})
