// End to end: the built CLI (dist/cli/index.js) as a child process against a
// loopback OpenAI server scripted for TURNS turns of one read_file call each,
// then an answer. Prints wall time, requests, the server's own time, per-turn
// overhead and the CLI's peak memory, for a streamed and a --no-stream run,
// and the start-up time of both bundles. Build first (`npm run -s build`).
// Run: npx tsx bench/cli.bench.ts [turns]
import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  openaiReply,
  openaiStream,
  type Reply,
} from '../__tests__/helpers/llm-server.js'

const TURNS = Number(process.argv[2] ?? 200)
const STARTUP_RUNS = 11
const ROOT = join(import.meta.dirname, '..')
const CLI = join(ROOT, 'dist/cli/index.js')
const ACTION = join(ROOT, 'dist/index.js')
const ANSWER = `Read src/module.ts ${TURNS} times.`

interface ServerStats {
  requests: number
  /** Sum over requests of request received → response finished, in ms. */
  busyMs: number
  /** Epoch ms when the first request arrived. */
  firstRequestAt: number | undefined
  /** Epoch ms when the last response was finished. */
  lastReplyAt: number
  failures: string[]
}

/**
 * A loopback OpenAI Chat Completions server: the model calls read_file until
 * `turns` tool results came back, then answers. Replies stream or not, as the
 * request asks. Time is counted from the request's arrival to the last byte.
 */
async function startServer(turns: number) {
  const stats: ServerStats = {
    requests: 0,
    busyMs: 0,
    firstRequestAt: undefined,
    lastReplyAt: 0,
    failures: [],
  }
  const server = http.createServer((request, response) => {
    const arrived = performance.now()
    stats.firstRequestAt ??= Date.now()
    response.on('finish', () => {
      stats.busyMs += performance.now() - arrived
      stats.lastReplyAt = Date.now()
    })
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      stats.requests++
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        stream?: boolean
        messages: Array<{ role: string }>
      }
      const results = body.messages.filter((m) => m.role === 'tool').length
      if (results !== stats.requests - 1) {
        stats.failures.push(`request ${stats.requests}: ${results} results`)
      }
      writeReply(response, chooseReply(results, turns, body.stream === true))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function chooseReply(done: number, turns: number, stream: boolean): Reply {
  const builders = stream ? openaiStream : openaiReply
  if (done >= turns) return builders.text(ANSWER)
  const args = JSON.stringify({ path: 'src/module.ts' })
  return builders.toolCalls([
    { id: `call_${done + 1}`, name: 'read_file', arguments: args },
  ])
}

function writeReply(response: http.ServerResponse, reply: Reply): void {
  const streamed = reply.events !== undefined
  response.writeHead(reply.status, {
    'content-type': streamed ? 'text/event-stream' : 'application/json',
  })
  if (!streamed) return void response.end(JSON.stringify(reply.json))
  for (const frame of reply.events ?? []) response.write(frame)
  response.end()
}

/** A workspace with one ordinary source file of about 5 KB to read. */
function makeWorkdir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'harness9-cli-bench-'))
  mkdirSync(join(dir, 'src'))
  const lines = Array.from(
    { length: 120 },
    (_, i) =>
      `export const value${i} = compute(${i}, 'item-${i}') // line ${i}`,
  )
  writeFileSync(join(dir, 'src/module.ts'), `${lines.join('\n')}\n`)
  return dir
}

/**
 * A preload that writes the process's VmHWM (peak resident set, kB) to
 * `file` as it exits: the child's own peak, read at the last moment.
 */
function writePeakMemoryHook(dir: string, file: string): string {
  const hook = join(dir, 'peak-memory-hook.mjs')
  writeFileSync(
    hook,
    `import { readFileSync, writeFileSync } from 'node:fs'
process.on('exit', () => {
  const status = readFileSync('/proc/self/status', 'utf8')
  writeFileSync(${JSON.stringify(file)}, /VmHWM:\\s+(\\d+) kB/.exec(status)[1])
})
`,
  )
  return hook
}

