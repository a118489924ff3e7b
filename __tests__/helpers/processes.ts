import { readdirSync, readFileSync } from 'node:fs'

/** Pids of live processes whose command line is exactly `argv`. */
export function processesRunning(argv: string[]): number[] {
  const wanted = argv.join('\0')
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let cmdline: string
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
    } catch {
      continue // exited while we looked
    }
    // A zombie's cmdline is empty, so only living processes match.
    if (cmdline.replace(/\0$/, '') === wanted) found.push(Number(entry))
  }
  return found
}
