/**
 * Where one matching level found `source_text`: how many places (counting
 * overlapping ones, up to MATCH_COUNT_LIMIT) and the span of the first, as
 * offsets into the text that level searched.
 */
export interface TextMatch {
  count: number
  start: number
  end: number
}

/** What edit_file does with the content: changed, ambiguous, or no match. */
export type EditOutcome =
  | { kind: 'edited'; level: MatchLevelName; content: string }
  | { kind: 'ambiguous'; level: MatchLevelName; count: number }
  | { kind: 'not-found' }

export type MatchLevelName =
  'exact' | 'line endings normalised' | 'trimmed' | 'line by line'

// Past this many matches the exact number no longer helps the model, and
// stopping keeps a highly repetitive file from costing a scan per match.
export const MATCH_COUNT_LIMIT = 100

const NO_MATCH: TextMatch = { count: 0, start: -1, end: -1 }

/** L1: `source` occurs verbatim in the content. */
export function matchExact(content: string, source: string): TextMatch {
  if (source === '') return NO_MATCH
  const start = content.indexOf(source)
  if (start === -1) return NO_MATCH
  let count = 1
  let at = content.indexOf(source, start + 1)
  while (at !== -1 && count < MATCH_COUNT_LIMIT) {
    count++
    at = content.indexOf(source, at + 1)
  }
  return { count, start, end: start + source.length }
}

// L2 to L4 search `text`: the content with every `\r\n` already read as `\n`
// (normaliseLineEndings), done once by applyEdit rather than once per level.

/** L2: `source` occurs once its `\r\n` are read as `\n`. */
export function matchNormalisedEndings(
  text: string,
  source: string,
): TextMatch {
  return matchExact(text, normaliseLineEndings(source))
}

/** L3: as L2, with whitespace around `source` ignored. */
export function matchTrimmed(text: string, source: string): TextMatch {
  return matchExact(text, normaliseLineEndings(source).trim())
}

/**
 * L4: the lines of `source` equal whole lines of the text once each side is
 * trimmed (indentation and trailing spaces ignored). The match spans whole
 * lines, from the first line's start to the last line's end.
 */
export function matchLineByLine(text: string, source: string): TextMatch {
  const wanted = normaliseLineEndings(source)
    .trim()
    .split('\n')
    .map((line) => line.trim())
  if (wanted[0] === '') return NO_MATCH
  let count = 0
  let first = NO_MATCH
  // Only lines that contain the first wanted line are candidates; indexOf
  // finds them natively instead of trimming every line of the file.
  let at = text.indexOf(wanted[0])
  while (at !== -1 && count < MATCH_COUNT_LIMIT) {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1
    const end = matchLinesAt(text, lineStart, wanted)
    if (end !== -1) {
      count++
      if (count === 1) first = { count, start: lineStart, end }
    }
    // Each line is a candidate once, however often it holds wanted[0].
    const nextLine = text.indexOf('\n', at)
    at = nextLine === -1 ? -1 : text.indexOf(wanted[0], nextLine + 1)
  }
  return { ...first, count }
}

const LEVELS: Array<[MatchLevelName, typeof matchExact]> = [
  ['exact', matchExact],
  ['line endings normalised', matchNormalisedEndings],
  ['trimmed', matchTrimmed],
  ['line by line', matchLineByLine],
]

/**
 * Tries the levels in order; the first level that finds `source` decides,
 * and it must find exactly one place. Only that span changes. `target` gets
 * the file's line endings and, where the level ignored whitespace around
 * `source`, loses it too.
 */
export function applyEdit(
  content: string,
  source: string,
  target: string,
): EditOutcome {
  let text: string | undefined
  for (const [level, match] of LEVELS) {
    const searched =
      level === 'exact' ? content : (text ??= normaliseLineEndings(content))
    const found = match(searched, source)
    if (found.count === 0) continue
    if (found.count > 1) return { kind: 'ambiguous', level, count: found.count }
    const span = searched === content ? found : toOriginalSpan(content, found)
    const replacement = withLineEndingsOf(content, shapeTarget(level, target))
    const edited =
      content.slice(0, span.start) + replacement + content.slice(span.end)
    return { kind: 'edited', level, content: edited }
  }
  return { kind: 'not-found' }
}

/** Reads every `\r\n` as `\n`: the `text` that L2 to L4 search. */
export function normaliseLineEndings(text: string): string {
  // A global regex replace is about twice as fast as replaceAll in V8.
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text
}

/**
 * L3 matched the trimmed source, so the target is trimmed alike. L4 replaces
 * whole lines, so the target keeps its first line's indentation and drops
 * only surrounding blank lines and trailing whitespace.
 */
function shapeTarget(level: MatchLevelName, target: string): string {
  if (level === 'trimmed') return target.trim()
  if (level === 'line by line') return target.replace(/^\s*\n/, '').trimEnd()
  return target
}

/** The replacement takes the file's style: `\r\n` if it uses any, else `\n`. */
function withLineEndingsOf(content: string, target: string): string {
  const normalised = normaliseLineEndings(target)
  return content.includes('\r\n')
    ? normalised.replaceAll('\n', '\r\n')
    : normalised
}

/** End of the block of `wanted` lines starting at `lineStart`, or -1. */
function matchLinesAt(
  text: string,
  lineStart: number,
  wanted: string[],
): number {
  let start = lineStart
  for (let j = 0; j < wanted.length; j++) {
    if (start > text.length) return -1
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    if (text.slice(start, end).trim() !== wanted[j]) return -1
    if (j === wanted.length - 1) return end
    start = end + 1
  }
  return -1
}

/**
 * Maps a span of the normalised text back to the original, so the rest of
 * the file keeps its bytes (even with mixed line endings).
 */
function toOriginalSpan(original: string, match: TextMatch): TextMatch {
  return {
    count: match.count,
    start: toOriginalOffset(original, match.start),
    end: toOriginalOffset(original, match.end),
  }
}

/** Every `\r` dropped before the offset shifts it by one. */
function toOriginalOffset(original: string, offset: number): number {
  let removed = 0
  let pair = original.indexOf('\r\n')
  // This pair's `\n` sits at `pair - removed` in the normalised text.
  while (pair !== -1 && pair - removed < offset) {
    removed++
    pair = original.indexOf('\r\n', pair + 2)
  }
  return offset + removed
}
