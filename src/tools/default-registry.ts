import { createBashTool } from './bash.js'
import { editFileTool } from './edit-file.js'
import { readFileTool } from './read-file.js'
import { Registry } from './registry.js'
import { writeFileTool } from './write-file.js'

/** The four built-in tools, as the action and the CLI both register them. */
export function createDefaultRegistry(options: {
  bashTimeoutMs: number
  /** Wraps bash's argv, e.g. in a sandbox. */
  wrapCommand?: (argv: string[]) => string[]
  warn?: (message: string) => void
}): Registry {
  const registry = new Registry({ warn: options.warn })
  registry.register(readFileTool)
  registry.register(writeFileTool)
  registry.register(editFileTool)
  registry.register(
    createBashTool({
      hardTimeoutMs: options.bashTimeoutMs,
      wrapCommand: options.wrapCommand,
    }),
  )
  return registry
}
