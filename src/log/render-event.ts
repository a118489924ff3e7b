import type { EngineEvent, Usage } from '../schema/index.js'
import { readBashExit } from './bash-exit.js'
import { formatArguments } from './format-arguments.js'
import {
  formatTextSection,
  MAX_LOG_OUTPUT_BYTES,
  truncateUtf8,
  utf8ByteLength,
} from './format-output.js'
import {
  DEFAULT_LOG_LANGUAGE,
  LOG_LABELS,
  type LogLabels,
  type LogLanguage,
} from './labels.js'
import { formatField, renderBlock } from './render-block.js'

export interface RenderOptions {
  /** Header labels; `zh` (the design's words) when omitted. */
  language?: LogLanguage
}

type EventOf<T extends EngineEvent['type']> = Extract<EngineEvent, { type: T }>

/**
 * Renders one engine event as a block-style log entry ending in a newline.
 * `text-delta` gives its raw text (no header) for live streaming; `message`
 * gives `null`, since the blocks around it already say what it holds.
 */
export function renderEvent(
  event: EngineEvent,
  options: RenderOptions = {},
): string | null {
  const labels = LOG_LABELS[options.language ?? DEFAULT_LOG_LANGUAGE]
  switch (event.type) {
    case 'engine-start':
      return renderEngineStart(event, labels)
    case 'turn-start':
      return renderBlock({
        at: event.at,
        turn: event.turn,
        label: labels.turnStart,
        fields: [formatField('messages', event.messageCount)],
      })
    case 'phase-start':
      return renderPhaseStart(event, labels)
    case 'text-delta':
      return event.text
    case 'model-reply':
      return renderModelReply(event, labels)
    case 'tool-start':
      return renderBlock({
        at: event.at,
        turn: event.turn,
        label: labels.toolStart,
        fields: [
          formatField('tool', event.call.name),
          formatField('id', event.call.id),
        ],
        body: formatArguments(event.call.arguments),
      })
    case 'tool-end':
      return renderToolEnd(event, labels)
    case 'observation':
      return renderObservation(event, labels)
    case 'message':
      return null
    case 'engine-end':
      return renderEngineEnd(event, labels)
    case 'handover-start':
      return renderBlock({
        at: event.at,
        turn: event.turn,
        label: labels.handover,
        fields: [formatField('reason', event.reason)],
      })
    case 'handover-failed':
      return renderBlock({
        at: event.at,
        turn: event.turn,
        label: labels.handoverFailed,
        fields: [],
        body: formatTextSection('error', event.error),
      })
    case 'notice':
      return renderBlock({
        at: event.at,
        turn: event.turn,
        label: labels.notice,
        fields: [],
        body: formatTextSection('text', event.text),
      })
  }
}

function renderEngineStart(
  event: EventOf<'engine-start'>,
  labels: LogLabels,
): string {
  return renderBlock({
    at: event.at,
    label: labels.engineStart,
    fields: [
      formatField('workdir', event.workdir),
      formatField('thinking', onOff(event.thinking)),
      formatField('stream', onOff(event.stream)),
      formatField('maxTurns', event.maxTurns),
      formatField('toolTimeout', `${event.toolTimeoutMs}ms`),
    ],
  })
}

/** Phase 1 (thinking) calls the model without tools; phase 2 (action) with. */
function renderPhaseStart(
  event: EventOf<'phase-start'>,
  labels: LogLabels,
): string {
  const isThinking = event.phase === 'thinking'
  return renderBlock({
    at: event.at,
    turn: event.turn,
    label: isThinking ? labels.thinking : labels.action,
    fields: [
      formatField('phase', isThinking ? 1 : 2),
      formatField('tools', onOff(!isThinking)),
    ],
  })
}

function renderModelReply(
  event: EventOf<'model-reply'>,
  labels: LogLabels,
): string {
  const { content, toolCalls = [], stop } = event.message
  // An ordinary end says nothing; a cut, a refusal or an unknown stop is
  // named, with the provider's explanation when it gave one.
  const unusual = stop && stop.reason !== 'end' ? stop : undefined
  return renderBlock({
    at: event.at,
    turn: event.turn,
    label: labels.modelReply,
    fields: [
      formatField('phase', event.phase),
      formatField('toolCalls', toolCalls.length),
      ...formatUsage(event.usage),
      formatField('duration', `${event.durationMs}ms`),
      ...(unusual ? [formatField('stop', unusual.raw)] : []),
    ],
    body: [
      ...(content.trim() === '' ? [] : formatTextSection('text', content)),
      ...(unusual?.explanation
        ? formatTextSection('explanation', unusual.explanation)
        : []),
    ],
  })
}

function renderToolEnd(event: EventOf<'tool-end'>, labels: LogLabels): string {
  const { output } = event.result
  const exit = readBashExit(event.call.name, output)
  const isError = event.result.isError || exit !== undefined
  const shown = truncateKeepingExit(output, exit)
  const bytes = formatField('bytes', utf8ByteLength(output))
  return renderBlock({
    at: event.at,
    turn: event.turn,
    label: isError ? labels.toolFailed : labels.toolDone,
    fields: [
      formatField('tool', event.call.name),
      formatField('id', event.call.id),
      formatField('status', isError ? 'error' : 'ok'),
      ...(exit?.code === undefined ? [] : [formatField('exit', exit.code)]),
      shown.truncated
        ? `${bytes} (truncated to ${MAX_LOG_OUTPUT_BYTES})`
        : bytes,
      formatField('duration', `${event.durationMs}ms`),
    ],
    body: formatTextSection('output', shown.text),
  })
}

/** Cuts the output to the log's limit, the bash status line kept last. */
function truncateKeepingExit(
  output: string,
  exit: ReturnType<typeof readBashExit>,
): { text: string; truncated: boolean } {
  const shown = truncateUtf8(output, MAX_LOG_OUTPUT_BYTES)
  if (!shown.truncated || !exit) return shown
  const tail = `\n…\n${exit.line}`
  const head = truncateUtf8(
    output,
    Math.max(0, MAX_LOG_OUTPUT_BYTES - utf8ByteLength(tail)),
  )
  return { text: `${head.text}${tail}`, truncated: true }
}

function renderObservation(
  event: EventOf<'observation'>,
  labels: LogLabels,
): string {
  const before = event.messageCount - event.added
  return renderBlock({
    at: event.at,
    turn: event.turn,
    label: labels.observation,
    fields: [
      formatField('added', event.added),
      formatField('messages', `${before}→${event.messageCount}`),
    ],
  })
}

function renderEngineEnd(
  event: EventOf<'engine-end'>,
  labels: LogLabels,
): string {
  return renderBlock({
    at: event.at,
    label: labels.loopEnd,
    fields: [
      formatField('turns', event.turns),
      formatField('messages', event.messageCount),
      formatField('stop', event.stopReason),
      ...formatUsage(event.usage),
    ],
    body:
      event.error === undefined ? [] : formatTextSection('error', event.error),
  })
}

/** Token fields; the cached count only when a cache was read. */
function formatUsage(usage: Usage): string[] {
  const fields = [
    formatField('tokensIn', usage.inputTokens),
    formatField('tokensOut', usage.outputTokens),
  ]
  if (usage.cachedInputTokens > 0) {
    fields.push(formatField('tokensCached', usage.cachedInputTokens))
  }
  // Part of tokensOut, shown apart so a reasoning model's cost is visible.
  if (usage.reasoningTokens) {
    fields.push(formatField('tokensReasoning', usage.reasoningTokens))
  }
  return fields
}

function onOff(value: boolean): string {
  return value ? 'on' : 'off'
}
