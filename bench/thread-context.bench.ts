// Sanitising 1 MiB of thread text: an ordinary issue in markdown, and text
// shaped to make careless link, title and tag patterns backtrack (long runs
// of spaces after a link's destination, unclosed brackets, quotes and tags).
// Median of RUNS passes.
// Run: npx tsx bench/thread-context.bench.ts
import { sanitizeUntrusted } from '../src/action/github/thread-context.js'

const RUNS = 9
const MIB = 1024 * 1024

function fill(unit: string): string {
  return unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB)
}

const TEXTS: [string, string][] = [
  [
    'an ordinary issue',
    fill(
      'The [docs](https://e.example/d "title") say `x` works.\n![shot](a.png)\n<details><summary>Log</summary>\nline\n</details>\n',
    ),
  ],
  ['spaces after a destination', `](x${' '.repeat(MIB)}`],
  ['spaces after a definition', `[a]: x${' '.repeat(MIB)}`],
  ['unclosed labels', fill('[a\n')],
  ['unclosed titles', fill('](x "')],
  ['unclosed tags', fill('<a title ')],
  ['unclosed images', fill('![a')],
  ['invisible characters', fill('r\u2063u\u00ADn\u034F ')],
]

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

sanitizeUntrusted('warm-up')
for (const [name, text] of TEXTS) {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    sanitizeUntrusted(text)
    times.push(performance.now() - started)
  }
  console.log(`sanitise 1 MiB of ${name}: ${median(times).toFixed(1)} ms`)
}
