import {
  assertNoSecret,
  containsSecret,
  redactSecrets,
  SecretLeakError,
} from '../../../src/action/guard/secret-guard.js'

const KEY = 'sk-test-0123456789abcdefXYZ'
const TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a'

test('finds a secret in its raw form', () => {
  expect(containsSecret(`the key is ${KEY}.`, [KEY])).toBe(true)
  expect(containsSecret('nothing to see here', [KEY, TOKEN])).toBe(false)
})

test.each([0, 1, 2])(
  'finds a secret base64-encoded after %i other bytes',
  (before) => {
    const text = Buffer.from(`${'x'.repeat(before)}${KEY}tail`).toString(
      'base64',
    )
    expect(containsSecret(`payload: ${text}`, [KEY])).toBe(true)
  },
)

test('finds base64url and URL-encoded forms', () => {
  const secret = 'key+with/odd?chars&more=1'
  const base64url = Buffer.from(secret).toString('base64url')
  expect(containsSecret(base64url, [secret])).toBe(true)
  expect(containsSecret(encodeURIComponent(secret), [secret])).toBe(true)
})

test('finds a secret split by whitespace or invisible characters', () => {
  const split = `${KEY.slice(0, 6)} \n${KEY.slice(6, 12)}\u200B${KEY.slice(12, 20)}\u2066${KEY.slice(20)}`
  expect(containsSecret(split, [KEY])).toBe(true)
})

test('finds the token in the basic-auth header form git uses', () => {
  const header = Buffer.from(`x-access-token:${TOKEN}`).toString('base64')
  expect(containsSecret(`AUTHORIZATION: basic ${header}`, [TOKEN])).toBe(true)
})

test('ignores empty and very short secrets rather than matching everything', () => {
  expect(containsSecret('any text at all', ['', 'ab'])).toBe(false)
})

test('assertNoSecret names what it blocked and never the secret', () => {
  expect(() => assertNoSecret('reply comment', `here: ${KEY}`, [KEY])).toThrow(
    new SecretLeakError('reply comment'),
  )
  try {
    assertNoSecret('reply comment', KEY, [KEY])
  } catch (error) {
    expect(String(error)).not.toContain(KEY)
    expect(String(error)).toContain('reply comment')
  }
  expect(() => assertNoSecret('summary', 'clean', [KEY])).not.toThrow()
})

test('redactSecrets replaces raw and encoded forms', () => {
  const encoded = Buffer.from(KEY).toString('base64')
  const redacted = redactSecrets(`a ${KEY} b ${encoded} c`, [KEY])
  expect(redacted).toBe('a *** b *** c')
})

test('redactSecrets also catches a secret split by spaces, invisible characters or JSON escapes', () => {
  const spaced = `${KEY.slice(0, 5)} ${KEY.slice(5, 10)}\u200b${KEY.slice(10)}`
  expect(redactSecrets(`log: ${spaced} end`, [KEY])).toBe('log: *** end')
  const jsonEscaped = JSON.stringify(`${KEY.slice(0, 9)}\n${KEY.slice(9)}`)
  expect(redactSecrets(jsonEscaped, [KEY])).toBe('"***"')
  const escapedZeroWidth = `${KEY.slice(0, 4)}\\u200b${KEY.slice(4)}`
  expect(redactSecrets(escapedZeroWidth, [KEY])).toBe('***')
})

test('redactSecrets leaves text without a secret unchanged', () => {
  const text = 'sk-test-0123 is not the key; neither is ghs_16C7e42F'
  expect(redactSecrets(text, [KEY, TOKEN])).toBe(text)
})

/** Every byte of `text` as `%XX`, in the given case. */
function percentEncodeEveryByte(text: string, upper: boolean): string {
  const hex = Buffer.from(text, 'utf8').toString('hex')
  const pairs = hex.match(/../g) ?? []
  return pairs.map((pair) => `%${upper ? pair.toUpperCase() : pair}`).join('')
}

describe('encodings and separators a model can use to get past the scan', () => {
  test.each([true, false])(
    'every byte URL-encoded (upper-case hex: %s)',
    (upper) => {
      const encoded = percentEncodeEveryByte(KEY, upper)
      expect(containsSecret(`x=${encoded}&y=1`, [KEY])).toBe(true)
      expect(redactSecrets(`x=${encoded}&y=1`, [KEY])).toBe('x=***&y=1')
    },
  )

  test('some bytes URL-encoded, in mixed case, the rest raw', () => {
    const mixed = [...KEY]
      .map((character, index) =>
        index % 3 === 0
          ? percentEncodeEveryByte(character, index % 2 === 0)
          : character,
      )
      .join('')
    expect(containsSecret(mixed, [KEY])).toBe(true)
  })

  test.each([
    ['soft hyphen', '\u00AD'],
    ['invisible times', '\u2062'],
    ['invisible separator', '\u2063'],
    ['combining grapheme joiner', '\u034F'],
    ['Hangul filler', '\u3164'],
    ['variation selector', '\uFE0F'],
    ['Mongolian vowel separator', '\u180E'],
    ['tag character', '\u{E0041}'],
    ['NUL', '\0'],
    ['escape', '\u001B'],
  ])('characters split by a %s', (_name, separator) => {
    expect(containsSecret([...KEY].join(separator), [KEY])).toBe(true)
    expect(containsSecret([...TOKEN].join(separator), [TOKEN])).toBe(true)
  })

  test('separators URL-encoded or JSON-escaped between URL-encoded bytes', () => {
    const parts = [...KEY].map((character) =>
      percentEncodeEveryByte(character, false),
    )
    expect(containsSecret(parts.join('%C2%AD'), [KEY])).toBe(true)
    expect(containsSecret(parts.join('%e2%81%a2%20'), [KEY])).toBe(true)
    expect(containsSecret([...KEY].join('\\u00ad'), [KEY])).toBe(true)
  })

  test('UTF-16 text (a NUL after each ASCII byte), either byte order', () => {
    for (const encoding of ['utf16le', 'utf16be'] as const) {
      const bytes =
        encoding === 'utf16le'
          ? Buffer.from(`key: ${KEY}`, 'utf16le')
          : Buffer.from(`key: ${KEY}`, 'utf16le').swap16()
      expect([encoding, containsSecret(bytes.toString('utf8'), [KEY])]).toEqual(
        [encoding, true],
      )
    }
  })

  test('base64 split by a format character is still found', () => {
    const encoded = Buffer.from(KEY).toString('base64')
    expect(containsSecret([...encoded].join('\u2062'), [KEY])).toBe(true)
  })

  // Each character of a form is its own %XX or itself, and no separator is
  // a secret's character: no input can make the patterns backtrack at length.
  test('ends on input built to make the patterns backtrack', () => {
    const hostile = `${'%73%6B'.repeat(50_000)}${'\u00AD s'.repeat(50_000)}`
    expect(containsSecret(hostile, [KEY, TOKEN])).toBe(false)
  })

  test('ordinary text with percent signs and invisible characters is not a secret', () => {
    const text = `100% sure; caf\u00E9 %C3%A9 \u00ADsoft ${KEY.slice(0, 12)}%20${KEY.slice(13)}`
    expect(containsSecret(text, [KEY, TOKEN])).toBe(false)
  })
})
