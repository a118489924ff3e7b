/**
 * The abort reason of a tool call whose time ran out. Its message is the one
 * phrase the model reads for it, whichever part reports it: bash's partial
 * output, the file tools' helper, or the registry abandoning a deaf tool.
 */
export class ToolTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${formatSeconds(timeoutMs)}`)
    this.name = 'ToolTimeoutError'
  }
}

/** `1500` → `"1.5 s"`, as the model reads limits. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}
