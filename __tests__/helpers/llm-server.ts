import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback LLM API for tests: it speaks the real OpenAI Chat Completions and
 * Anthropic Messages wire formats, plays a queue of scripted replies, records
 * every request, and answers an unscripted one with HTTP 500 and a `misses`
 * entry (assert `server.misses` is empty).
 *
 *   const server = await startLlmServer()
 *   server.enqueue(openaiStream.toolCalls([{ id, name, arguments }]))
 *   new OpenAIProvider({ baseURL: `${server.url}/v1`, apiKey: 'test', ... })
 *   new AnthropicProvider({ baseURL: server.url, apiKey: 'test', ... })
 */

export interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string>
  /** The parsed JSON body (the raw text when it is not JSON). */
  body: unknown
}

export interface Miss extends RecordedRequest {
  reason: string
}

/** What the server writes for one request. */
export interface Reply {
  status: number
  headers?: Record<string, string>
  /** A JSON body. */
  json?: unknown
  /** Complete server-sent-event frames, written in order. */
  events?: string[]
  /** Written after `events`, then the response ends (see `cutOff`). */
  tail?: { text: string; reset: boolean }
  /** Wait this long before answering. */
  delayMs?: number
  /** After `events`, send nothing more and keep the connection open. */
  stall?: boolean
}

/** A fixed reply, or one computed from the request (a model that reacts). */
export type ScriptedReply =
  Reply | ((request: RecordedRequest) => Reply | Promise<Reply>)

export interface LlmServer {
  /** `http://127.0.0.1:<port>`: OpenAI clients add `/v1`, Anthropic's not. */
  url: string
  requests: RecordedRequest[]
  misses: Miss[]
  enqueue(...replies: ScriptedReply[]): void
  /** Scripted replies not yet served. */
  readonly pending: number
  close(): Promise<void>
}

export async function startLlmServer(): Promise<LlmServer> {
  const queue: ScriptedReply[] = []
  const requests: RecordedRequest[] = []
  const misses: Miss[] = []
  const server = http.createServer((incoming, response) => {
    void (async () => {
      const request = await readRequest(incoming)
      requests.push(request)
      const next = queue.shift()
      if (!next) return fail(request, 'no scripted reply')
      try {
        await writeReply(
          response,
          typeof next === 'function' ? await next(request) : next,
        )
      } catch (error) {
        // A client that hung up (an abort test) was served, not missed.
        if (!response.destroyed) fail(request, `script failed: ${error}`)
      }
    })()
    function fail(request: RecordedRequest, reason: string) {
      misses.push({ ...request, reason })
      if (response.headersSent) return void response.destroy()
      const message = `llm-server: ${reason} for ${request.method} ${request.path}`
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { message, type: 'server_error' } }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    misses,
    enqueue: (...replies) => void queue.push(...replies),
    get pending() {
      return queue.length
    },
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

async function readRequest(
  incoming: http.IncomingMessage,
): Promise<RecordedRequest> {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(Buffer.from(chunk))
  const text = Buffer.concat(chunks).toString('utf8')
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: the raw text is recorded as it came.
  }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers[name] = String(value)
  }
  return {
    method: incoming.method ?? '',
    path: incoming.url ?? '',
    headers,
    body,
  }
}

async function writeReply(
  response: http.ServerResponse,
  reply: Reply,
): Promise<void> {
  if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs))
  if (response.destroyed) return
  const streamed = reply.events !== undefined
  response.writeHead(reply.status, {
    'content-type': streamed ? 'text/event-stream' : 'application/json',
    ...reply.headers,
  })
  if (!streamed) return void response.end(JSON.stringify(reply.json ?? {}))
  for (const frame of reply.events ?? []) await write(response, frame)
  if (reply.stall) {
    await new Promise((resolve) => response.once('close', resolve))
    return
  }
  if (!reply.tail) return void response.end()
  await write(response, reply.tail.text)
  if (reply.tail.reset) response.socket?.destroy()
  else response.end()
}

function write(response: http.ServerResponse, text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    response.write(text, (error) => (error ? reject(error) : resolve())),
  )
}

/**
 * The stream cut after `afterEvents` frames, halfway into the next one, as a
 * dropped connection leaves it; `reset` destroys the socket instead of ending
 * the response cleanly.
 */
