import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { ToolError, type BaseTool, type ToolContext } from './base-tool.js'
import { killProcessGroup } from './process-group.js'
import { ToolTimeoutError } from './tool-timeout.js'

/** The most stderr of a helper kept to explain why it stopped. */
const STDERR_TAIL_BYTES = 2000

export interface FileToolHostOptions {
  /** The helper's bundled JavaScript, read once before the loop starts. */
  source: string
  /** The same wrapper bash runs under (sandbox, other user); none: as is. */
  wrapCommand?: (argv: string[]) => string[]
  /** The node binary; defaults to the one running the action. */
  nodePath?: string
}

interface Pending {
  resolve: (output: string) => void
  reject: (error: Error) => void
}

/**
 * How the node binary is named in the helper's argv. `fd`: exec'd as
 * /proc/self/fd/3, an fd the host opened, so it runs even where the
 * sandbox hides the runner's own node (under HOME). `path`: by its path,
 * for wrappers that close inherited fds (sudo does).
 */
type Launch = 'fd' | 'path'

/**
 * Runs the file tools in one long-lived helper process started through the
 * bash tool's command wrapper, so their I/O happens where the model's
 * commands run: inside the sandbox, without the action's files, /proc or
 * thread pool. A call that times out kills the helper (and fails the calls
 * it was running); the next call starts a new one.
 */
export class FileToolHost {
  private child: ChildProcess | undefined
  private started: Promise<ChildProcess> | undefined
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  private stderrTail = ''
  private launch: Launch | undefined
  /** A helper started but not ready yet: an abort kills it too. */
  private spawning: ChildProcess | undefined

  constructor(private readonly options: FileToolHostOptions) {}

  /** Runs `tool` with the call's raw arguments; throws the tool's error. */
  async run(tool: string, args: string, context: ToolContext): Promise<string> {
    if (context.signal.aborted) {
      throw new ToolError(
        `${tool} was stopped (${describeReason(context.signal.reason)}) before it started.`,
      )
    }
    // A call stuck in the helper (a slow or hung read) can only be ended by
    // killing the helper; the calls it was running with it fail too.
    const onAbort = (): void => {
      this.stop(
        new ToolError(
          `${tool} was stopped (${describeReason(context.signal.reason)}); its helper process was killed and a new one starts with the next file call.`,
        ),
      )
    }
    context.signal.addEventListener('abort', onAbort, { once: true })
    try {
      const child = await this.start(context)
      // Stopped while it waited for the start: this helper is gone.
      if (context.signal.aborted || this.child !== child) {
        throw new ToolError(
          `${tool} was stopped (${describeReason(context.signal.reason)}); its helper process was killed and a new one starts with the next file call.`,
        )
      }
      const id = this.nextId++
      const result = new Promise<string>((resolve, reject) => {
        this.pending.set(id, { resolve, reject })
      })
      const line = JSON.stringify({ id, tool, args, workdir: context.workdir })
      child.stdin?.write(`${line}\n`)
      return await result
    } finally {
      context.signal.removeEventListener('abort', onAbort)
    }
  }

  /** Ends the helper; calls still running fail. */
  async close(): Promise<void> {
    const children = [this.child, this.spawning]
    this.stop(new ToolError('The run ended before this file call finished.'))
    for (const child of children) {
      if (child?.pid !== undefined) await killProcessGroup(child.pid)
    }
  }

  private start(context: ToolContext): Promise<ChildProcess> {
    this.started ??= this.startFirstWorking(context).catch((error) => {
      this.started = undefined
      throw error
    })
    return this.started
  }

  /** Tries the fd launch, then the path launch; remembers what worked. */
  private async startFirstWorking(context: ToolContext): Promise<ChildProcess> {
    const launches: Launch[] = this.launch ? [this.launch] : ['fd', 'path']
    let lastError: Error | undefined
    for (const launch of launches) {
      try {
        const child = await this.spawnHelper(launch, context)
        this.launch = launch
        return child
      } catch (error) {
        lastError = error as Error
      }
    }
    throw new ToolError(
      `Could not start the file tools' helper process: ${lastError?.message ?? 'unknown error'}`,
    )
  }

