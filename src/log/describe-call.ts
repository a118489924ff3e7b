/** A tool call's short description is cut here (one line in a title). */
export const MAX_CALL_DESCRIPTION_CHARS = 60

/**
 * A tool call in a few words, for group titles, the progress comment and the
 * summary: `bash: npm test`, `edit_file src/a.ts`. Only the argument that
 * says what the call was about (the command, the path) is shown, on one
 * line, cut to MAX_CALL_DESCRIPTION_CHARS; unreadable arguments show the
 * name alone.
 */
export function describeToolCall(name: string, argumentsJson: string): string {
  const argument = describeArgument(argumentsJson)
  if (!argument) return name
  return argument.kind === 'command'
    ? `${name}: ${argument.text}`
    : `${name} ${argument.text}`
}

/**
 * The argument a call was about, shortened: a bash `command` or a file
 * tool's `path`; undefined when the arguments name neither.
 */
export function describeArgument(
  argumentsJson: string,
): { kind: 'command' | 'path'; text: string } | undefined {
  const args = parseObject(argumentsJson)
  const command = args?.command
  if (typeof command === 'string' && command.trim()) {
    return { kind: 'command', text: shorten(command) }
  }
  const path = args?.path
  if (typeof path === 'string' && path.trim()) {
    return { kind: 'path', text: shorten(path) }
  }
  return undefined
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** First line, whitespace collapsed, cut with `…`. */
function shorten(text: string): string {
  const lines = text.trim().split('\n')
  const first = lines[0].replace(/\s+/g, ' ').trim()
  const more = lines.length > 1 ? ' …' : ''
  const cut =
    first.length > MAX_CALL_DESCRIPTION_CHARS
      ? `${first.slice(0, MAX_CALL_DESCRIPTION_CHARS - 1)}…`
      : `${first}${more}`
  return cut
}
