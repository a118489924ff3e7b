import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { gitBinary, hostPrograms } from '../guard/host-programs.js'
import { buildGitEnv, buildHardeningArgs } from './git-env.js'

/** A git call running longer is killed (a FIFO include, a hung server). */
export const GIT_TIMEOUT_MS = 10 * 60 * 1000
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024
const MAX_STDERR_IN_MESSAGE = 2000

export interface RunGitOptions {
  /** Directory git runs in: the top level of the repository. */
  cwd: string
  /** Extra variables for this call (the token's GIT_CONFIG_*, the author). */
  env?: Readonly<Record<string, string>>
  /** Text (or exact bytes) written to git's standard input. */
  input?: string | Buffer
  /** `latin1` keeps every byte of the output (Buffer.from(out, 'latin1')). */
  encoding?: 'utf8' | 'latin1'
  /** Exit codes that are answers (`git config --get` exits 1 when unset). */
  acceptExitCodes?: readonly number[]
  /** Values to cut out of an error message (a token and its base64 form). */
  secrets?: readonly string[]
  timeoutMs?: number
  /** Kills git (SIGKILL) when aborted: the run is being cancelled. */
  signal?: AbortSignal
}

/** A failed git command; the message names it and quotes git's stderr. */
export class GitCommandError extends Error {
  readonly command: string
  readonly exitCode: number | undefined
  readonly stderr: string

  constructor(command: string, exitCode: number | undefined, stderr: string) {
    const status =
      exitCode === undefined ? 'did not finish' : `failed (exit ${exitCode})`
    const detail = stderr.trim().slice(-MAX_STDERR_IN_MESSAGE)
    super(`${command} ${status}${detail ? `: ${detail}` : ''}`)
    this.name = 'GitCommandError'
    this.command = command
    this.exitCode = exitCode
    this.stderr = stderr
  }
}

/**
 * Runs git without a shell, in the hardened environment of git-env.ts, with
 * hooks taken from an empty directory made for this call alone (so nothing
 * can have been planted in it). Returns stdout; throws GitCommandError.
 */
export async function runGit(
  args: readonly string[],
  options: RunGitOptions,
): Promise<string> {
  const emptyDir = await mkdtemp(join(tmpdir(), 'harness9-git-'))
  try {
    const env = buildGitEnv(process.env, options.env ?? {}, emptyDir)
    // git, and what git starts, come only from directories the model cannot
    // write: a planted git in node_modules/.bin would get the push token.
    env.PATH = hostPrograms().trustedPath
    const fullArgs = [...buildHardeningArgs(emptyDir), ...args]
    return await spawnGit(args, fullArgs, env, options)
  } finally {
    await rm(emptyDir, { recursive: true, force: true })
  }
}

function spawnGit(
  shownArgs: readonly string[],
  fullArgs: string[],
  env: Record<string, string>,
  options: RunGitOptions,
): Promise<string> {
  const secrets = options.secrets ?? []
  const command = redact(describeCommand(shownArgs), secrets)
  return new Promise((resolve, reject) => {
    // spawn, not execFile: execFile does not pass `detached` on. Its own
    // process group lets a stop also end the remote helper (git-remote-http)
    // that would otherwise keep waiting on the socket.
    const child = spawn(gitBinary(), fullArgs, {
      cwd: options.cwd,
      env,
      detached: true,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const encoding = options.encoding ?? 'utf8'
    const stdout = collect(child.stdout, encoding, () => stop('overflow'))
    const stderr = collect(child.stderr, encoding, () => stop('overflow'))
    let stoppedBy: StopReason | undefined
    const stop = (why: StopReason): void => {
      stoppedBy ??= why
      killGroup(child.pid)
    }
    const onAbort = (): void => stop('abort')
    const timer = setTimeout(
      () => stop('timeout'),
      options.timeoutMs ?? GIT_TIMEOUT_MS,
    )
    const settle = (exitCode: number | undefined, failure: string): void => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      const out = stdout.text()
      if (stoppedBy === undefined) {
        if (exitCode === 0) return resolve(out)
        if (
          exitCode !== undefined &&
          options.acceptExitCodes?.includes(exitCode)
        )
          return resolve(out)
      }
      const reason = stoppedBy !== undefined ? STOP_REASONS[stoppedBy] : failure
      const text = redact(`${stderr.text()}${reason}`, secrets)
      reject(
        new GitCommandError(command, stoppedBy ? undefined : exitCode, text),
      )
    }
    child.once('error', (error: NodeJS.ErrnoException) =>
      settle(undefined, describeSpawnFailure(error)),
    )
    child.once('close', (code, signal) =>
      settle(
        code ?? undefined,
        signal ? `\n(git was killed by ${signal})` : '',
      ),
    )
    if (options.signal?.aborted) stop('abort')
    options.signal?.addEventListener('abort', onAbort, { once: true })
    child.stdin.on('error', () => {
      // git may exit before reading its input; the exit status reports why.
    })
    child.stdin.end(options.input ?? '')
  })
}

type StopReason = 'timeout' | 'abort' | 'overflow'

/** Gathers a stream as text, calling `onOverflow` past MAX_OUTPUT_BYTES. */
function collect(
  stream: Readable,
  encoding: 'utf8' | 'latin1',
  onOverflow: () => void,
): { text(): string } {
  const chunks: Buffer[] = []
  let bytes = 0
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length
    if (bytes > MAX_OUTPUT_BYTES) return onOverflow()
    chunks.push(chunk)
  })
  return { text: () => Buffer.concat(chunks).toString(encoding) }
}

/** `git status --porcelain=v1 -z`; arguments with spaces are quoted. */
function describeCommand(args: readonly string[]): string {
  const shown = args.map((arg) =>
    /^[\w./:=@^{}+,-]+$/.test(arg) ? arg : JSON.stringify(arg),
  )
  const text = ['git', ...shown].join(' ')
  return text.length > 200 ? `${text.slice(0, 197)}...` : text
}

const STOP_REASONS: Record<StopReason, string> = {
  timeout: '\n(git was killed: it ran past its time limit)',
  abort: '\n(git was stopped: no time was left to finish it)',
  overflow: `\n(git was killed: its output passed ${MAX_OUTPUT_BYTES} bytes)`,
}

/** SIGKILL to git's whole process group (git and its remote helpers). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // ESRCH: the group already ended; the exit callback reports the result.
  }
}

function describeSpawnFailure(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return '\n(git is not installed or not on PATH)'
  return `\n(${error.message})`
}

/** Replaces every secret in `text` with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets
    .filter((secret) => secret.length >= 4)
    .reduce((result, secret) => result.split(secret).join('***'), text)
}
