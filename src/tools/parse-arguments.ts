import { ToolError } from './base-tool.js'
import { errorMessage } from '../util/error-message.js'

/**
 * Parses a call's raw JSON arguments. Unparseable text is a ToolError the
 * model reads, with `usage` saying what to send instead.
 */
export function parseJsonArguments(args: string, usage = ''): unknown {
  try {
    return JSON.parse(args)
  } catch (error) {
    const reason = errorMessage(error)
    throw new ToolError(
      `Arguments are not valid JSON: ${reason}${usage ? `. ${usage}` : ''}`,
    )
  }
}