export function cutOff(
  reply: Reply,
  afterEvents: number,
  options: { reset?: boolean } = {},
): Reply {
  const events = reply.events ?? []
  const next = events[afterEvents] ?? ''
  return {
    ...reply,
    events: events.slice(0, afterEvents),
    tail: { text: next.slice(0, next.length / 2), reset: !!options.reset },
  }
}

/** A scripted tool call; `arguments` is the raw text, valid JSON or not. */
export interface ScriptedCall {
  id: string
  name: string
  arguments: string
}

export interface StreamOptions {
  /** Split each text and each call's arguments into this many pieces. */
  pieces?: number
  /** Round-robin the deltas of parallel calls instead of one after another. */
  interleave?: boolean
}

// ---- OpenAI Chat Completions: https://platform.openai.com/docs/api-reference/chat

export interface OpenAIUsage {
  prompt_tokens: number
  completion_tokens: number
  cached_tokens: number
}

interface OpenAIReplyOptions {
  text?: string
  usage?: Partial<OpenAIUsage>
  finishReason?: string
}

function openaiUsage(usage: Partial<OpenAIUsage> = {}) {
  const { prompt_tokens = 10, completion_tokens = 5, cached_tokens = 0 } = usage
  return {
    prompt_tokens,
    completion_tokens,
    total_tokens: prompt_tokens + completion_tokens,
    prompt_tokens_details: { cached_tokens },
  }
}

function openaiCompletion(
  message: Record<string, unknown>,
  finishReason: string,
  usage?: Partial<OpenAIUsage>,
): Reply {
  const json = {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [
      { index: 0, message, finish_reason: finishReason, logprobs: null },
    ],
    usage: openaiUsage(usage),
  }
  return { status: 200, json }
}

export const openaiReply = {
  text: (text: string, options: OpenAIReplyOptions = {}): Reply =>
    openaiCompletion(
      { role: 'assistant', content: text, refusal: null },
      options.finishReason ?? 'stop',
      options.usage,
    ),
  toolCalls: (calls: ScriptedCall[], options: OpenAIReplyOptions = {}): Reply =>
    openaiCompletion(
      {
        role: 'assistant',
        content: options.text ?? null,
        refusal: null,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      },
      options.finishReason ?? 'tool_calls',
      options.usage,
    ),
}

/** `data: {chunk}` frames ending in `data: [DONE]`. */
export const openaiStream = {
  chunks: (chunks: unknown[]): Reply => ({
    status: 200,
    events: [...chunks.map((chunk) => dataFrame(chunk)), 'data: [DONE]\n\n'],
  }),
  text: (
    text: string,
    options: OpenAIReplyOptions & StreamOptions = {},
  ): Reply => openaiStream.toolCalls([], { ...options, text }),
  toolCalls: (
    calls: ScriptedCall[],
    options: OpenAIReplyOptions & StreamOptions = {},
  ): Reply => {
    const pieces = options.pieces ?? 2
    const deltas: unknown[] = [{ role: 'assistant', content: '' }]
    for (const piece of split(options.text ?? '', pieces)) {
      deltas.push({ content: piece })
    }
    const perCall = calls.map((call, index) => [
      {
        index,
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: '' },
      },
      ...split(call.arguments, pieces).map((part) => ({
        index,
        function: { arguments: part },
      })),
    ])
    for (const toolCall of order(perCall, options.interleave)) {
      deltas.push({ tool_calls: [toolCall] })
    }
    const finish =
      options.finishReason ?? (calls.length ? 'tool_calls' : 'stop')
    const choice = (delta: unknown, finishReason: string | null) => ({
      id: 'chatcmpl-test',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'test-model',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    })
    return openaiStream.chunks([
      ...deltas.map((delta) => choice(delta, null)),
      choice({}, finish),
      { ...choice({}, null), choices: [], usage: openaiUsage(options.usage) },
    ])
  },
}

export function openaiError(
  status: number,
  message: string,
  headers?: Record<string, string>,
): Reply {
  const type = status === 429 ? 'rate_limit_error' : 'invalid_request_error'
  const error = { message, type, param: null, code: null }
  return { status, headers, json: { error } }
}

// ---- Anthropic Messages: https://docs.anthropic.com/en/api/messages-streaming

export interface AnthropicUsage {
  input_tokens: number
  output_tokens: number
  cache_read_input_tokens: number
  cache_creation_input_tokens: number
}

