/** Tool output past this is cut in the log (the design's `maxLogOutputLen`). */
export const MAX_LOG_OUTPUT_BYTES = 512

/** The number of bytes `text` takes in UTF-8, as reported in `bytes=`. */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

/**
 * Keeps at most `maxBytes` UTF-8 bytes of `text`. The cut moves back to the
 * start of a character, so a multi-byte character is dropped, never split.
 */
export function truncateUtf8(
  text: string,
  maxBytes: number,
): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length <= maxBytes) return { text, truncated: false }
  let end = maxBytes
  // 0b10xxxxxx is a continuation byte: the character at `end` began earlier.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end -= 1
  return { text: bytes.subarray(0, end).toString('utf8'), truncated: true }
}

/**
 * A titled text section (`output:`, `text:`) with each line behind `│`, as
 * lines relative to the block indent. One final newline is not shown as an
 * empty line; empty text renders as `title: (empty)`.
 */
export function formatTextSection(title: string, text: string): string[] {
  const lines = splitLines(text)
  if (lines.length === 0) return [`${title}: (empty)`]
  return [`${title}:`, ...lines.map((line) => (line ? `│ ${line}` : '│'))]
}

function splitLines(text: string): string[] {
  // A bare `\r` would move the terminal cursor back over the `│` prefix.
  const normalized = text.replace(/\r\n?/g, '\n').replace(/\n$/, '')
  return normalized === '' ? [] : normalized.split('\n')
}