  private spawnHelper(
    launch: Launch,
    context: ToolContext,
  ): Promise<ChildProcess> {
    const nodePath = this.options.nodePath ?? process.execPath
    const binary = launch === 'fd' ? openSync(nodePath, 'r') : undefined
    const node = launch === 'fd' ? '/proc/self/fd/3' : nodePath
    const wrap = this.options.wrapCommand ?? ((argv: string[]) => argv)
    const argv = wrap([node, '--input-type=module', '-e', this.options.source])
    let child: ChildProcess
    try {
      child = spawn(argv[0], argv.slice(1), {
        cwd: context.workdir,
        env: context.env,
        stdio: [
          'pipe',
          'pipe',
          'pipe',
          ...(binary === undefined ? [] : [binary]),
        ],
        detached: true, // its own process group, killed as one
      })
    } finally {
      if (binary !== undefined) closeSync(binary) // the child has its copy
    }
    this.stderrTail = ''
    // A helper that died mid-write: its exit (below) says why.
    child.stdin?.on('error', () => undefined)
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(
        -STDERR_TAIL_BYTES,
      )
    })
    return new Promise((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! })
      let ready = false
      lines.on('line', (line) => {
        if (!ready) {
          ready = line === '{"ready":true}'
          if (ready) {
            this.spawning = undefined
            this.child = child
            resolve(child)
          }
          return
        }
        this.settle(line)
      })
      child.once('error', (error) => reject(error))
      child.once('exit', (code, signal) => {
        const why = `exit ${signal ?? code}${this.stderrTail ? `: ${this.stderrTail.trim()}` : ''}`
        if (!ready) reject(new Error(`it stopped before it was ready (${why})`))
        if (this.child === child) {
          this.stop(
            new ToolError(`The file tools' helper process stopped (${why}).`),
          )
        }
      })
      this.spawning = child
    })
  }

  private settle(line: string): void {
    let reply: { id?: unknown; output?: unknown; error?: unknown }
    try {
      reply = JSON.parse(line) as typeof reply
    } catch {
      return // stray output from the helper: not an answer
    }
    const pending = this.pending.get(reply.id as number)
    if (!pending) return
    this.pending.delete(reply.id as number)
    if (typeof reply.output === 'string') pending.resolve(reply.output)
    else pending.reject(new ToolError(String(reply.error)))
  }

  /** Kills the helper (if any) and fails every call waiting on it. */
  private stop(error: Error): void {
    for (const child of [this.child, this.spawning]) {
      if (child?.pid !== undefined) void killProcessGroup(child.pid)
      child?.stdin?.destroy()
    }
    this.child = undefined
    this.spawning = undefined
    this.started = undefined
    for (const pending of this.pending.values()) pending.reject(error)
    this.pending.clear()
  }
}

/** A call's raw text, checked here so a bad call never reaches the helper. */
interface HostedArguments {
  text: string
  args: unknown
}

/**
 * `tool` with its definition, its arguments checked in this process (once,
 * for the registry and the engine's path ordering) and its I/O done by
 * `host`, which hands the helper the call's raw text.
 */
export function hostFileTool(
  tool: BaseTool,
  host: FileToolHost,
): BaseTool<HostedArguments> {
  return {
    name: tool.name,
    definition: () => tool.definition(),
    parseArguments: (text) => ({ text, args: tool.parseArguments(text) }),
    pathOf: (hosted) => tool.pathOf(hosted.args),
    execute: (hosted, context) => host.run(tool.name, hosted.text, context),
  }
}

/**
 * The helper's bundled source beside the running bundle (dist/ for the
 * action, dist/cli/ for the local command); undefined when running from
 * TypeScript sources, where the tools run in-process.
 */
export function readFileToolWorkerSource(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const candidates = [
    path.join(here, 'file-tool-worker', 'index.js'),
    path.join(here, '..', 'file-tool-worker', 'index.js'),
  ]
  const found = candidates.find((candidate) => existsSync(candidate))
  return found === undefined ? undefined : readFileSync(found, 'utf8')
}

function describeReason(reason: unknown): string {
  if (reason instanceof ToolTimeoutError) return reason.message
  return 'the run was aborted'
}
