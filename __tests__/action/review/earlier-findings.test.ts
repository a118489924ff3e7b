import { buildDiffIndex } from '../../../src/action/review/diff-index.js'
import {
  createResolutionCollector,
  selectOpenFindings,
} from '../../../src/action/review/earlier-findings.js'
import { FINDING_MARKER } from '../../../src/action/review/place-findings.js'
import type { ReviewThread } from '../../../src/action/review/thread-api.js'

function thread(overrides: Partial<ReviewThread>): ReviewThread {
  return {
    id: 'T1',
    isResolved: false,
    isOutdated: false,
    path: 'a.ts',
    originalStartLine: undefined,
    originalLine: 4,
    commentId: 1,
    body: `**Major** bug\n\n${FINDING_MARKER}`,
    ...overrides,
  }
}

test("only the action's own unresolved threads are open findings", () => {
  const open = selectOpenFindings([
    thread({ id: 'A' }),
    thread({ id: 'B', isResolved: true }),
    thread({ id: 'C', body: 'a person wrote this' }),
    thread({ id: 'D', originalLine: 9 }),
  ])
  expect(
    open.map((finding) => [finding.number, finding.thread.id, finding.line]),
  ).toEqual([
    [1, 'A', 4],
    [2, 'D', 9],
  ])
})

test('a finding is resolved only when the new commits changed its lines (or GitHub marked it outdated)', () => {
  const open = selectOpenFindings([
    thread({ id: 'A', originalLine: 4 }),
    thread({ id: 'B', originalLine: 9 }),
    thread({ id: 'C', originalLine: 30, isOutdated: true }),
  ])
  // Since the last review: old line 4 rewritten, old line 9 untouched.
  const since = buildDiffIndex([
    {
      path: 'a.ts',
      status: 'modified',
      additions: 1,
      deletions: 1,
      patch: '@@ -3,3 +3,3 @@\n x\n-old\n+new\n y',
    },
  ])
  const collector = createResolutionCollector(open, since)
  expect(collector.record(1, 'fixed')).toContain(
    'Finding 1 will be answered "Fixed"',
  )
  expect(() => collector.record(2, '')).toThrow(
    'did not change the lines of finding 2',
  )
  expect(collector.record(3, '')).toContain('Finding 3 will be')
  expect(() => collector.record(7, '')).toThrow('no open earlier finding 7')
  expect(collector.record(1, '')).toContain('already marked fixed')
  expect(collector.resolved.map((finding) => finding.thread.id)).toEqual([
    'A',
    'C',
  ])
})
