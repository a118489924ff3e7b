import type { Message, ToolCall } from '../schema/index.js'
import { estimateTokens } from './budget.js'

/**
 * Context windows (input tokens) of the models people run, by name prefix;
 * longest prefix wins. A model not here gets DEFAULT_CONTEXT_WINDOW: the
 * smallest window in common use, so an unknown model is trimmed early rather
 * than failed with a 400 "maximum context length".
 */
const KNOWN_CONTEXT_WINDOWS: ReadonlyArray<readonly [string, number]> = [
  ['gpt-5', 400_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-4o', 128_000],
  ['o3', 200_000],
  ['o4-mini', 200_000],
  ['claude-', 200_000],
  ['deepseek-', 128_000],
  ['grok-4', 256_000],
  ['gemini-', 1_048_576],
  ['mistral-large', 128_000],
]

export const DEFAULT_CONTEXT_WINDOW = 128_000

/** Above this share of the window, the history is trimmed before the call. */
export const CONTEXT_TRIM_SHARE = 0.8

export function contextWindowOf(model: string): number {
  let best: readonly [string, number] | undefined
  for (const entry of KNOWN_CONTEXT_WINDOWS) {
    if (model.startsWith(entry[0]) && entry[0].length > (best?.[0].length ?? 0))
      best = entry
  }
  return best?.[1] ?? DEFAULT_CONTEXT_WINDOW
}

/** Estimated tokens of a whole history, from its size. */
export function estimateHistoryTokens(messages: readonly Message[]): number {
  let bytes = 0
  for (const message of messages) bytes += messageBytes(message)
  return estimateTokens(bytes)
}

/**
 * Messages are never changed once in the history (trimming replaces them),
 * so each is measured once: the per-turn check costs a lookup per message,
 * not a pass over every byte of the history.
 */
const measured = new WeakMap<Message, number>()

function messageBytes(message: Message): number {
  let bytes = measured.get(message)
  if (bytes === undefined) {
    bytes = Buffer.byteLength(message.content)
    for (const call of message.toolCalls ?? []) {
      bytes += Buffer.byteLength(call.name) + Buffer.byteLength(call.arguments)
    }
    measured.set(message, bytes)
  }
  return bytes
}

export interface Elision {
  /** The history with older tool results replaced by stubs. */
  messages: Message[]
  elided: number
  bytesSaved: number
}

/**
 * Replaces older tool results by short stubs, oldest first, until the
 * history fits `targetTokens`, so the newest turns stay whole as far as they
 * fit; the results of the last turn (not yet seen by the model) always stay.
 * Calls and answers stay, so the model knows what it did and can re-run it.
 */
export function elideToolResults(
  messages: readonly Message[],
  targetTokens: number,
): Elision {
  const calls = new Map<string, ToolCall>()
  for (const message of messages) {
    for (const call of message.toolCalls ?? []) calls.set(call.id, call)
  }
  const lastCall = messages.findLastIndex(
    (message) => message.role === 'assistant',
  )
  const candidates = messages
    .map((message, index) => ({ message, index }))
    .filter(
      ({ message, index }) =>
        message.toolCallId !== undefined && index < lastCall,
    )
  const out = [...messages]
  let tokens = estimateHistoryTokens(messages)
  let elided = 0
  let bytesSaved = 0
  for (const { message, index } of candidates) {
    if (tokens <= targetTokens) break
    if (isStub(message.content)) continue
    const stub = stubOf(message, calls.get(message.toolCallId ?? ''))
    const saved = Buffer.byteLength(message.content) - Buffer.byteLength(stub)
    if (saved <= 0) continue
    out[index] = { ...message, content: stub }
    tokens -= estimateTokens(saved)
    bytesSaved += saved
    elided += 1
  }
  return { messages: out, elided, bytesSaved }
}

const STUB_START = '[elided to keep the context small: '

function isStub(content: string): boolean {
  return content.startsWith(STUB_START)
}

function stubOf(result: Message, call: ToolCall | undefined): string {
  const what = call
    ? `${call.name} ${truncate(call.arguments, 200)}`
    : 'a tool call'
  const size = Buffer.byteLength(result.content).toLocaleString('en-US')
  return `${STUB_START}the ${result.isError ? 'error' : 'output'} of ${what}, ${size} bytes. Run it again if you need it.]`
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`
}

/**
 * Where the history can be cut for a summary: the start of the newest
 * `keep` messages, moved back to an assistant message so that no tool
 * result loses its call. Undefined when nothing older than the task can go.
 */
export function summaryCut(
  messages: readonly Message[],
  keep: number,
): number | undefined {
  const first = firstConversationIndex(messages)
  let cut = Math.max(first + 1, messages.length - keep)
  while (cut > first && messages[cut]?.role !== 'assistant') cut -= 1
  return cut > first + 1 ? cut : undefined
}

/** The index of the task: the first user message after the system prompt. */
export function firstConversationIndex(messages: readonly Message[]): number {
  const index = messages.findIndex((message) => message.role === 'user')
  return index === -1 ? 0 : index
}

export const SUMMARY_PROMPT =
  'The conversation is getting too long for the context window. Summarise everything so far for yourself, to continue the task from the summary alone: ' +
  'the task, what you found (files, facts, commands and their results), what you changed, what is left, and anything you must not forget. ' +
  'Be concrete and complete but brief; no tool calls.'

/**
 * The history with messages between the task and `cut` replaced by the
 * summary, appended to the task's message so that roles still alternate.
 */
export function replaceWithSummary(
  messages: readonly Message[],
  cut: number,
  summary: string,
): Message[] {
  const task = firstConversationIndex(messages)
  const head = messages.slice(0, task)
  const taskMessage = messages[task]
  const summarised: Message = {
    role: 'user',
    content: `${taskMessage.content}\n\n[Summary of the earlier part of this run, written by you when the context grew too long:]\n${summary}`,
  }
  return [...head, summarised, ...messages.slice(cut)]
}
