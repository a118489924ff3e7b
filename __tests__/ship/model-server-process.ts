import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export const ROOT = join(import.meta.dirname, '..', '..')
export const SERVER_SCRIPT = join(ROOT, 'scripts', 'scripted-model-server.mjs')

/** How long the server may take to write its ready file (bounded wait). */
const READY_ATTEMPTS = 200
const READY_POLL_MS = 50

/** scripts/scripted-model-server.mjs running as its own process. */
export interface ModelServerProcess {
  /** The base URL it wrote to its ready file: `http://127.0.0.1:PORT/v1`. */
  baseUrl: string
  /** Its stdout and stderr so far. */
  output: { stdout: string; stderr: string }
  /** GET /__status. */
  status(): Promise<{ served: number; pending: number; misses: unknown[] }>
  stop(): Promise<void>
}

/**
 * Starts the script with `--script scriptPath` (and `extraArgs`), the way the
 * dogfood workflow does, and waits for its ready file.
 */
export async function startModelServerProcess(
  scriptPath: string,
  extraArgs: string[] = [],
): Promise<ModelServerProcess> {
  const temp = mkdtempSync(join(tmpdir(), 'harness9-model-'))
  const readyFile = join(temp, 'url')
  const child = spawn(
    process.execPath,
    [
      SERVER_SCRIPT,
      '--script',
      scriptPath,
      '--ready-file',
      readyFile,
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const output = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk) => (output.stdout += chunk))
  child.stderr.on('data', (chunk) => (output.stderr += chunk))
  const exited = new Promise<void>((resolve) =>
    child.on('close', () => resolve()),
  )
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null)
      child.kill('SIGTERM')
    await exited
    rmSync(temp, { recursive: true, force: true })
  }
  for (let attempt = 0; attempt < READY_ATTEMPTS; attempt++) {
    if (existsSync(readyFile)) break
    if (hasExited(child)) break
    await sleep(READY_POLL_MS)
  }
  if (!existsSync(readyFile)) {
    await stop()
    throw new Error(`the model server did not start: ${output.stderr}`)
  }
  const baseUrl = readFileSync(readyFile, 'utf8').trim()
  return {
    baseUrl,
    output,
    status: async () => {
      const response = await fetch(`${baseUrl.replace(/\/v1$/, '')}/__status`)
      return (await response.json()) as Awaited<
        ReturnType<ModelServerProcess['status']>
      >
    },
    stop,
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}
