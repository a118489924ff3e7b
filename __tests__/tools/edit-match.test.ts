import {
  applyEdit,
  MATCH_COUNT_LIMIT,
  matchExact,
  matchLineByLine,
  matchNormalisedEndings,
  matchTrimmed,
} from '../../src/tools/edit-match.js'

describe('the matching levels', () => {
  test('matchExact finds the span and counts overlapping places', () => {
    expect(matchExact('let a = 1\nlet b = 2\n', 'b = 2')).toEqual({
      count: 1,
      start: 14,
      end: 19,
    })
    expect(matchExact('}\n}\n}\n', '}\n}\n').count).toBe(2)
    expect(matchExact('abc', 'x').count).toBe(0)
  })

  test('matchExact stops counting at MATCH_COUNT_LIMIT', () => {
    expect(matchExact('x'.repeat(5000), 'x').count).toBe(MATCH_COUNT_LIMIT)
  })

  test('matchNormalisedEndings reads \\r\\n in the source as \\n', () => {
    expect(matchNormalisedEndings('one\ntwo\nthree\n', 'two\r\nthree')).toEqual(
      {
        count: 1,
        start: 4,
        end: 13,
      },
    )
  })

  test('matchTrimmed ignores whitespace around the source only', () => {
    const content = 'a = f( x )\n'
    const match = matchTrimmed(content, '\n  f( x )  \n')
    expect(content.slice(match.start, match.end)).toBe('f( x )')
    expect(matchTrimmed(content, 'f(x)').count).toBe(0)
  })

  test('matchLineByLine spans whole lines, indentation included', () => {
    const content = 'if (x) {\n\t\treturn 1\n\t}\nend\n'
    const match = matchLineByLine(content, 'return 1\n}')
    expect(match.count).toBe(1)
    expect(content.slice(match.start, match.end)).toBe('\t\treturn 1\n\t}')
  })

  test('matchLineByLine counts overlapping blocks, and each line once', () => {
    expect(matchLineByLine('}\n  }\n}\n', '}\n}').count).toBe(2)
    expect(matchLineByLine('x x\n  x\n', 'x')).toEqual({
      count: 1,
      start: 4,
      end: 7,
    })
  })

  test('whitespace-only source text never matches loosely', () => {
    expect(matchTrimmed('a\n\nb', '\n \n').count).toBe(0)
    expect(matchLineByLine('a\n\nb', '\n \n').count).toBe(0)
  })
})

describe('applyEdit picks the first level that matches', () => {
  test('L1 exact', () => {
    expect(applyEdit('a = 1\nb = 2\n', 'b = 2', 'b = 3')).toEqual({
      kind: 'edited',
      level: 'exact',
      content: 'a = 1\nb = 3\n',
    })
  })

  test('L2 only: CRLF source text against an LF file, which stays LF', () => {
    const content = 'one\ntwo\nthree\n'
    const source = 'one\r\ntwo'
    expect(matchExact(content, source).count).toBe(0)
    expect(applyEdit(content, source, 'ONE\r\nTWO')).toEqual({
      kind: 'edited',
      level: 'line endings normalised',
      content: 'ONE\nTWO\nthree\n',
    })
  })

  test('L2 only: LF source text against a CRLF file', () => {
    const content = 'one\r\ntwo\r\nthree\r\n'
    const source = 'two\nthree'
    expect(matchExact(content, source).count).toBe(0)
    expect(applyEdit(content, source, 'TWO\nTHREE')).toEqual({
      kind: 'edited',
      level: 'line endings normalised',
      content: 'one\r\nTWO\r\nTHREE\r\n',
    })
  })

  test('L3 only: blank lines around the source text, target trimmed alike', () => {
    const content = 'start\nvalue = compute()\nend\n'
    const source = '\n\nvalue = compute()  \n\n'
    expect(matchExact(content, source).count).toBe(0)
    expect(matchNormalisedEndings(content, source).count).toBe(0)
    expect(applyEdit(content, source, '\nvalue = 42 \n')).toEqual({
      kind: 'edited',
      level: 'trimmed',
      content: 'start\nvalue = 42\nend\n',
    })
  })

  test('L4 only: different indentation, the whole lines are replaced', () => {
    const content = 'function f() {\n\tif (a) {\n\t\treturn 1\n\t}\n}\n'
    const source = 'if (a) {\n    return 1\n}'
    expect(matchExact(content, source).count).toBe(0)
    expect(matchNormalisedEndings(content, source).count).toBe(0)
    expect(matchTrimmed(content, source).count).toBe(0)
    expect(
      applyEdit(content, source, '\tif (b) {\n\t\treturn 2\n\t}\n'),
    ).toEqual({
      kind: 'edited',
      level: 'line by line',
      content: 'function f() {\n\tif (b) {\n\t\treturn 2\n\t}\n}\n',
    })
  })

  test('no level matches', () => {
    expect(applyEdit('a\nb\n', 'c', 'd')).toEqual({ kind: 'not-found' })
  })
})

