import { formatLogTime } from './format-time.js'

/** Every line after a header starts with this (the design's `logIndent`). */
export const LOG_INDENT = ' '.repeat(8)

/** One log point: a one-line header and body lines relative to the indent. */
export interface LogBlock {
  at: number
  /** Omitted for the engine-wide blocks (start and end). */
  turn?: number
  label: string
  /** Header fields after the label, already formatted (`tool=bash`). */
  fields: readonly string[]
  body?: readonly string[]
}

/**
 * Renders a block as one string ending in a newline, so a sink writes it in
 * one call and concurrent tool blocks never interleave their lines.
 */
export function renderBlock(block: LogBlock): string {
  const scope = block.turn === undefined ? '' : `Turn ${block.turn} │ `
  let header = `${formatLogTime(block.at)} [engine] ${scope}${block.label}`
  if (block.fields.length > 0) header += ` │ ${block.fields.join(' ')}`
  const body = (block.body ?? []).map((line) => LOG_INDENT + line)
  return [header, ...body].join('\n') + '\n'
}

/**
 * `key=value`. A string value that is empty or holds spaces, quotes, `=`,
 * `│` or control characters is JSON-quoted, so the header stays one line
 * and splits unambiguously.
 */
export function formatField(
  key: string,
  value: string | number | boolean,
): string {
  if (typeof value !== 'string') return `${key}=${String(value)}`
  return `${key}=${needsQuotes(value) ? JSON.stringify(value) : value}`
}

function needsQuotes(value: string): boolean {
  return value === '' || /[\s"=│\u0000-\u001f\u007f]/u.test(value)
}
