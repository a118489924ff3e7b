import {
  buildDiffIndex,
  countChangedLines,
  isInDiff,
  parsePatch,
  touchesChangedLine,
} from '../../../src/action/review/diff-index.js'

// Old lines 10-13 (b removed), new lines 10-14 (two added); a second hunk at 40.
const PATCH = [
  '@@ -10,4 +10,5 @@ function parse() {',
  ' a',
  '-b',
  '+B',
  '+B2',
  ' c',
  ' d',
  '@@ -40,2 +41,3 @@',
  ' x',
  '+y',
  ' z',
  '\\ No newline at end of file',
].join('\n')

test('a patch gives the new and old line numbers that can take a comment', () => {
  const file = parsePatch('src/a.ts', PATCH)
  expect([...file.right.keys()]).toEqual([10, 11, 12, 13, 14, 41, 42, 43])
  expect([...file.left.keys()]).toEqual([10, 11, 12, 13, 40, 41])
  expect(file.right.get(11)).toEqual({ hunk: 0, changed: true })
  expect(file.right.get(13)).toEqual({ hunk: 0, changed: false })
  expect(file.left.get(11)).toEqual({ hunk: 0, changed: true })
  expect(file.right.get(42)).toEqual({ hunk: 1, changed: true })
})

test('a range is in the diff only when every line is, in one hunk, on its side', () => {
  const index = buildDiffIndex([
    {
      path: 'src/a.ts',
      status: 'modified',
      additions: 3,
      deletions: 1,
      patch: PATCH,
    },
    {
      path: 'logo.png',
      status: 'added',
      additions: 0,
      deletions: 0,
      patch: undefined,
    },
  ])
  expect(isInDiff(index, 'src/a.ts', 'RIGHT', 11, 12)).toBe(true)
  expect(isInDiff(index, 'src/a.ts', 'RIGHT', 14, 41)).toBe(false) // two hunks
  expect(isInDiff(index, 'src/a.ts', 'RIGHT', 20, 20)).toBe(false)
  expect(isInDiff(index, 'src/a.ts', 'LEFT', 11, 11)).toBe(true)
  expect(isInDiff(index, 'src/a.ts', 'LEFT', 14, 14)).toBe(false)
  expect(isInDiff(index, 'logo.png', 'RIGHT', 1, 1)).toBe(false)
  expect(isInDiff(index, 'other.ts', 'RIGHT', 1, 1)).toBe(false)
  expect(touchesChangedLine(index, 'src/a.ts', 13, 14)).toBe(false)
  expect(touchesChangedLine(index, 'src/a.ts', 12, 13)).toBe(true)
  expect(
    countChangedLines([
      { path: 'a', status: 'modified', additions: 3, deletions: 1, patch: '' },
      { path: 'b', status: 'added', additions: 10, deletions: 0, patch: '' },
    ]),
  ).toBe(14)
})
