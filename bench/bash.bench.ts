// The bash tool's cost: per-call overhead next to a bare `bash -c true`
// spawn, and the peak memory of a process that pushes 1 GB of output through
// the tool. Run: npm run bench (or npx tsx bench/bash.bench.ts).
// Plain `node --experimental-strip-types` cannot load src/: it does not map
// the `.js` import suffixes to `.ts` files.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createBashTool } from '../src/tools/bash.js'
import type { ToolContext } from '../src/tools/base-tool.js'

const CALLS = 50
const GIGABYTE_COMMAND = 'yes | head -c 1000000000'
const CHILD_FLAG = '--measure-in-child'

const context: ToolContext = {
  workdir: tmpdir(),
  env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  signal: new AbortController().signal,
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function timeCalls(call: () => Promise<unknown>): Promise<number> {
  await call() // warm-up
  const times: number[] = []
  for (let index = 0; index < CALLS; index++) {
    const started = performance.now()
    await call()
    times.push(performance.now() - started)
  }
  return median(times)
}

function spawnBashTrue(): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', 'true'], {
      cwd: context.workdir,
      env: context.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.on('close', () => resolve())
  })
}

async function measureOverhead(): Promise<void> {
  const tool = createBashTool()
  const args = JSON.stringify({ command: 'true' })
  const direct = await timeCalls(spawnBashTrue)
  const viaTool = await timeCalls(() =>
    tool.execute(tool.parseArguments(args), context),
  )
  console.log(
    `bash per call, median of ${CALLS} \`true\`: tool ${viaTool.toFixed(2)} ms, ` +
      `bare spawn ${direct.toFixed(2)} ms, overhead ${(viaTool - direct).toFixed(2)} ms`,
  )
}

/** In a child process, so its peak RSS (VmHWM) is the tool's and nothing else's. */
async function runChild(command: string): Promise<void> {
  const started = performance.now()
  const output = await createBashTool().execute({ command }, context)
  const seconds = (performance.now() - started) / 1000
  const status = readFileSync('/proc/self/status', 'utf8')
  const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1])
  console.log(JSON.stringify({ seconds, peakKb, outputBytes: output.length }))
}

interface ChildReport {
  seconds: number
  peakKb: number
  outputBytes: number
}

async function measureInChild(command: string): Promise<ChildReport> {
  // Same node flags as this run (tsx's loader), this file, child mode.
  const child = spawn(
    process.execPath,
    [...process.execArgv, process.argv[1], CHILD_FLAG, command],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  await new Promise((resolve) => child.on('close', resolve))
  return JSON.parse(stdout) as ChildReport
}

async function measureGigabyte(): Promise<void> {
  const baseline = await measureInChild('true')
  const { seconds, peakKb, outputBytes } =
    await measureInChild(GIGABYTE_COMMAND)
  const megabytes = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`
  console.log(
    `bash 1 GB of output (\`${GIGABYTE_COMMAND}\`): ${seconds.toFixed(2)} s ` +
      `(${(1000 / seconds).toFixed(0)} MB/s), peak RSS ${megabytes(peakKb)} ` +
      `(${megabytes(baseline.peakKb)} for \`true\`), ` +
      `${outputBytes} characters returned`,
  )
}

const childAt = process.argv.indexOf(CHILD_FLAG)
if (childAt !== -1) {
  await runChild(process.argv[childAt + 1])
} else {
  await measureOverhead()
  await measureGigabyte()
}