interface AnthropicReplyOptions {
  text?: string
  usage?: Partial<AnthropicUsage>
  stopReason?: string
}

function anthropicUsage(usage: Partial<AnthropicUsage> = {}): AnthropicUsage {
  return {
    input_tokens: 10,
    output_tokens: 5,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
    ...usage,
  }
}

function anthropicMessage(
  content: unknown[],
  stopReason: string | null,
  usage: AnthropicUsage,
) {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model: 'test-model',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage,
  }
}

export const anthropicReply = {
  text: (text: string, options: AnthropicReplyOptions = {}): Reply =>
    anthropicReply.toolCalls([], { ...options, text }),
  /** A whole message carries parsed input: `arguments` must be JSON here. */
  toolCalls: (
    calls: ScriptedCall[],
    options: AnthropicReplyOptions = {},
  ): Reply => {
    const content: unknown[] = options.text
      ? [{ type: 'text', text: options.text }]
      : []
    for (const call of calls) {
      const input: unknown = JSON.parse(call.arguments)
      content.push({ type: 'tool_use', id: call.id, name: call.name, input })
    }
    const stopReason =
      options.stopReason ?? (calls.length ? 'tool_use' : 'end_turn')
    const usage = anthropicUsage(options.usage)
    return { status: 200, json: anthropicMessage(content, stopReason, usage) }
  },
}

/** `event: <type>` plus `data: {json}` pairs: the SDK drops data without an event line. */
export const anthropicStream = {
  events: (events: Array<{ type: string }>): Reply => ({
    status: 200,
    events: events.map((event) => `event: ${event.type}\n${dataFrame(event)}`),
  }),
  text: (
    text: string,
    options: AnthropicReplyOptions & StreamOptions = {},
  ): Reply => anthropicStream.toolCalls([], { ...options, text }),
  toolCalls: (
    calls: ScriptedCall[],
    options: AnthropicReplyOptions & StreamOptions = {},
  ): Reply => {
    const pieces = options.pieces ?? 2
    const usage = anthropicUsage(options.usage)
    const blocks: Array<Array<{ type: string }>> = []
    if (options.text) {
      const delta = (text: string) => ({ type: 'text_delta', text })
      blocks.push(
        block(
          0,
          { type: 'text', text: '' },
          split(options.text, pieces).map(delta),
        ),
      )
    }
    for (const call of calls) {
      const index = blocks.length
      const start = {
        type: 'tool_use',
        id: call.id,
        name: call.name,
        input: {},
      }
      const delta = (json: string) => ({
        type: 'input_json_delta',
        partial_json: json,
      })
      blocks.push(block(index, start, split(call.arguments, pieces).map(delta)))
    }
    const stopReason =
      options.stopReason ?? (calls.length ? 'tool_use' : 'end_turn')
    return anthropicStream.events([
      {
        type: 'message_start',
        message: anthropicMessage([], null, { ...usage, output_tokens: 1 }),
      },
      { type: 'ping' },
      ...order(blocks, options.interleave),
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: usage.output_tokens },
      },
      { type: 'message_stop' },
    ] as Array<{ type: string }>)
  },
}

export function anthropicError(
  status: number,
  type: string,
  message: string,
  headers?: Record<string, string>,
): Reply {
  return { status, headers, json: { type: 'error', error: { type, message } } }
}

function block(
  index: number,
  contentBlock: unknown,
  deltas: unknown[],
): Array<{ type: string }> {
  return [
    { type: 'content_block_start', index, content_block: contentBlock },
    ...deltas.map((delta) => ({ type: 'content_block_delta', index, delta })),
    { type: 'content_block_stop', index },
  ] as Array<{ type: string }>
}

function dataFrame(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`
}

/** `text` in `count` pieces of about equal length (none when it is empty). */
function split(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count))
  const pieces: string[] = []
  for (let at = 0; at < text.length; at += size) {
    pieces.push(text.slice(at, at + size))
  }
  return pieces
}

/** The lists one after another, or round-robin when interleaved. */
function order<T>(lists: T[][], interleave = false): T[] {
  if (!interleave) return lists.flat()
  const longest = Math.max(0, ...lists.map((list) => list.length))
  const result: T[] = []
  for (let step = 0; step < longest; step++) {
    for (const list of lists) if (step < list.length) result.push(list[step])
  }
  return result
}
