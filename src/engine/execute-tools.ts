import * as path from 'node:path'
import type { EngineEvent, ToolCall, ToolResult } from '../schema/index.js'
import type { Registry } from '../tools/registry.js'

export interface ExecuteToolsOptions {
  registry: Registry
  workdir: string
  env: Record<string, string>
  signal?: AbortSignal
  timeoutMs: number
  turn: number
  emit: (event: EngineEvent) => void
}

/**
 * Runs all calls of one turn at once, each under its own timeout, and returns
 * their results in the order of the calls. Calls naming the same `path` run
 * one after another, in call order, so two edits of one file cannot race.
 */
export async function executeTools(
  calls: ToolCall[],
  options: ExecuteToolsOptions,
): Promise<ToolResult[]> {
  const lastOnPath = new Map<string, Promise<unknown>>()
  const runs = calls.map((call) => {
    const key = pathKey(call, options.workdir)
    const before = key ? lastOnPath.get(key) : undefined
    const run = (before ?? Promise.resolve()).then(() => runOne(call, options))
    if (key) lastOnPath.set(key, run)
    return run
  })
  return Promise.all(runs)
}

async function runOne(
  call: ToolCall,
  options: ExecuteToolsOptions,
): Promise<ToolResult> {
  const started = Date.now()
  options.emit({ type: 'tool-start', at: started, turn: options.turn, call })
  const result = await options.registry.execute(call, {
    workdir: options.workdir,
    env: options.env,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
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

/** The workspace path a call names, if its arguments carry a string `path`. */
function pathKey(call: ToolCall, workdir: string): string | undefined {
  try {
    const args: unknown = JSON.parse(call.arguments)
    if (typeof args === 'object' && args !== null && 'path' in args) {
      const named = (args as { path: unknown }).path
      if (typeof named === 'string') return path.resolve(workdir, named)
    }
  } catch {
    // Unparseable arguments: the tool will reject them; no ordering needed.
  }
  return undefined
}
