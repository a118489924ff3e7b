import type { ToolDefinition } from '../schema/index.js'

/** What a tool may use while it runs: nothing else of the process leaks in. */
export interface ToolContext {
  /** Absolute, real path of the workspace; file tools stay inside it. */
  workdir: string
  /** The complete environment for child processes (built without secrets). */
  env: Record<string, string>
  /** Aborted on timeout or when the run stops; tools must stop promptly. */
  signal: AbortSignal
}

/**
 * The contract every tool implements. `execute` receives the call's raw JSON
 * text, returns the output for the model, or throws an error whose message
 * the model reads; the registry turns both into a ToolResult.
 */
export interface BaseTool {
  readonly name: string
  definition(): ToolDefinition
  execute(args: string, context: ToolContext): Promise<string>
}

/** An expected failure whose message is written for the model to act on. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolError'
  }
}
