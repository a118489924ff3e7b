import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LLMProvider } from '../../src/providers/provider.js'
import type { LlmServer, Reply } from './llm-server.js'
import { collect, endOf, TASK_ONLY, TOOLS } from '../providers/conversation.js'

/**
 * The corpus of real recorded provider responses in fixtures/wire, described
 * by MANIFEST.json, and their replay on the loopback LLM server exactly as
 * recorded (see the manifest's `about` for each framing).
 */
export const WIRE_DIR = join(import.meta.dirname, '..', 'fixtures', 'wire')

export type Framing = 'anthropic-chunks' | 'openai-chunks' | 'sse' | 'json'

export interface Recording {
  file: string
  provider: string
  framing: Framing
  source: { repository: string; path: string; commit: string }
  shows: string
  note?: string
}

export function loadManifest(): { recordings: Recording[] } {
  return JSON.parse(readFileSync(join(WIRE_DIR, 'MANIFEST.json'), 'utf8')) as {
    recordings: Recording[]
  }
}

export function corpusFiles(): string[] {
  return readdirSync(WIRE_DIR).filter((file) => file !== 'MANIFEST.json')
}

export function readRecording(file: string): string {
  return readFileSync(join(WIRE_DIR, file), 'utf8')
}

/** The JSON lines of a `.chunks.txt` recording, parsed. */
export function chunksOf(file: string): Array<Record<string, unknown>> {
  return lines(readRecording(file)).map(
    (line) => JSON.parse(line) as Record<string, unknown>,
  )
}

/** A whole-body recording, parsed. */
export function jsonOf(file: string): Record<string, unknown> {
  return JSON.parse(readRecording(file)) as Record<string, unknown>
}

/** The reply that serves a recording as the API sent it. */
export function replay(file: string): Reply {
  const recording = loadManifest().recordings.find(
    (entry) => entry.file === file,
  )
  if (!recording) throw new Error(`${file} is not in MANIFEST.json`)
  const text = readRecording(file)
  switch (recording.framing) {
    case 'anthropic-chunks':
      return sse(
        lines(text).map((line) => {
          const { type } = JSON.parse(line) as { type: string }
          return `event: ${type}\ndata: ${line}\n\n`
        }),
      )
    case 'openai-chunks':
      return sse([
        ...lines(text).map((line) => `data: ${line}\n\n`),
        'data: [DONE]\n\n',
      ])
    case 'sse':
      return sse([text])
    case 'json':
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        events: [text],
      }
  }
}

/** Serves chunk lines as given (a test that edits a recording says so). */
export function replayOpenAIChunks(chunks: unknown[]): Reply {
  return sse([
    ...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`),
    'data: [DONE]\n\n',
  ])
}

/**
 * A recorded whole Anthropic message framed as the API streams one
 * (message_start, each block's start/deltas/stop, message_delta,
 * message_stop). The framing is ours, so a test using it says so; the
 * blocks, signatures, ids and usage are the recording's.
 * https://docs.anthropic.com/en/docs/build-with-claude/streaming
 */
export function streamOfMessage(message: Record<string, unknown>): Reply {
  const { content, stop_reason, stop_sequence, usage, ...head } = message
  const blocks = content as Array<Record<string, unknown>>
  const frame = (data: Record<string, unknown>) =>
    `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`
  const frames = [
    frame({
      type: 'message_start',
      message: { ...head, content: [], stop_reason: null, usage },
    }),
  ]
  blocks.forEach((block, index) => {
    frames.push(
      frame({
        type: 'content_block_start',
        index,
        content_block: emptied(block),
      }),
      ...blockDeltas(block).map((delta) =>
        frame({ type: 'content_block_delta', index, delta }),
      ),
      frame({ type: 'content_block_stop', index }),
    )
  })
  frames.push(
    frame({
      type: 'message_delta',
      delta: { stop_reason, stop_sequence },
      usage: {
        output_tokens: (usage as { output_tokens: number }).output_tokens,
      },
    }),
    frame({ type: 'message_stop' }),
  )
  return sse(frames)
}

function emptied(block: Record<string, unknown>): Record<string, unknown> {
  switch (block.type) {
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' }
    case 'text':
      return { type: 'text', text: '' }
    case 'tool_use':
      return { ...block, input: {} }
    default:
      return block
  }
}

function blockDeltas(block: Record<string, unknown>): unknown[] {
  switch (block.type) {
    case 'thinking':
      return [
        { type: 'thinking_delta', thinking: block.thinking },
        { type: 'signature_delta', signature: block.signature },
      ]
    case 'text':
      return [{ type: 'text_delta', text: block.text }]
    case 'tool_use':
      return [
        { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      ]
    default:
      return []
  }
}

function sse(frames: string[]): Reply {
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    events: frames,
  }
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '')
}

/**
 * Serves the recording `file` from `server` and streams the standard task
 * through `provider`: the events and the result they ended with.
 */
export async function streamRecording(
  server: LlmServer,
  provider: LLMProvider,
  file: string,
) {
  server.enqueue(replay(file))
  const events = await collect(provider.generateStream(TASK_ONLY, TOOLS))
  return { events, ...endOf(events) }
}
