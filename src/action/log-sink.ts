import { EOL } from 'node:os'
import { createDeferredWriter } from '../log/deferred-writer.js'
import { renderEvent } from '../log/render-event.js'
import type { LogLanguage } from '../log/labels.js'
import type { EngineEvent } from '../schema/index.js'
import { createWorkflowCommandGuard } from './workflow-command-guard.js'

export interface ActionLogger {
  onEvent: (event: EngineEvent) => void
  /** Writes everything still queued; call before anything else is logged. */
  flush: () => void
}

/**
 * Writes the engine's events to the step log: each turn in a collapsible
 * group, each event as one block. Every block passes through `redact` and
 * the workflow command guard, since it carries text from the model and its
 * tools. Blocks and group markers share one queue written while the run
 * waits (see createDeferredWriter): stdout is a synchronous pipe to the
 * runner, and a turn's six blocks cost one write instead of eight.
 */
export function createActionLogger(options: {
  language: LogLanguage
  write?: (text: string) => void
  /** Removes secrets the runner's masking would miss (split, encoded). */
  redact?: (text: string) => string
}): ActionLogger {
  const output = createDeferredWriter(
    options.write ?? ((text: string) => process.stdout.write(text)),
  )
  const redact = options.redact ?? ((text: string) => text)
  const guard = createWorkflowCommandGuard()
  let groupOpen = false
  // What core.startGroup / core.endGroup print, queued in order instead.
  const closeGroup = (): void => {
    if (groupOpen) output.write(`::endgroup::${EOL}`)
    groupOpen = false
  }
  const onEvent = (event: EngineEvent): void => {
    if (event.type === 'turn-start') {
      closeGroup()
      output.write(`::group::Turn ${event.turn}${EOL}`)
      groupOpen = true
    } else if (event.type === 'engine-end') {
      closeGroup()
    }
    // Streamed text is shown whole in the model-reply block; a live stream
    // would only interleave with nothing here and double the log.
    if (event.type === 'text-delta') return
    output.write(() => {
      const text = renderEvent(event, { language: options.language })
      return text ? guard(redact(text)) : ''
    })
  }
  return { onEvent, flush: output.flush }
}
