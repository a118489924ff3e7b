/**
 * Limits on a tool call's raw arguments. Every tool takes a flat JSON
 * object, so deeper nesting is a malformed (or hostile) call: left alone it
 * overflows the stack of JSON.stringify and makes indented logs grow with
 * the square of its depth.
 */
export const MAX_ARGUMENT_DEPTH = 32
/** The most bytes of arguments one call may carry (about 250k tokens). */
export const MAX_ARGUMENT_BYTES = 1024 * 1024

/**
 * Why `raw` is not acceptable as a call's arguments (too large or nested
 * too deep), in a sentence for the model; undefined when it is. Linear in
 * the text; brackets inside JSON strings do not count.
 */
export function checkArgumentLimits(raw: string): string | undefined {
  const bytes = Buffer.byteLength(raw, 'utf8')
  if (bytes > MAX_ARGUMENT_BYTES) {
    return `The call's arguments are ${bytes} bytes, more than the ${MAX_ARGUMENT_BYTES}-byte limit. Send smaller pieces (for example write a large file in several edit_file or bash calls).`
  }
  const depth = measureNesting(raw)
  if (depth > MAX_ARGUMENT_DEPTH) {
    return `The call's arguments nest ${depth} levels deep; tools take a flat JSON object (at most ${MAX_ARGUMENT_DEPTH} levels). Send the call again with plain arguments.`
  }
  return undefined
}

/** The deepest bracket nesting of JSON-like text, ignoring string contents. */
export function measureNesting(raw: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index]
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
    } else if (char === '"') {
      inString = true
    } else if (char === '{' || char === '[') {
      depth++
      if (depth > deepest) deepest = depth
    } else if (char === '}' || char === ']') {
      depth = Math.max(0, depth - 1)
    }
  }
  return deepest
}