describe('ambiguity is reported at the level that first matches', () => {
  test('L1', () => {
    expect(applyEdit('x = 1\nx = 1\n', 'x = 1', 'x = 2')).toEqual({
      kind: 'ambiguous',
      level: 'exact',
      count: 2,
    })
  })

  test('L2', () => {
    expect(applyEdit('a\r\nb\r\na\r\nb\r\n', 'a\nb', 'c')).toEqual({
      kind: 'ambiguous',
      level: 'line endings normalised',
      count: 2,
    })
  })

  test('L3', () => {
    expect(applyEdit('foo()\nfoo()\n', '  foo()  ', 'bar()')).toEqual({
      kind: 'ambiguous',
      level: 'trimmed',
      count: 2,
    })
  })

  test('L4', () => {
    expect(applyEdit('  a\n  b\n\ta\n\tb\n', 'a\n b', 'c')).toEqual({
      kind: 'ambiguous',
      level: 'line by line',
      count: 2,
    })
  })

  test('a unique exact match wins over looser duplicates', () => {
    const outcome = applyEdit('  x\n\tx\n', '  x', '  y')
    expect(outcome).toEqual({
      kind: 'edited',
      level: 'exact',
      content: '  y\n\tx\n',
    })
  })
})

describe('line endings', () => {
  test('a CRLF file keeps CRLF everywhere, target text included', () => {
    const content = 'a\r\nb\r\nc\r\n'
    const outcome = applyEdit(content, 'b', 'b1\nb2')
    expect(outcome).toEqual({
      kind: 'edited',
      level: 'exact',
      content: 'a\r\nb1\r\nb2\r\nc\r\n',
    })
  })

  test('mixed line endings outside the edit keep their bytes', () => {
    const content = 'lf\ncrlf\r\n  old\r\nlf again\n'
    const outcome = applyEdit(content, 'crlf\nold', 'crlf\nnew')
    expect(outcome).toEqual({
      kind: 'edited',
      level: 'line by line',
      content: 'lf\ncrlf\r\nnew\r\nlf again\n',
    })
  })
})

describe.each([
  ['LF', '\n'],
  ['CRLF', '\r\n'],
])('speed on a 10 MB %s file', (_name, ending) => {
  const line = (i: number): string =>
    `const value${i} = compute(${i}) // padding text here`
  const content =
    Array.from({ length: 200_000 }, (_, i) => `    ${line(i)}`).join(ending) +
    ending
  const other = ending === '\n' ? '\r\n' : '\n'
  const middle = 100_000

  test.each([
    ['exact', line(middle)],
    [
      'line endings normalised',
      `${line(middle)}${other}    ${line(middle + 1)}`,
    ],
    ['trimmed', `\n  ${line(middle)} \n`],
    ['line by line', `${line(middle)}\n  ${line(middle + 1)}`],
  ])('%s level edits in well under a second', (level, source) => {
    expect(content.length).toBeGreaterThan(10_000_000)
    const started = performance.now()
    const outcome = applyEdit(content, source, 'replaced')
    const elapsed = performance.now() - started
    expect(outcome.kind === 'edited' && outcome.level).toBe(level)
    expect(elapsed).toBeLessThan(1000)
  })
})
