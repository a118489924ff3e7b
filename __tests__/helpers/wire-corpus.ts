import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Reply } from './llm-server.js'

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
