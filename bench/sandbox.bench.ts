// Per-call overhead of the bash tool's sandbox: `bash -c true` spawned plain
// and through the bubblewrap wrapper that chooseSandbox returns (the hidden
// paths of this machine's environment), with the network shared and cut off.
// Run: npx tsx bench/sandbox.bench.ts
import { spawn } from 'node:child_process'
import { mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  chooseSandbox,
  listHiddenPaths,
} from '../src/sandbox/choose-sandbox.js'

const RUNS = 30
const WARMUP = 3

type Wrap = (argv: string[]) => string[]

function runOnce(argv: string[], cwd: string, home: string): Promise<number> {
  const started = process.hrtime.bigint()
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd,
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home, TMPDIR: home },
      stdio: 'ignore',
      detached: true,
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${argv[0]} exited with ${code}`))
      else resolve(Number(process.hrtime.bigint() - started) / 1e6)
    })
  })
}

async function measure(
  wrap: Wrap,
  cwd: string,
  home: string,
): Promise<number[]> {
  const argv = wrap(['bash', '-c', 'true'])
  for (let run = 0; run < WARMUP; run++) await runOnce(argv, cwd, home)
  const times: number[] = []
  for (let run = 0; run < RUNS; run++)
    times.push(await runOnce(argv, cwd, home))
  return times.sort((a, b) => a - b)
}

const median = (sorted: number[]): number =>
  (sorted[Math.floor((sorted.length - 1) / 2)] +
    sorted[Math.ceil((sorted.length - 1) / 2)]) /
  2

function report(label: string, sorted: number[], plain?: number): void {
  const overhead =
    plain === undefined
      ? ''
      : `, overhead ${(median(sorted) - plain).toFixed(2)} ms`
  console.log(
    `sandbox ${label}: median ${median(sorted).toFixed(2)} ms, ` +
      `min ${sorted[0].toFixed(2)}, max ${sorted[sorted.length - 1].toFixed(2)} ` +
      `(${RUNS} runs)${overhead}`,
  )
}

async function main(): Promise<void> {
  const workspace = await realpath(
    await mkdtemp(join(tmpdir(), 'h9-bench-ws-')),
  )
  const home = await realpath(await mkdtemp(join(tmpdir(), 'h9-bench-home-')))
  try {
    const hiddenPaths = listHiddenPaths(process.env)
    const choose = (network: boolean) =>
      chooseSandbox({
        mode: 'bwrap',
        workspace,
        privateDir: home,
        network,
        hiddenPaths,
      })
    const shared = await choose(true)
    const isolated = await choose(false)
    const plain = await measure((argv) => argv, workspace, home)
    report('plain bash -c true      ', plain)
    for (const [label, choice] of [
      ['bwrap, network shared   ', shared],
      ['bwrap, network cut off  ', isolated],
    ] as const) {
      if (choice.wrapCommand === undefined)
        throw new Error('bwrap was not chosen')
      report(
        label,
        await measure(choice.wrapCommand, workspace, home),
        median(plain),
      )
    }
  } finally {
    await rm(workspace, { recursive: true, force: true })
    await rm(home, { recursive: true, force: true })
  }
}

await main()