interface ChildRun {
  code: number | null
  stdout: string
  stderrBytes: number
  startedAt: number
  endedAt: number
  wallMs: number
}

function runChild(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<ChildRun> {
  const startedAt = Date.now()
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderrBytes = 0
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text
  })
  child.stderr.on('data', (chunk: Buffer) => (stderrBytes += chunk.length))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderrBytes,
        startedAt,
        endedAt: Date.now(),
        wallMs: performance.now() - started,
      }),
    )
  })
}

async function benchRun(stream: boolean): Promise<void> {
  const workdir = makeWorkdir()
  const peakFile = join(workdir, '.peak-kb')
  const hook = writePeakMemoryHook(workdir, peakFile)
  const server = await startServer(TURNS)
  try {
    const flags = stream ? [] : ['--no-stream']
    const run = await runChild(
      [
        '--import',
        hook,
        CLI,
        ...flags,
        '--max-turns',
        String(TURNS + 1),
        'Read src/module.ts until told to stop.',
      ],
      {
        cwd: workdir,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: workdir,
          OPENAI_API_KEY: 'bench-key',
          OPENAI_BASE_URL: `${server.url}/v1`,
        },
      },
    )
    const { stats } = server
    const problems = [...stats.failures]
    if (run.code !== 0) problems.push(`exit status ${run.code}`)
    if (run.stdout !== `${ANSWER}\n`) problems.push(`stdout ${run.stdout}`)
    if (stats.requests !== TURNS + 1) {
      problems.push(`${stats.requests} requests, expected ${TURNS + 1}`)
    }
    if (problems.length) throw new Error(problems.join('; '))

    const startupMs = (stats.firstRequestAt ?? run.startedAt) - run.startedAt
    const overheadMs = (run.wallMs - stats.busyMs - startupMs) / TURNS
    const peakMb = Number(readFileSync(peakFile, 'utf8')) / 1024
    console.log(
      `cli ${stream ? 'stream   ' : 'no-stream'} ${TURNS} turns: ` +
        `wall ${(run.wallMs / 1000).toFixed(2)} s, ` +
        `${stats.requests} requests served, ` +
        `server time ${(stats.busyMs / 1000).toFixed(2)} s, ` +
        `start-up to first request ${startupMs} ms, ` +
        `last reply to exit ${run.endedAt - stats.lastReplyAt} ms, ` +
        `per-turn overhead ${overheadMs.toFixed(2)} ms, ` +
        `peak RSS (VmHWM) ${peakMb.toFixed(1)} MB, ` +
        `stderr log ${(run.stderrBytes / 1024).toFixed(0)} KB`,
    )
  } finally {
    await server.close()
    rmSync(workdir, { recursive: true, force: true })
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? sorted[middle]
    : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Median wall time of `runs` runs, checking each ends with `expectedCode`. */
async function benchStartup(
  label: string,
  args: string[],
  expectedCode: number,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'harness9-startup-'))
  // No GITHUB_WORKSPACE: the action bundle stops at its first check.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir }
  const times: number[] = []
  try {
    for (let i = 0; i < STARTUP_RUNS; i++) {
      const run = await runChild(args, { cwd: dir, env })
      if (run.code !== expectedCode) {
        throw new Error(`${label} exited ${run.code}, expected ${expectedCode}`)
      }
      times.push(run.wallMs)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(
    `start-up ${label}: median ${median(times).toFixed(0)} ms of ` +
      `${STARTUP_RUNS} runs (min ${Math.min(...times).toFixed(0)}, ` +
      `max ${Math.max(...times).toFixed(0)})`,
  )
}

for (const bundle of [CLI, ACTION]) {
  if (!existsSync(bundle)) throw new Error(`${bundle} missing: npm run build`)
}
console.log(`node ${process.version} (${process.execPath})`)
await benchStartup('dist/cli/index.js --version', [CLI, '--version'], 0)
await benchStartup('dist/index.js (no GITHUB_WORKSPACE)', [ACTION], 1)
await benchRun(true)
await benchRun(false)
