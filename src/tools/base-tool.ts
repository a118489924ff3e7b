import type { ToolDefinition } from '../schema/index.js'

/** What a tool may use while it runs: nothing else of the process leaks in. */
export interface ToolContext {
  /** Absolute, real path of the workspace; file tools stay inside it. */
  workdir: string
  /** The complete environment for child processes (built without secrets). */
  env: Record<string, string>
  /**
   * The call's one timer and the run's abort, owned by the registry; tools
   * must stop promptly when it fires. On a timeout its reason is a
   * ToolTimeoutError.
   */
  signal: AbortSignal
}

/**
 * The contract every tool implements; write one with `defineTool`. The
 * registry parses a call's raw JSON once (`parseArguments`, which throws a
 * ToolError the model reads), asks `pathOf` which workspace path it touches,
 * then runs `execute` on the checked arguments. `execute` returns the output
 * for the model or throws; the registry turns both into a ToolResult.
 */
export interface BaseTool<Args = unknown> {
  readonly name: string
  definition(): ToolDefinition
  parseArguments(text: string): Args
  /** The path a call names; calls naming the same path run in call order. */
  pathOf(args: Args): string | undefined
  execute(args: Args, context: ToolContext): Promise<string>
}

/** An expected failure whose message is written for the model to act on. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolError'
  }
}
