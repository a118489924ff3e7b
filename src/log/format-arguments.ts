import { formatTextSection } from './format-output.js'
import {
  checkArgumentLimits,
  MAX_ARGUMENT_DEPTH,
} from '../util/tool-arguments.js'

/** How much of arguments refused for their size or depth the log shows. */
const REFUSED_PREVIEW_CHARS = 200

/** Arguments whose compact JSON is at most this many bytes stay on one line. */
export const ARG_INLINE_THRESHOLD = 80

/** Pretty-printed JSON sits this much deeper than the `arguments:` line. */
const ARG_BLOCK_INDENT = '  '
const JSON_INDENT = '  '

/**
 * The `arguments` lines of a tool-start block, relative to the block indent.
 * Valid JSON is shown compact when short and pretty-printed when long, token
 * for token as the model sent it (no HTML escaping, numbers and key order
 * kept). Anything else is shown raw and marked `(invalid JSON)`.
 */
export function formatArguments(raw: string): string[] {
  if (raw.trim() === '') return ['arguments: (empty)']
  // Indenting them would take memory growing with the square of the depth.
  if (checkArgumentLimits(raw) !== undefined) return formatRefusedArguments(raw)
  if (!isValidJson(raw)) return formatInvalidArguments(raw)
  const compact = reformatJson(raw, null)
  if (Buffer.byteLength(compact, 'utf8') <= ARG_INLINE_THRESHOLD) {
    return [`arguments: ${compact}`]
  }
  const pretty = reformatJson(raw, JSON_INDENT).split('\n')
  return ['arguments:', ...pretty.map((line) => ARG_BLOCK_INDENT + line)]
}

function formatRefusedArguments(raw: string): string[] {
  const preview = raw.slice(0, REFUSED_PREVIEW_CHARS).replace(/[\r\n]/g, ' ')
  return [
    `arguments (${raw.length} characters or over ${MAX_ARGUMENT_DEPTH} levels deep, refused; first ${REFUSED_PREVIEW_CHARS}): ${preview}`,
  ]
}

function formatInvalidArguments(raw: string): string[] {
  const isShort =
    !/[\r\n]/.test(raw) &&
    Buffer.byteLength(raw, 'utf8') <= ARG_INLINE_THRESHOLD
  if (isShort) return [`arguments (invalid JSON): ${raw}`]
  return formatTextSection('arguments (invalid JSON)', raw)
}

function isValidJson(raw: string): boolean {
  try {
    JSON.parse(raw)
    return true
  } catch {
    return false
  }
}

/**
 * Re-spaces valid JSON text without parsing it into values, like Go's
 * `json.Compact` (indent `null`) and `json.Indent`: only whitespace between
 * tokens changes. Parsing and re-serialising would reorder integer-like keys,
 * rewrite numbers (`1.0`, big integers) and drop duplicate keys.
 */
export function reformatJson(raw: string, indent: string | null): string {
  let result = ''
  let depth = 0
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw[index]
    if (char === '"') {
      const end = findStringEnd(raw, index)
      result += raw.slice(index, end)
      index = end - 1
    } else if (char === '{' || char === '[') {
      const next = raw[skipWhitespace(raw, index + 1)]
      if (next === '}' || next === ']') {
        result += char + next
        index = skipWhitespace(raw, index + 1)
      } else {
        depth += 1
        result += char + newline(indent, depth)
      }
    } else if (char === '}' || char === ']') {
      depth -= 1
      result += newline(indent, depth) + char
    } else if (char === ',') {
      result += char + newline(indent, depth)
    } else if (char === ':') {
      result += indent === null ? ':' : ': '
    } else if (!isJsonWhitespace(char)) {
      result += char
    }
  }
  return result
}

function newline(indent: string | null, depth: number): string {
  return indent === null ? '' : '\n' + indent.repeat(depth)
}

/** The index just past the closing quote of the string starting at `start`. */
function findStringEnd(raw: string, start: number): number {
  let index = start + 1
  while (index < raw.length && raw[index] !== '"') {
    index += raw[index] === '\\' ? 2 : 1
  }
  return index + 1
}

function skipWhitespace(raw: string, start: number): number {
  let index = start
  while (index < raw.length && isJsonWhitespace(raw[index])) index += 1
  return index
}

function isJsonWhitespace(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r'
}
