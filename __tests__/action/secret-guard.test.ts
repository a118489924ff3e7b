import {
  assertNoSecret,
  containsSecret,
  redactSecrets,
  SecretLeakError,
} from '../../src/action/secret-guard.js'

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
