import { EOL } from 'node:os'
import { describeToolCall } from '../../log/describe-call.js'
import { createDeferredWriter } from '../../log/deferred-writer.js'
import { renderEvent } from '../../log/render-event.js'
import type { LogLanguage } from '../../log/labels.js'
import type { EngineEvent, ToolCall } from '../../schema/index.js'
import { createWorkflowCommandGuard } from '../guard/workflow-command-guard.js'

/** Tool calls named in a turn's group title; more are counted. */
const MAX_TITLE_CALLS = 3

export interface ActionLogger {
  onEvent: (event: EngineEvent) => void
  /** Writes everything still queued; call before anything else is logged. */
  flush: () => void
}

/**
 * Writes the engine's events to the step log: each turn in a collapsible
 * group titled with what the turn did (`Turn 3 · bash: npm test · edit_file
 * src/a.ts`), each event as one block. A group's title is known once the
 * model's reply names its tool calls (before any tool runs), so a turn's
 * first blocks wait for it. Every block and title passes through `redact`,
 * and blocks through the workflow command guard, since they carry text from
 * the model and its tools. Blocks and group markers share one queue written
 * while the run waits for the model (see createDeferredWriter): stdout is a
 * synchronous pipe to the runner, and a turn's six blocks cost one write
 * instead of eight.
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
  /** Blocks of the current turn waiting for its title. */
  let pending: { turn: number; blocks: (() => string)[] } | undefined
  // What core.startGroup / core.endGroup print, queued in order instead.
  const openGroup = (title: string): void => {
    output.write(`::group::${escapeCommandData(redact(title))}${EOL}`)
    groupOpen = true
    for (const block of pending?.blocks ?? []) output.write(block)
    pending = undefined
  }
  const openPending = (): void => {
    if (pending) openGroup(`Turn ${pending.turn}`)
  }
  const closeGroup = (): void => {
    openPending()
    if (groupOpen) output.write(`::endgroup::${EOL}`)
    groupOpen = false
  }
  const queue = (event: EngineEvent): void => {
    if (event.type === 'turn-start') {
      closeGroup()
      pending = { turn: event.turn, blocks: [] }
    } else if (event.type === 'engine-end') {
      closeGroup()
    }
    // Streamed text is shown whole in the model-reply block; a live stream
    // would only interleave with nothing here and double the log.
    if (event.type === 'text-delta') return
    if (pending && event.type === 'model-reply' && event.phase === 'action') {
      openGroup(turnTitle(event.turn, event.message.toolCalls ?? []))
    }
    const block = (): string => {
      const text = renderEvent(event, { language: options.language })
      return text ? guard(redact(text)) : ''
    }
    if (pending) pending.blocks.push(block)
    else output.write(block)
  }
  const onEvent = (event: EngineEvent): void => {
    queue(event)
    // The run now waits for the model: what is queued goes out meanwhile.
    if (event.type === 'phase-start') output.flushWhenIdle()
  }
  const flush = (): void => {
    openPending()
    output.flush()
  }
  return { onEvent, flush }
}

/** `Turn 3 · bash: npm test · edit_file src/a.ts`, or `Turn 4 · answer`. */
export function turnTitle(turn: number, calls: ToolCall[]): string {
  if (calls.length === 0) return `Turn ${turn} · answer`
  const named = calls
    .slice(0, MAX_TITLE_CALLS)
    .map((call) => describeToolCall(call.name, call.arguments))
  const more = calls.length - named.length
  return [`Turn ${turn}`, ...named, ...(more > 0 ? [`+${more} more`] : [])]
    .join(' · ')
    .replace(/[\r\n]+/g, ' ')
}

/** The escaping core.startGroup applies to a command's data. */
function escapeCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}
