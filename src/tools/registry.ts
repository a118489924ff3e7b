import {
  type ToolCall,
  type ToolDefinition,
  type ToolResult,
} from '../schema/index.js'
import { checkArgumentLimits } from '../util/tool-arguments.js'
import type { BaseTool, ToolContext } from './base-tool.js'

/**
 * How long a tool may take to settle after its signal fired. A tool that
 * honours the signal reports its own partial output in that time (bash does);
 * one that does not is abandoned so the loop never waits on it.
 */
export const ABORT_GRACE_MS = 1000

export interface ExecuteOptions {
  workdir: string
  env: Record<string, string>
  /** The run's signal: aborting it stops every tool call. */
  signal?: AbortSignal
  /** This call's own time limit. */
  timeoutMs: number
}

/**
 * Holds the tools by name and runs calls. Every outcome of a call — success,
 * unknown tool, a throw, a timeout, an abort — becomes a ToolResult, so nothing
 * a tool does can crash the loop.
 */
export class Registry {
  private readonly tools = new Map<string, BaseTool>()
  private readonly warn: (message: string) => void

  constructor(options: { warn?: (message: string) => void } = {}) {
    this.warn = options.warn ?? ((message) => process.emitWarning(message))
  }

  /** Adds a tool; a tool of the same name is replaced, with a warning. */
  register(tool: BaseTool): void {
    if (this.tools.has(tool.name)) {
      this.warn(`Tool '${tool.name}' was registered twice; the later one wins.`)
    }
    this.tools.set(tool.name, tool)
  }

  /** The definitions sent to the model, in registration order. */
  getAvailableTools(): ToolDefinition[] {
    return [...this.tools.values()].map((tool) => tool.definition())
  }

  async execute(call: ToolCall, options: ExecuteOptions): Promise<ToolResult> {
    const tool = this.tools.get(call.name)
    if (!tool) {
      const available = [...this.tools.keys()].join(', ')
      return failure(
        call,
        `Unknown tool '${call.name}'. Available tools: ${available}.`,
      )
    }
    // A huge or absurdly nested call is refused before any tool parses it.
    const tooLarge = checkArgumentLimits(call.arguments)
    if (tooLarge !== undefined) return failure(call, tooLarge)
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = options.signal
      ? AbortSignal.any([options.signal, timeout])
      : timeout
    const context: ToolContext = {
      workdir: options.workdir,
      env: options.env,
      signal,
    }
    try {
      const output = await settleOrGiveUp(
        tool.execute(call.arguments, context),
        signal,
      )
      return { toolCallId: call.id, output, isError: signal.aborted }
    } catch (error) {
      if (error instanceof GaveUpError) {
        return failure(
          call,
          describeAbort(call.name, signal, options.timeoutMs),
        )
      }
      return failure(call, messageOf(error))
    }
  }
}

class GaveUpError extends Error {}

/** Waits for the tool; once the signal fires, waits at most ABORT_GRACE_MS more. */
function settleOrGiveUp(
  work: Promise<string>,
  signal: AbortSignal,
): Promise<string> {
  let timer: NodeJS.Timeout | undefined
  const onAbort = (): void => {
    timer = setTimeout(() => giveUp(new GaveUpError()), ABORT_GRACE_MS)
  }
  let giveUp: (error: Error) => void = () => {}
  const gaveUp = new Promise<never>((_, reject) => {
    giveUp = reject
  })
  if (signal.aborted) onAbort()
  else signal.addEventListener('abort', onAbort, { once: true })
  return Promise.race([work, gaveUp]).finally(() => {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
  })
}

/** The combined signal keeps the reason of whichever source fired first. */
function describeAbort(
  name: string,
  signal: AbortSignal,
  timeoutMs: number,
): string {
  const reason: unknown = signal.reason
  if (reason instanceof DOMException && reason.name === 'TimeoutError') {
    return `Tool '${name}' timed out after ${formatSeconds(timeoutMs)} and was abandoned.`
  }
  return `Tool '${name}' was stopped because the run was aborted.`
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}

function failure(call: ToolCall, output: string): ToolResult {
  return { toolCallId: call.id, output, isError: true }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
