import * as core from '@actions/core'
import { renderEvent } from '../log/render-event.js'
import type { LogLanguage } from '../log/labels.js'
import type { EngineEvent } from '../schema/index.js'
import { createWorkflowCommandGuard } from './workflow-command-guard.js'

/**
 * Writes the engine's events to the step log: each turn in a collapsible
 * group, each event as one block. Every block passes through `redact` and
 * the workflow command guard, since it carries text from the model and its
 * tools.
 */
export function createActionLogger(options: {
  language: LogLanguage
  write?: (text: string) => void
  /** Removes secrets the runner's masking would miss (split, encoded). */
  redact?: (text: string) => string
}): (event: EngineEvent) => void {
  const write = options.write ?? ((text: string) => process.stdout.write(text))
  const redact = options.redact ?? ((text: string) => text)
  const guard = createWorkflowCommandGuard()
  let groupOpen = false
  const closeGroup = (): void => {
    if (groupOpen) core.endGroup()
    groupOpen = false
  }
  return (event) => {
    if (event.type === 'turn-start') {
      closeGroup()
      core.startGroup(`Turn ${event.turn}`)
      groupOpen = true
    } else if (event.type === 'engine-end') {
      closeGroup()
    }
    // Streamed text is shown whole in the model-reply block; a live stream
    // would only interleave with nothing here and double the log.
    if (event.type === 'text-delta') return
    const text = renderEvent(event, { language: options.language })
    if (text) write(guard(redact(text)))
  }
}
