import type { GenerateResult } from '../../src/providers/provider.js'
import type {
  Message,
  StreamEvent,
  ToolDefinition,
} from '../../src/schema/index.js'

/** Shared inputs and helpers of the provider tests. */

export const TOOLS: ToolDefinition[] = [
  {
    name: 'read_file',
    description: 'Read a file.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    },
  },
  {
    name: 'bash',
    description: 'Run a command.',
    inputSchema: {
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
    },
  },
]

export const SYSTEM = 'You are a careful coding agent.'
export const TASK = 'Fix the failing test.'

export const TASK_ONLY: Message[] = [
  { role: 'system', content: SYSTEM },
  { role: 'user', content: TASK },
]

/** A run after one turn with two calls, the second of which failed. */
export const AFTER_TOOLS: Message[] = [
  ...TASK_ONLY,
  {
    role: 'assistant',
    content: 'Let me look.',
    toolCalls: [
      { id: 'call_a', name: 'read_file', arguments: '{"path":"a.ts"}' },
      { id: 'call_b', name: 'bash', arguments: '{"command":"npm test"}' },
    ],
  },
  { role: 'user', content: 'export const a = 1', toolCallId: 'call_a' },
  {
    role: 'user',
    content: 'exit code 1',
    toolCallId: 'call_b',
    isError: true,
  },
]

export const THREE_CALLS = [
  { id: 'call_1', name: 'read_file', arguments: '{"path":"one.ts"}' },
  { id: 'call_2', name: 'read_file', arguments: '{"path":"two/2.ts"}' },
  { id: 'call_3', name: 'bash', arguments: '{"command":"ls -la src"}' },
]

/** Retries without real waits. */
export const FAST_RETRY = { retryBaseDelayMs: 10 }

export async function collect(
  stream: AsyncIterable<StreamEvent>,
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = []
  for await (const event of stream) events.push(event)
  return events
}

/** The result a stream ended with, checking it ended with `message-end`. */
export function endOf(events: StreamEvent[]): GenerateResult {
  const last = events.at(-1)
  if (last?.type !== 'message-end') {
    throw new Error(`stream ended with ${JSON.stringify(last)}`)
  }
  return { message: last.message, usage: last.usage }
}

export function textOf(events: StreamEvent[]): string {
  return events
    .map((event) => (event.type === 'text-delta' ? event.text : ''))
    .join('')
}

export function toolCallEvents(events: StreamEvent[]) {
  return events.flatMap((event) =>
    event.type === 'tool-call' ? [event.toolCall] : [],
  )
}

/** The error a promise rejected with (fails when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Error) return error
    throw new Error(`rejected with a non-error: ${String(error)}`)
  }
  throw new Error('expected a rejection, got a result')
}

/**
 * What was printed through `console` while `work` ran: the SDKs log there
 * by default, past our log and its secret guards.
 */
export async function consoleOutputDuring(
  work: () => Promise<unknown>,
): Promise<string[]> {
  const printed: string[] = []
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const
  const saved = methods.map((method) => console[method])
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      printed.push(`${method}: ${args.map(String).join(' ')}`)
    }
  }
  try {
    await work()
  } finally {
    methods.forEach((method, index) => (console[method] = saved[index]))
  }
  return printed
}
