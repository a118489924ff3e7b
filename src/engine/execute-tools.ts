import * as path from 'node:path'
import type { EngineEvent, ToolCall, ToolResult } from '../schema/index.js'
import type { PreparedCall, Registry } from '../tools/registry.js'

export interface ExecuteToolsOptions {
  registry: Registry
  workdir: string
  env: Record<string, string>
  signal?: AbortSignal
  timeoutMs: number
  /** Epoch ms: a call waiting for a slot never runs past it. */
  deadline?: number
  /** The most calls running at once; the others wait, in call order. */
  maxParallel?: number
  turn: number
  emit: (event: EngineEvent) => void
}

/**
 * Runs the calls of one turn concurrently, at most `maxParallel` at a time,
 * each under its own timeout (counted from its start), and returns their
 * results in the order of the calls. Each call's arguments are parsed once,
 * by the registry; calls whose tool names the same workspace path run one
 * after another, in call order, so two edits of one file cannot race.
 */
export async function executeTools(
  calls: ToolCall[],
  options: ExecuteToolsOptions,
): Promise<ToolResult[]> {
  const slots = createSlots(options.maxParallel ?? Number.POSITIVE_INFINITY)
  const lastOnPath = new Map<string, Promise<unknown>>()
  const runs = calls.map((call) => {
    const prepared = options.registry.prepare(call)
    const key = pathKey(prepared, options.workdir)
    const before = key ? lastOnPath.get(key) : undefined
    const run = (before ?? Promise.resolve()).then(() =>
      slots.run(() => runOne(prepared, options)),
    )
    if (key) lastOnPath.set(key, run)
    return run
  })
  return Promise.all(runs)
}

/** A counting semaphore: `run` waits for a free slot, first come first served. */
function createSlots(size: number): {
  run<T>(work: () => Promise<T>): Promise<T>
} {
  let free = size
  const waiting: (() => void)[] = []
  return {
    async run(work) {
      if (free > 0) free--
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await work()
      } finally {
        // Hand the slot straight to the next waiter, or give it back.
        const next = waiting.shift()
        if (next) next()
        else free++
      }
    },
  }
}

async function runOne(
  prepared: PreparedCall,
  options: ExecuteToolsOptions,
): Promise<ToolResult> {
  const { call } = prepared
  const started = Date.now()
  options.emit({ type: 'tool-start', at: started, turn: options.turn, call })
  const left =
    options.deadline === undefined ? Infinity : options.deadline - started
  const result =
    left <= 0
      ? {
          toolCallId: call.id,
          output: `Tool '${call.name}' was not started: the run's time budget ran out while it waited for other calls.`,
          isError: true,
        }
      : await options.registry.run(prepared, {
          workdir: options.workdir,
          env: options.env,
          signal: options.signal,
          timeoutMs: Math.min(options.timeoutMs, left),
        })
  const ended = Date.now()
  options.emit({
    type: 'tool-end',
    at: ended,
    turn: options.turn,
    call,
    result,
    durationMs: ended - started,
  })
  return result
}

/** The resolved workspace path the call's tool says it names, if any. */
function pathKey(prepared: PreparedCall, workdir: string): string | undefined {
  if (prepared.kind !== 'ready' || prepared.path === undefined) return undefined
  return path.resolve(workdir, prepared.path)
}
