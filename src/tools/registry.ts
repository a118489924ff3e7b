import {
  type ToolCall,
  type ToolDefinition,
  type ToolResult,
} from '../schema/index.js'
import { checkArgumentLimits } from '../util/tool-arguments.js'
import type { BaseTool, ToolContext } from './base-tool.js'
import { ToolTimeoutError } from './tool-timeout.js'

/**
 * How long a tool may take to settle after its signal fired. A tool that
 * honours the signal reports its own partial output in that time (bash does);
 * one that does not is abandoned so the loop never waits on it.
 */
export const ABORT_GRACE_MS = 1000
/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1

export interface ExecuteOptions {
  workdir: string
  env: Record<string, string>
  /** The run's signal: aborting it stops every tool call. */
  signal?: AbortSignal
  /** This call's own time limit: the one timer of the call. */
  timeoutMs: number
}

/**
 * A call looked up and its arguments parsed, once: either ready to run, with
 * the workspace path it names (if any), or refused with what the model reads.
 */
export type PreparedCall =
  | {
      kind: 'ready'
      call: ToolCall
      tool: BaseTool
      args: unknown
      path: string | undefined
    }
  | { kind: 'refused'; call: ToolCall; output: string }

/**
 * Holds the tools by name and runs calls. Every outcome of a call — success,
 * unknown tool, bad arguments, a throw, a timeout, an abort — becomes a
 * ToolResult, so nothing a tool does can crash the loop.
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

  /** Finds the call's tool and parses its arguments; never throws. */
  prepare(call: ToolCall): PreparedCall {
    const tool = this.tools.get(call.name)
    if (!tool) {
      const available = [...this.tools.keys()].join(', ')
      const output = `Unknown tool '${call.name}'. Available tools: ${available}.`
      return { kind: 'refused', call, output }
    }
    // A huge or absurdly nested call is refused before any tool parses it.
    const tooLarge = checkArgumentLimits(call.arguments)
    if (tooLarge !== undefined)
      return { kind: 'refused', call, output: tooLarge }
    try {
      const args = tool.parseArguments(call.arguments)
      return { kind: 'ready', call, tool, args, path: tool.pathOf(args) }
    } catch (error) {
      return { kind: 'refused', call, output: messageOf(error) }
    }
  }

  /** Runs a prepared call under its timer and the run's signal. */
  async run(
    prepared: PreparedCall,
    options: ExecuteOptions,
  ): Promise<ToolResult> {
    if (prepared.kind === 'refused') {
      return failure(prepared.call, prepared.output)
    }
    const { call, tool, args } = prepared
    const timer = startCallTimer(options.timeoutMs, options.signal)
    const { signal } = timer
    const context: ToolContext = {
      workdir: options.workdir,
      env: options.env,
      signal,
    }
    try {
      const output = await settleOrGiveUp(tool.execute(args, context), signal)
      return { toolCallId: call.id, output, isError: signal.aborted }
    } catch (error) {
      if (error instanceof GaveUpError) {
        return failure(call, describeAbort(call.name, signal))
      }
      return failure(call, messageOf(error))
    } finally {
      timer.dispose()
    }
  }

  /** `prepare` then `run`, for a caller with a single call. */
  execute(call: ToolCall, options: ExecuteOptions): Promise<ToolResult> {
    return this.run(this.prepare(call), options)
  }
}

/**
 * The call's signal: aborted by its timer (reason: ToolTimeoutError) or by
 * the run's signal (its reason), whichever comes first.
 */
function startCallTimer(
  timeoutMs: number,
  run: AbortSignal | undefined,
): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController()
  const onRunAbort = (): void => controller.abort(run?.reason)
  if (run?.aborted) onRunAbort()
  else run?.addEventListener('abort', onRunAbort, { once: true })
  const timer = setTimeout(
    () => controller.abort(new ToolTimeoutError(timeoutMs)),
    Math.min(timeoutMs, MAX_TIMER_MS),
  )
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer)
      run?.removeEventListener('abort', onRunAbort)
    },
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

/** The signal keeps the reason of whichever source fired first. */
function describeAbort(name: string, signal: AbortSignal): string {
  const reason: unknown = signal.reason
  if (reason instanceof ToolTimeoutError) {
    return `Tool '${name}' ${reason.message} and was abandoned.`
  }
  return `Tool '${name}' was stopped because the run was aborted.`
}

function failure(call: ToolCall, output: string): ToolResult {
  return { toolCallId: call.id, output, isError: true }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
