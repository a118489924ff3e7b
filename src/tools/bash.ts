import { spawn, type ChildProcess } from 'node:child_process'
import { ToolError, type BaseTool, type ToolContext } from './base-tool.js'
import { BoundedOutput } from './bounded-output.js'
import { defineTool } from './define-tool.js'
import { killProcessGroup } from './process-group.js'
import { formatSeconds, ToolTimeoutError } from './tool-timeout.js'

/** The design's bashHardTimeout: the per-call timeout bash states by default. */
export const BASH_HARD_TIMEOUT_MS = 30_000
/** The design's maxOutputLen: the most output bytes the model gets back. */
export const MAX_OUTPUT_BYTES = 8000
/** How long output may still come once bash has exited. */
const DRAIN_MS = 100
/** How long to wait for bash to be reaped after its group was killed. */
const EXIT_WAIT_MS = 200

const DESCRIPTION = (limits: { timeout: string; maxBytes: number }): string =>
  `Runs a shell command with \`bash -c\` in the workspace directory and returns what it printed.

- stdout and stderr are merged into one stream, in the order they were written.
- Output is capped at ${limits.maxBytes} bytes: the beginning and the end are kept and a note says how many bytes were cut in between. For long output, redirect it to a file (\`npm test > test.log 2>&1\`) and read the parts you need with read_file, or filter it (\`| grep -n error\`, \`| tail -50\`).
- The timeout is ${limits.timeout}: then the command and everything it started are killed and you get the output so far. Do not run servers, watchers or anything that waits forever (\`tail -f\`, \`npm run dev\`, \`top\`).
- A non-zero exit is reported, not failed: the output ends with \`[exit status N]\`, so read the error and correct the command.
- No interactive input: stdin is empty, so a prompt reads end-of-file. Use non-interactive flags (\`-y\`, \`--yes\`, \`--no-pager\`).
- Background processes (\`cmd &\`) are killed when the command returns; nothing keeps running between calls.
- Each call is a new shell: \`cd\` and variables do not carry over, so chain steps with \`&&\`.`

const BASH_EXAMPLE = '{"command": "ls -la"}'

export interface BashToolOptions {
  /**
   * The registry's per-call timeout, as configured, which the description
   * states; defaults to BASH_HARD_TIMEOUT_MS. Bash keeps no timer of its
   * own: it stops when the call's signal fires.
   */
  timeoutMs?: number
  /** The most output bytes returned; defaults to MAX_OUTPUT_BYTES. */
  maxOutputBytes?: number
  /** Rewrites `['bash', '-c', command]`, e.g. to run it in a sandbox. */
  wrapCommand?: (argv: string[]) => string[]
}

export interface BashInput {
  command: string
}

/**
 * The `bash` tool: `bash -c` in its own process group, output merged and
 * capped in fixed memory, the whole group killed when the call's signal
 * fires (its timeout or the run's abort) and when the command returns. A
 * non-zero exit is output, not an error.
 */
export function createBashTool(
  options: BashToolOptions = {},
): BaseTool<BashInput> {
  const timeoutMs = options.timeoutMs ?? BASH_HARD_TIMEOUT_MS
  const maxOutputBytes = options.maxOutputBytes ?? MAX_OUTPUT_BYTES
  const wrapCommand = options.wrapCommand ?? ((argv: string[]) => argv)
  return defineTool({
    name: 'bash',
    description: DESCRIPTION({
      timeout: formatSeconds(timeoutMs),
      maxBytes: maxOutputBytes,
    }),
    inputSchema: {
      type: 'object',
      properties: {
        command: {
          type: 'string',
          description: 'The command line, e.g. "npm test 2>&1 | tail -50".',
        },
      },
      required: ['command'],
      additionalProperties: false,
    },
    example: BASH_EXAMPLE,
    parse: parseBashInput,
    async execute(input, context) {
      const argv = [
        ...MERGE_STDERR,
        ...wrapCommand(['bash', '-c', input.command]),
      ]
      const run = await runInProcessGroup(argv, context, maxOutputBytes)
      return formatRun(run)
    },
  })
}

export const bashTool = createBashTool()

/** Checks the fields of a bash call. */
export function parseBashInput(input: Record<string, unknown>): BashInput {
  const usage = `Send {"command": "<shell command>"}, e.g. ${BASH_EXAMPLE}.`
  const command = input.command
  if (command === undefined) throw new ToolError(`Missing "command". ${usage}`)
  if (typeof command !== 'string') {
    throw new ToolError(
      `"command" must be a string, got ${typeof command}. ${usage}`,
    )
  }
  if (command.trim() === '') {
    throw new ToolError(
      `Error: 命令为空字符串 (the command is empty). ${usage}`,
    )
  }
  return { command }
}

// Node gives each 'pipe' entry of `stdio` its own pipe, and two pipes read by
// one event loop do not keep the order of writes that land between two reads
// (a fast `echo out; echo err >&2` loop comes back reordered). One pipe on
// both fds, as Go's CombinedOutput does, needs a dup2 that Node does not
// offer, so a POSIX sh does it and execs the real argv: bash (or the
// sandbox) runs unchanged under the same pid, with fd 2 = fd 1. The wrapper's
// own errors land in the same stream.
const MERGE_STDERR = ['/bin/sh', '-c', 'exec "$@" 2>&1', 'sh']

