import * as core from '@actions/core'

/**
 * When a job is cancelled or times out, the runner sends SIGINT, waits about
 * 7.5 s, sends SIGTERM, waits about 2.5 s more, then SIGKILL. The commit gets
 * the first part of that window; the summary, outputs and reply the rest.
 */
export const COMMIT_WINDOW_AFTER_SIGINT_MS = 4_000
/** After SIGTERM only publishing is left: the commit is given up. */
export const COMMIT_WINDOW_AFTER_SIGTERM_MS = 0

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const

export interface Cancellation {
  /** Aborted at the first signal: the tools' process groups are killed. */
  signal: AbortSignal
  /** Aborted when the commit must give way to publishing (second signal, or its window). */
  hurry: AbortSignal
  /** The signal that cancelled the run, if one did. */
  readonly stoppedBy: NodeJS.Signals | undefined
  /** Epoch ms by which git must be done, once cancelled. */
  readonly commitDeadline: number | undefined
  dispose(): void
}

/**
 * Listens for SIGINT and SIGTERM. The first stops the agent; publishing
 * then goes on (Node's default of dying at once would post nothing and
 * leave the tools running). A later signal only cuts the commit short.
 */
export function listenForCancellation(): Cancellation {
  const stop = new AbortController()
  const hurry = new AbortController()
  let stoppedBy: NodeJS.Signals | undefined
  let commitDeadline: number | undefined
  let hurryTimer: NodeJS.Timeout | undefined
  const onSignal = (signal: NodeJS.Signals): void => {
    const window =
      signal === 'SIGINT'
        ? COMMIT_WINDOW_AFTER_SIGINT_MS
        : COMMIT_WINDOW_AFTER_SIGTERM_MS
    if (stop.signal.aborted) {
      core.info(`Received ${signal} again: publishing the outcome now.`)
      hurry.abort(new Error(`${signal} received`))
      return
    }
    stoppedBy = signal
    core.warning(
      `Received ${signal}: stopping the agent and its tools, then publishing what it did.`,
    )
    stop.abort(new Error(`cancelled by ${signal}`))
    commitDeadline = Date.now() + window
    hurryTimer = setTimeout(
      () => hurry.abort(new Error('no time left to commit')),
      window,
    )
    hurryTimer.unref()
  }
  for (const name of STOP_SIGNALS) process.on(name, onSignal)
  return {
    signal: stop.signal,
    hurry: hurry.signal,
    get stoppedBy() {
      return stoppedBy
    },
    get commitDeadline() {
      return commitDeadline
    },
    dispose() {
      clearTimeout(hurryTimer)
      for (const name of STOP_SIGNALS) process.off(name, onSignal)
    },
  }
}
