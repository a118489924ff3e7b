import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

/** The built command, run by the Node that runs jest, as a user would. */
export const CLI_BUNDLE = join(
  import.meta.dirname,
  '..',
  '..',
  'dist',
  'cli',
  'index.js',
)

export interface CliRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface RunningCli {
  child: ChildProcess
  /** What the child has written so far. */
  output: { stdout: string; stderr: string }
  exited: Promise<CliRun>
}

/**
 * Starts `node dist/cli/index.js args…` in `cwd` with exactly `env` (pass a
 * clean one: never the developer's own keys or NODE_OPTIONS).
 */
export function startCli(
  args: string[],
  options: { env: Record<string, string>; cwd: string },
): RunningCli {
  const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = { stdout: '', stderr: '' }
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    output.stdout += text
  })
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    output.stderr += text
  })
  const exited = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code, signal, ...output }))
  })
  return { child, output, exited }
}

/** Runs the command to its end: exit code, signal and everything it wrote. */
export function runCli(
  args: string[],
  options: { env: Record<string, string>; cwd: string },
): Promise<CliRun> {
  return startCli(args, options).exited
}
