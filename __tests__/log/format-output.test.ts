import {
  formatTextSection,
  MAX_LOG_OUTPUT_BYTES,
  truncateUtf8,
  utf8ByteLength,
} from '../../src/log/format-output.js'

describe('truncateUtf8', () => {
  test('the log limit is the design value', () => {
    expect(MAX_LOG_OUTPUT_BYTES).toBe(512)
  })

  test('keeps text at the limit whole', () => {
    expect(truncateUtf8('abc', 3)).toEqual({ text: 'abc', truncated: false })
  })

  test('cuts ASCII at exactly the limit', () => {
    expect(truncateUtf8('abcdef', 4)).toEqual({ text: 'abcd', truncated: true })
  })

  test.each([
    ['a 2-byte character', 'é', 1],
    ['a 3-byte character', '中', 2],
    ['a 4-byte character', '😀', 3],
  ])('drops %s that straddles the cut', (_name, character, kept) => {
    const text = 'ab' + character + 'cd'
    // The cut falls `kept` bytes into the character after `ab`.
    const result = truncateUtf8(text, 2 + kept)
    expect(result).toEqual({ text: 'ab', truncated: true })
  })

  test('keeps a multi-byte character that ends exactly at the cut', () => {
    expect(truncateUtf8('ab中cd', 5)).toEqual({ text: 'ab中', truncated: true })
  })
})

describe('utf8ByteLength', () => {
  test('counts UTF-8 bytes', () => {
    expect(utf8ByteLength('a中😀')).toBe(1 + 3 + 4)
  })
})

describe('formatTextSection', () => {
  test('puts every line behind │, empty lines without a trailing space', () => {
    expect(formatTextSection('output', 'one\n\n  three\n')).toEqual([
      'output:',
      '│ one',
      '│',
      '│   three',
    ])
  })

  test('turns carriage returns into line breaks', () => {
    expect(formatTextSection('output', 'a\r\nb\rc')).toEqual([
      'output:',
      '│ a',
      '│ b',
      '│ c',
    ])
  })

  test('keeps all but one trailing newline', () => {
    expect(formatTextSection('output', 'a\n\n')).toEqual([
      'output:',
      '│ a',
      '│',
    ])
  })

  test('says when the text is empty', () => {
    expect(formatTextSection('output', '')).toEqual(['output: (empty)'])
  })
})
