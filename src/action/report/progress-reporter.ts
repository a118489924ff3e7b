import * as core from '@actions/core'
import { readBashExit } from '../../log/bash-exit.js'
import { describeToolCall } from '../../log/describe-call.js'
import { type EngineEvent } from '../../schema/index.js'
import { errorMessage } from '../../util/error-message.js'
import { renderProgressComment } from '../github/reply-body.js'
import { redactSecrets } from '../guard/secret-guard.js'

/** GitHub rate-limits comment edits; one every 15 s is plenty to follow a run. */
export const PROGRESS_INTERVAL_MS = 15_000
/** Steps shown in the progress comment, newest last. */
const MAX_PROGRESS_STEPS = 5

export interface ProgressReporterOptions {
  /** Edits the status comment. */
  update: (body: string) => Promise<void>
  startedAt: number
  maxTurns: number
  runUrl: string
  secrets: string[]
  intervalMs?: number
  now?: () => number
}

export interface ProgressReporter {
  onEvent: (event: EngineEvent) => void
  /** Stops updating and waits for an edit under way, so none lands after the final reply. */
  stop: () => Promise<void>
}

/**
 * Keeps the status comment up to date while the agent works: elapsed time,
 * turn k of N, the last steps. An edit is sent only when something changed,
 * at most once per interval; a change inside the interval is sent when it
 * ends. A failed edit is a warning: the final reply still comes.
 */
export function createProgressReporter(
  options: ProgressReporterOptions,
): ProgressReporter {
  const intervalMs = options.intervalMs ?? PROGRESS_INTERVAL_MS
  const now = options.now ?? Date.now
  let turn = 0
  const steps: string[] = []
  let changed = false
  let stopped = false
  let warned = false
  let lastSentAt = options.startedAt // the "working on it" comment
  let inFlight: Promise<void> | undefined
  let timer: NodeJS.Timeout | undefined

  const send = (): void => {
    if (stopped || inFlight || !changed) return
    changed = false
    lastSentAt = now()
    const body = renderProgressComment({
      elapsedMs: lastSentAt - options.startedAt,
      turn,
      maxTurns: options.maxTurns,
      steps,
      runUrl: options.runUrl,
    })
    inFlight = options
      .update(redactSecrets(body, options.secrets))
      .catch((error: unknown) => {
        if (!warned) {
          core.warning(
            `Could not update the progress comment; the final reply will still be posted: ${errorMessage(error)}`,
          )
        }
        warned = true
      })
      .finally(() => {
        inFlight = undefined
        schedule()
      })
  }
  const schedule = (): void => {
    if (stopped || !changed || timer || inFlight) return
    const wait = Math.max(0, lastSentAt + intervalMs - now())
    timer = setTimeout(() => {
      timer = undefined
      send()
    }, wait)
    timer.unref() // never keeps the action alive
  }

  return {
    onEvent(event) {
      if (stopped) return
      if (event.type === 'turn-start') turn = event.turn
      else if (event.type === 'tool-end') {
        steps.push(describeStep(event))
        if (steps.length > MAX_PROGRESS_STEPS) steps.shift()
      } else return
      changed = true
      schedule()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
      await inFlight
    },
  }
}

/** `bash: npm test → exit 1`, `edit_file src/a.ts → error`, `read_file a.ts`. */
function describeStep(
  event: Extract<EngineEvent, { type: 'tool-end' }>,
): string {
  const call = describeToolCall(event.call.name, event.call.arguments)
  const exit = readBashExit(event.call.name, event.result.output)
  if (exit?.code !== undefined) return `${call} → exit ${exit.code}`
  if (exit || event.result.isError) return `${call} → error`
  return call
}
