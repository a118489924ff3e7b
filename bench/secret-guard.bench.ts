// The outbound secret scan on 1 MiB of text: ordinary source code, and text
// dense with what the patterns treat specially (percent escapes, invisible
// characters, near-misses of the secrets), for two secrets (a key and a
// token) as the action scans them. Median of RUNS scans, patterns cached.
// Run: npx tsx bench/secret-guard.bench.ts
import { containsSecret } from '../src/action/guard/secret-guard.js'

const RUNS = 9
const MIB = 1024 * 1024
const KEY = 'sk-proj-0123456789abcdefghijklmnopqrstuvwxyzABCD'
const TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a'

function fill(unit: string): string {
  return unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB)
}

const TEXTS: [string, string][] = [
  [
    'source code',
    fill(
      'export function add(a: number, b: number): number {\n  return a + b\n}\n',
    ),
  ],
  ['percent escapes', fill('%73%6B%2D%70%72%6F%6A%2D%30%31%32 %E2%81%A2%gh ')],
  ['invisible characters', fill('s\u00ADk\u2062-\u034Fp\u2063r\uFEFFo ')],
  ['near misses', fill(`${KEY.slice(0, 30)} ${TOKEN.slice(0, 20)}\n`)],
]

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

containsSecret('warm-up', [KEY, TOKEN])
for (const [name, text] of TEXTS) {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    const found = containsSecret(text, [KEY, TOKEN])
    times.push(performance.now() - started)
    if (found) throw new Error(`false positive in ${name}`)
  }
  console.log(`scan 1 MiB of ${name}: ${median(times).toFixed(1)} ms`)
}
