import type { JsonSchema } from '../schema/index.js'
import { errorMessage } from '../util/error-message.js'
import { ToolError, type BaseTool, type ToolContext } from './base-tool.js'

/** Everything a tool says once: its name, its prompt text, its input. */
export interface ToolSpec<Args> {
  /** The model-facing snake_case name; also the registry's key. */
  name: string
  /** Prompt text: what it does, its limits, how to recover from errors. */
  description: string
  inputSchema: JsonSchema
  /** A valid call's arguments, quoted in every "what to send" message. */
  example: string
  /**
   * Checks the fields of the call's JSON object and returns the typed
   * arguments. A bad field throws one ToolError sentence that names the
   * tool, the field and what to send instead.
   */
  parse(input: Record<string, unknown>): Args
  /** The workspace path a call names, when it reads or writes one. */
  pathOf?(args: Args): string | undefined
  execute(args: Args, context: ToolContext): Promise<string>
}

/**
 * Builds a tool from its spec. The call's raw JSON text is parsed in one
 * place, here: text that is not JSON, or JSON that is not an object, is a
 * ToolError naming the tool and quoting `example`; the fields are then
 * checked by the spec's `parse`, and `execute` only ever sees its result.
 */
export function defineTool<Args>(spec: ToolSpec<Args>): BaseTool<Args> {
  const definition = {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
  }
  return {
    name: spec.name,
    definition: () => definition,
    parseArguments: (text) => spec.parse(parseObject(text, spec)),
    pathOf: (args) => spec.pathOf?.(args),
    execute: (args, context) => spec.execute(args, context),
  }
}

function parseObject(
  text: string,
  spec: { name: string; example: string },
): Record<string, unknown> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new ToolError(
      `Arguments are not valid JSON: ${errorMessage(error)}. Send a JSON object such as ${spec.example}.`,
    )
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ToolError(
      `${spec.name} expects a JSON object such as ${spec.example}.`,
    )
  }
  return raw as Record<string, unknown>
}
