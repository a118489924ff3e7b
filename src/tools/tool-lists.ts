import type { BaseTool } from './base-tool.js'
import { createBashTool } from './bash.js'
import { editFileTool } from './edit-file.js'
import { hostFileTool, type FileToolHost } from './file-tool-host.js'
import { readFileTool } from './read-file.js'
import { Registry } from './registry.js'
import { writeFileTool } from './write-file.js'

/** What the built-in tools take from the run that gives them to the model. */
export interface ToolSetup {
  bashTimeoutMs: number
  /** Wraps bash's argv, e.g. in a sandbox. */
  wrapCommand?: (argv: string[]) => string[]
  /** Runs the file tools' I/O in a helper process; else in this one. */
  fileToolHost?: FileToolHost
  /** Puts bash where it runs, given the way to make it (e.g. a lazy sandbox). */
  containBash?: ContainBash
}

/** Makes bash inside something set up later: given bash's maker, the tool. */
export type ContainBash = (
  makeBash: (wrapCommand?: (argv: string[]) => string[]) => BaseTool,
) => BaseTool

/** The tools of one kind of run, in the order the model sees them. */
export type ToolList = (setup: ToolSetup) => BaseTool[]

/** read_file, write_file, edit_file and bash: the tools of a task run. */
export const builtInTools: ToolList = (setup) => [
  ...[readFileTool, writeFileTool, editFileTool].map((tool) =>
    inHost(tool, setup),
  ),
  bashTool(setup),
]

/**
 * read_file and bash: no tool that writes. bash changes nothing only when
 * `wrapCommand` runs it in a read-only sandbox (review mode does).
 */
export const readOnlyTools: ToolList = (setup) => [
  inHost(readFileTool, setup),
  bashTool(setup),
]

/** A registry holding `tools`, in their order. */
export function registryOf(
  tools: readonly BaseTool[],
  options: { warn?: (message: string) => void } = {},
): Registry {
  const registry = new Registry({ warn: options.warn })
  for (const tool of tools) registry.register(tool)
  return registry
}

function inHost(tool: BaseTool, setup: ToolSetup): BaseTool {
  return setup.fileToolHost ? hostFileTool(tool, setup.fileToolHost) : tool
}

function bashTool(setup: ToolSetup): BaseTool {
  const makeBash = (wrapCommand = setup.wrapCommand): BaseTool =>
    createBashTool({ timeoutMs: setup.bashTimeoutMs, wrapCommand })
  return setup.containBash ? setup.containBash(makeBash) : makeBash()
}
