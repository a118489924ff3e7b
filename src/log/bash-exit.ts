/**
 * The status line the bash tool appends to its output when a command did
 * not end well (`[exit status 1]`, `[killed by signal SIGKILL]`, …). The log
 * shows it as `status=error exit=1`, and keeps it when the output is cut:
 * it is the one line that says how the command ended.
 */
export interface BashExit {
  /** The status line itself, e.g. `[exit status 1]`. */
  line: string
  /** The exit code, when the line gives one. */
  code: number | undefined
}

const STATUS_LINE =
  /\n?(\[(?:exit status (\d+)|killed by signal [A-Z0-9]+|bash failed: [^\n]*|timed out after [^\n]*|aborted[^\n]*)\])\n?$/

export function readBashExit(
  tool: string,
  output: string,
): BashExit | undefined {
  if (tool !== 'bash') return undefined
  const match = STATUS_LINE.exec(output)
  if (!match) return undefined
  return {
    line: match[1],
    code: match[2] === undefined ? undefined : Number(match[2]),
  }
}