/** The call's signal fired; `reason` says why (a ToolTimeoutError on timeout). */
interface Stop {
  kind: 'stop'
  reason: unknown
}
type Exit =
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'error'; error: Error }

interface Run {
  output: BoundedOutput
  /** Undefined when bash was still not reaped after its group was killed. */
  exit?: Exit
  stop?: Stop
}

/**
 * Runs `argv` as the leader of a new process group and waits for it. Returns
 * once bash has exited and its output has drained (at most DRAIN_MS more, so
 * a background child holding the pipe cannot hang the agent), or once the
 * group was killed because the call's signal fired. Nothing of the group
 * outlives it.
 */
async function runInProcessGroup(
  argv: string[],
  context: ToolContext,
  maxOutputBytes: number,
): Promise<Run> {
  if (context.signal.aborted) {
    throw new ToolError('(no output)\n[aborted before the command started]')
  }
  const output = new BoundedOutput(maxOutputBytes)
  const child = spawnGroupLeader(argv, context)
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) =>
      resolve({ kind: 'exit', code, signal }),
    )
    child.once('error', (error) => resolve({ kind: 'error', error }))
  })
  const pgid = child.pid
  if (pgid === undefined) throw startError(await exited, context.workdir)
  // 'close' comes once bash has exited and every holder of the pipe closed it.
  const closed = new Promise<void>((resolve) => child.once('close', resolve))
  const append = (chunk: Buffer): void => output.append(chunk)
  child.stdout?.on('data', append)
  child.stderr?.on('data', append) // only if sh fails before its dup2
  const watch = watchForStop(context.signal)
  try {
    const first = await Promise.race([exited, watch.stopped])
    const stop = isStop(first) ? first : undefined
    const exit = isStop(first) ? await killAndReap(pgid, exited) : first
    // A background child (`server &`) inherits the pipe and keeps it open
    // after bash exits: waiting for 'close' would hang the agent for good.
    // So wait briefly for the rest of the output, then kill what is left.
    await waitAtMost(closed, DRAIN_MS)
    await killProcessGroup(pgid)
    return { output, exit, stop }
  } finally {
    watch.dispose()
    child.stdout?.destroy()
    child.stderr?.destroy()
  }
}

function spawnGroupLeader(argv: string[], context: ToolContext): ChildProcess {
  try {
    return spawn(argv[0], argv.slice(1), {
      cwd: context.workdir,
      env: context.env, // exactly this, nothing of the agent's own
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // a process group of its own: one kill reaches all
    })
  } catch (error) {
    throw startError({ kind: 'error', error: error as Error }, context.workdir)
  }
}

function startError(exit: Exit, workdir: string): ToolError {
  const reason = exit.kind === 'error' ? exit.error.message : 'no process id'
  return new ToolError(`Could not start bash in ${workdir}: ${reason}`)
}

function isStop(value: Stop | Exit): value is Stop {
  return value.kind === 'stop'
}

/** Resolves when the call's signal fires: bash keeps no timer of its own. */
function watchForStop(signal: AbortSignal): {
  stopped: Promise<Stop>
  dispose(): void
} {
  let onAbort = (): void => {}
  const stopped = new Promise<Stop>((resolve) => {
    onAbort = () => resolve({ kind: 'stop', reason: signal.reason })
    signal.addEventListener('abort', onAbort, { once: true })
  })
  return {
    stopped,
    dispose: () => signal.removeEventListener('abort', onAbort),
  }
}

/** Resolves with the promise's value, or with undefined after `ms`. */
async function waitAtMost<T>(
  promise: Promise<T>,
  ms: number,
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Kills the group, then waits a little for bash's exit status. */
async function killAndReap(
  pgid: number,
  exited: Promise<Exit>,
): Promise<Exit | undefined> {
  await killProcessGroup(pgid)
  return waitAtMost(exited, EXIT_WAIT_MS)
}

/** The text the model reads; a timeout or an abort becomes a ToolError. */
function formatRun(run: Run): string {
  const text = run.output.toText(
    (cut) =>
      `[… ${cut} bytes cut; redirect the output to a file and read it with read_file to see everything …]`,
  )
  const body = text === '' ? '(no output)' : text
  const status = run.stop ? describeStop(run.stop) : describeExit(run.exit)
  const result =
    status === '' ? body : `${body}${body.endsWith('\n') ? '' : '\n'}${status}`
  if (run.stop) throw new ToolError(result)
  return result
}

function describeExit(exit: Exit | undefined): string {
  if (exit?.kind === 'error') return `[bash failed: ${exit.error.message}]`
  if (exit?.signal) return `[killed by signal ${exit.signal}]`
  if (exit?.code) return `[exit status ${exit.code}]`
  return ''
}

/** One wording for a timeout, shared with the registry (ToolTimeoutError). */
function describeStop(stop: Stop): string {
  if (stop.reason instanceof ToolTimeoutError) {
    return `[${stop.reason.message}; the process group was killed]`
  }
  return '[aborted; the process group was killed]'
}
