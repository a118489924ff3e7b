// edit_file time per matching level on generated 1 MB and 10 MB files, next
// to a plain fs read + write of the same file and to a read + the atomic
// write edit_file uses (temp file, two fsyncs, rename): the floor of any edit.
// Each figure is the median of RUNS edits; the file is rewritten between runs.
// Run: npm run bench (or: npx tsx bench/edit-file.bench.ts)
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { writeFileAtomic } from '../src/tools/atomic-write.js'
import { editFileTool } from '../src/tools/edit-file.js'

const RUNS = 7
const lineOf = (i: number): string =>
  `    const value${i} = compute(${i}) // some padding text`

type Ending = '\n' | '\r\n'

/** A source text that only the given level matches, around line `i`. */
function sourceFor(level: string, i: number, ending: Ending): string {
  const line = lineOf(i).trim()
  const next = lineOf(i + 1).trim()
  const other: Ending = ending === '\n' ? '\r\n' : '\n'
  if (level === 'L1') return line
  if (level === 'L2') return `${line}${other}    ${next}`
  if (level === 'L3') return `\n  ${line} \n`
  return `${line}\n  ${next}` // L4: wrong indentation on the second line
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

async function measure(dir: string, megabytes: number, ending: Ending) {
  const lineCount = Math.ceil((megabytes * 1e6) / (lineOf(0).length + 1))
  const lines = Array.from({ length: lineCount }, (_, i) => lineOf(i))
  const content = lines.join(ending) + ending
  const file = path.join(dir, 'big.ts')
  const context = {
    workdir: dir,
    env: {},
    signal: new AbortController().signal,
  }
  const figures: string[] = []
  const baselines = {
    'fs read+write': async () => writeFile(file, await readFile(file)),
    'read+atomic write': async () =>
      writeFileAtomic(file, (await readFile(file)).toString('utf8')),
  }
  for (const [name, work] of Object.entries(baselines)) {
    const runs: number[] = []
    for (let run = 0; run < RUNS; run++) {
      await writeFile(file, content)
      runs.push(await time(work))
    }
    figures.push(`${name} ${median(runs).toFixed(1)} ms`)
  }
  for (const level of ['L1', 'L2', 'L3', 'L4']) {
    const args = JSON.stringify({
      path: 'big.ts',
      source_text: sourceFor(level, Math.floor(lineCount / 2), ending),
      target_text: 'replaced()',
    })
    const runs: number[] = []
    for (let run = 0; run < RUNS; run++) {
      await writeFile(file, content)
      runs.push(
        await time(() =>
          editFileTool.execute(editFileTool.parseArguments(args), context),
        ),
      )
    }
    figures.push(`${level} ${median(runs).toFixed(1)} ms`)
  }
  const label = `${megabytes} MB ${ending === '\n' ? 'LF  ' : 'CRLF'}`
  const size = (Buffer.byteLength(content) / 1e6).toFixed(1)
  console.log(`${label} (${size} MB): ${figures.join(' | ')}`)
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'h9-bench-'))
try {
  console.log(`node ${process.version}, median of ${RUNS} runs`)
  for (const megabytes of [1, 10]) {
    await measure(dir, megabytes, '\n')
    await measure(dir, megabytes, '\r\n')
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
