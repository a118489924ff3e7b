/**
 * Finds a secret in text that is about to leave the runner (a comment, a
 * commit, the summary, an output). Masking in the log is the runner's job;
 * this catches the forms a model could use to smuggle a secret past it:
 * raw, base64 (at any byte alignment), base64url, URL-encoded (any or every
 * byte, upper or lower hex), and split by whitespace, control characters
 * (NUL: UTF-16 text), or any invisible character (every Unicode format and
 * default-ignorable character), raw, JSON-escaped or URL-encoded.
 */

/** Secrets shorter than this are not scanned: they would match by chance. */
const MIN_SECRET_LENGTH = 8

// Characters a reader skips or cannot see, which a model could slip inside a
// secret: whitespace, controls (NUL between the bytes of UTF-16), and every
// format (Cf: soft hyphen, invisible times, bidi controls, zero-width) and
// default-ignorable (combining grapheme joiner, variation selectors, Hangul
// fillers) character. None of them is a character of a secret or its base64.
const SEPARATOR_CLASS = '[\\s\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}]'

export class SecretLeakError extends Error {
  constructor(what: string) {
    super(
      `Blocked the ${what}: it contains a secret (the API key or the GitHub token). Nothing was published.`,
    )
    this.name = 'SecretLeakError'
  }
}

/** Every encoded form of the secret that is searched for. */
export function secretForms(secret: string): string[] {
  // URL encoding is matched character by character (matchCharacter).
  const forms = new Set<string>([secret])
  const bytes = Buffer.from(secret, 'utf8')
  for (const encoded of base64AtEveryAlignment(bytes)) {
    forms.add(encoded)
    forms.add(encoded.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH)
}

/**
 * The base64 characters that depend only on the secret's bytes, for each of
 * the three positions it can start at inside a longer encoded string.
 */
function base64AtEveryAlignment(bytes: Buffer): string[] {
  const forms: string[] = []
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes])
    let encoded = padded.toString('base64').replace(/=+$/, '')
    // A trailing character that mixes in bytes after the secret is unknown.
    if (padded.length % 3 !== 0) encoded = encoded.slice(0, -1)
    // Leading characters that mix in bytes before the secret are unknown.
    forms.push(encoded.slice(Math.ceil((offset * 8) / 6)))
  }
  return forms
}

// Between two characters of a form: separators, raw, as JSON escapes them
// (the transcript is JSON lines, the log shows arguments as JSON: any \\uXXXX
// is allowed, none is a secret's character), or URL-encoded (controls and
// space, and any non-ASCII character, whose encoding cannot be mistaken for
// one of a secret's ASCII characters).
const SPLIT = `(?:${SEPARATOR_CLASS}|\\\\[0bfnrt]|\\\\u[0-9a-fA-F]{4}|%(?:[01][0-9a-fA-F]|20|7[fF])|%[c-fC-F][0-9a-fA-F](?:%[89abAB][0-9a-fA-F]){1,3})*`
const patternCache = new Map<string, RegExp[]>()

/** One regex per form, separators allowed between its characters, longest first. */
function splitTolerantPatterns(secrets: string[]): RegExp[] {
  const key = secrets.join('\0')
  const cached = patternCache.get(key)
  if (cached) return cached
  const forms = secrets
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .flatMap(secretForms)
    .sort((a, b) => b.length - a.length)
  const patterns = forms.map(
    (form) => new RegExp([...form].map(matchCharacter).join(SPLIT), 'gu'),
  )
  patternCache.set(key, patterns)
  return patterns
}

/** One character of a form: itself, or its UTF-8 bytes as `%XX` (any case). */
function matchCharacter(character: string): string {
  const raw = character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const encoded = [...Buffer.from(character, 'utf8')]
    .map((byte) => {
      const hex = byte.toString(16).padStart(2, '0')
      return `%${[...hex].map((digit) => `[${digit}${digit.toUpperCase()}]`).join('')}`
    })
    .join('')
  return `(?:${raw}|${encoded})`
}

/** Whether the text carries any form of a secret, split or not. */
export function containsSecret(text: string, secrets: string[]): boolean {
  return splitTolerantPatterns(secrets).some((pattern) => {
    pattern.lastIndex = 0 // the patterns are global and shared
    return pattern.test(text)
  })
}

/** Throws SecretLeakError naming `what` when the text carries a secret. */
export function assertNoSecret(
  what: string,
  text: string,
  secrets: string[],
): void {
  if (containsSecret(text, secrets)) throw new SecretLeakError(what)
}

/**
 * Replaces each form of each secret with `***`, also when whitespace or
 * invisible characters split it (the runner's log masking only knows the
 * raw and base64 forms). For the log and files kept on the runner.
 */
export function redactSecrets(text: string, secrets: string[]): string {
  let redacted = text
  for (const pattern of splitTolerantPatterns(secrets)) {
    redacted = redacted.replace(pattern, '***')
  }
  return redacted
}
