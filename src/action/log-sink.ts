import * as core from '@actions/core'
import { describeToolCall } from '../log/describe-call.js'
import { renderEvent } from '../log/render-event.js'
import type { LogLanguage } from '../log/labels.js'
import type { EngineEvent, ToolCall } from '../schema/index.js'
import { closePhase } from './phase-log.js'
import { createWorkflowCommandGuard } from './workflow-command-guard.js'

/** Tool calls named in a turn's group title; more are counted. */
const MAX_TITLE_CALLS = 3

/**
 * Writes the engine's events to the step log: each turn in a collapsible
 * group titled with what the turn did (`Turn 3 · bash: npm test · edit_file
 * src/a.ts`), each event as one block. A group's title is printed when it
 * opens, so a turn's first blocks wait until the model's reply names its
 * tool calls (before any tool runs). Every block and title passes through
 * `redact`, and blocks through the workflow command guard, since they carry
 * text from the model and its tools.
 */
export function createActionLogger(options: {
  language: LogLanguage
  write?: (text: string) => void
  /** Removes secrets the runner's masking would miss (split, encoded). */
  redact?: (text: string) => string
  startGroup?: (title: string) => void
  endGroup?: () => void
}): (event: EngineEvent) => void {
  const write = options.write ?? ((text: string) => process.stdout.write(text))
  const redact = options.redact ?? ((text: string) => text)
  const startGroup = options.startGroup ?? ((title) => core.startGroup(title))
  const endGroup = options.endGroup ?? (() => core.endGroup())
  const guard = createWorkflowCommandGuard()
  let groupOpen = false
  /** Blocks of the current turn waiting for its title. */
  let pending: { turn: number; texts: string[] } | undefined
  const openGroup = (title: string): void => {
    startGroup(redact(title))
    groupOpen = true
    for (const text of pending?.texts ?? []) write(text)
    pending = undefined
  }
  const closeGroup = (): void => {
    if (pending) openGroup(`Turn ${pending.turn}`)
    if (groupOpen) endGroup()
    groupOpen = false
  }
  return (event) => {
    if (event.type === 'turn-start') {
      closeGroup()
      closePhase()
      pending = { turn: event.turn, texts: [] }
    } else if (event.type === 'engine-end') {
      closeGroup()
    }
    // Streamed text is shown whole in the model-reply block; a live stream
    // would only interleave with nothing here and double the log.
    if (event.type === 'text-delta') return
    const rendered = renderEvent(event, { language: options.language })
    const text = rendered ? guard(redact(rendered)) : ''
    if (pending && event.type === 'model-reply' && event.phase === 'action') {
      openGroup(turnTitle(event.turn, event.message.toolCalls ?? []))
    }
    if (!text) return
    if (pending) pending.texts.push(text)
    else write(text)
  }
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
