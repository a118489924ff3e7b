import type { BaseTool } from './base-tool.js'
import { createBashTool } from './bash.js'
import { editFileTool } from './edit-file.js'
import { hostFileTool, type FileToolHost } from './file-tool-host.js'
import { readFileTool } from './read-file.js'
import { Registry } from './registry.js'
import { writeFileTool } from './write-file.js'

/** The four built-in tools, as the action and the CLI both register them. */
export function createDefaultRegistry(options: {
  bashTimeoutMs: number
  /** Wraps bash's argv, e.g. in a sandbox. */
  wrapCommand?: (argv: string[]) => string[]
  warn?: (message: string) => void
  /** Runs the file tools' I/O in a helper process; else in this one. */
  fileToolHost?: FileToolHost
  /** Puts bash where it runs, given the way to make it (e.g. a lazy sandbox). */
  containBash?: (
    makeBash: (wrapCommand?: (argv: string[]) => string[]) => BaseTool,
  ) => BaseTool
}): Registry {
  const registry = new Registry({ warn: options.warn })
  const host = options.fileToolHost
  for (const tool of [readFileTool, writeFileTool, editFileTool]) {
    registry.register(host ? hostFileTool(tool, host) : tool)
  }
  const makeBash = (wrapCommand = options.wrapCommand): BaseTool =>
    createBashTool({ hardTimeoutMs: options.bashTimeoutMs, wrapCommand })
  registry.register(
    options.containBash ? options.containBash(makeBash) : makeBash(),
  )
  return registry
}
