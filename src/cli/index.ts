#!/usr/bin/env node
import { constants } from 'node:os'
import { main } from './main.js'

// Ctrl-C, `kill` (SIGTERM) and a closed terminal (SIGHUP) stop the running
// tools and end the run cleanly: the tools run in their own process groups,
// so dying at once would leave them running. A second signal exits at once.
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const controller = new AbortController()
let stoppedBy: (typeof STOP_SIGNALS)[number] | undefined
for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(exitStatusOf(signal))
    stoppedBy = signal
    controller.abort()
    if (signal === 'SIGINT') {
      process.stderr.write(
        '\nharness9: stopping (Ctrl-C again to exit at once)\n',
      )
    }
  })
}

/** What a shell reports for a process ended by `signal`: 128 + its number. */
function exitStatusOf(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal]
}

const status = await main({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  signal: controller.signal,
})
// main says 130 for any aborted run; report the signal that aborted it.
process.exitCode =
  status === 130 && stoppedBy ? exitStatusOf(stoppedBy) : status
