#!/usr/bin/env node
// A scripted OpenAI-compatible model on loopback, for running the action (or
// the CLI) for real without a model, a key or a network: the dogfood workflow
// starts it in one step and points `base-url` at it in the next. It is the
// script form of __tests__/helpers/llm-server.ts and speaks the same Chat
// Completions wire format (streamed `data:` chunks ending in `data: [DONE]`,
// or one JSON completion). No dependencies: node:http only.
//
//   node scripts/scripted-model-server.mjs --script FILE
//        [--port 0] [--host 127.0.0.1] [--ready-file FILE]
//
// The script is JSON: { "replies": [ REPLY, ... ] }, served in order, one
// per POST /v1/chat/completions. A REPLY is
//   { "text": "final answer" }
//   { "toolCalls": [{ "name": "bash", "arguments": { "command": "ls" } }],
//     "text": "optional words before the calls" }
//   and either may carry "expect": ["text", ...]: strings the request's body
//   must hold (say, a tool's output that the previous turn should have sent
//   back). A request that misses one, or that comes after the script ended,
//   is answered with HTTP 500 (the client fails, loudly) and recorded.
//
// Once listening it prints `listening on <base url>` and, with --ready-file,
// writes the base URL (`http://127.0.0.1:PORT/v1`) to that file, so a shell
// can wait for the file. GET /__status answers
// { served, pending, misses: [{ request, reason }] } for a final check.
// It stops on SIGTERM or SIGINT.

import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import http from 'node:http'

/** Only loopback: nothing this server says may leave the machine. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])

const USAGE =
  'usage: scripted-model-server.mjs --script FILE [--port 0] ' +
  '[--host 127.0.0.1] [--ready-file FILE]'

/** Exits with status 2 and one sentence saying what to fix. */
function fail(message) {
  process.stderr.write(`scripted-model-server: ${message}\n`)
  process.exit(2)
}

function parseOptions(argv) {
  const options = { port: '0', host: '127.0.0.1' }
  const names = { '--script': 'script', '--port': 'port', '--host': 'host' }
  names['--ready-file'] = 'readyFile'
  for (let index = 0; index < argv.length; index += 2) {
    const name = names[argv[index]]
    if (!name) fail(`unknown option '${argv[index]}'. ${USAGE}`)
    if (argv[index + 1] === undefined)
      fail(`option '${argv[index]}' needs a value. ${USAGE}`)
    options[name] = argv[index + 1]
  }
  if (!options.script) fail(`--script is required. ${USAGE}`)
  if (!/^\d+$/.test(options.port) || Number(options.port) > 65535)
    fail(
      `--port must be a port number (0 picks a free one), got '${options.port}'.`,
    )
  if (!LOOPBACK_HOSTS.has(options.host))
    fail(
      `--host must be a loopback address (127.0.0.1, ::1 or localhost), got '${options.host}'.`,
    )
  return options
}

/** The script's replies, checked so that a typo fails here, not mid-run. */
function loadScript(path) {
  let script
  try {
    script = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    fail(`cannot read the script '${path}': ${error.message}`)
  }
  if (!Array.isArray(script?.replies) || script.replies.length === 0)
    fail(`the script '${path}' needs a non-empty "replies" array.`)
  script.replies.forEach((reply, index) =>
    checkReply(reply, `${path}: reply ${index + 1}`),
  )
  return script.replies
}

function checkReply(reply, where) {
  if (typeof reply !== 'object' || reply === null)
    fail(`${where} must be an object with "text" or "toolCalls".`)
  const calls = reply.toolCalls ?? []
  if (!Array.isArray(calls)) fail(`${where}: "toolCalls" must be an array.`)
  if (calls.length === 0 && typeof reply.text !== 'string')
    fail(`${where} needs a "text" string or a non-empty "toolCalls" array.`)
  for (const call of calls) {
    if (typeof call?.name !== 'string' || call.name === '')
      fail(`${where}: every tool call needs a "name".`)
    if (call.arguments === undefined)
      fail(`${where}: the call to ${call.name} needs "arguments".`)
  }
  const expected = reply.expect ?? []
  if (
    !Array.isArray(expected) ||
    expected.some((text) => typeof text !== 'string')
  )
    fail(`${where}: "expect" must be an array of strings.`)
}

// ---- OpenAI Chat Completions wire format (as llm-server.ts writes it)

const USAGE_NUMBERS = {
  prompt_tokens: 10,
  completion_tokens: 5,
  total_tokens: 15,
}

function toolCallsOf(reply, turn) {
  return (reply.toolCalls ?? []).map((call, index) => ({
    id: `call_${turn}_${index + 1}`,
    type: 'function',
    function: {
      name: call.name,
      // Raw text is sent as written (a test of bad JSON); objects as JSON.
      arguments:
        typeof call.arguments === 'string'
          ? call.arguments
          : JSON.stringify(call.arguments),
    },
  }))
}

function completion(reply, turn, model) {
  const toolCalls = toolCallsOf(reply, turn)
  const message = {
    role: 'assistant',
    content: reply.text ?? null,
    refusal: null,
  }
  if (toolCalls.length > 0) message.tool_calls = toolCalls
  return {
    id: `chatcmpl-scripted-${turn}`,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [
      {
        index: 0,
        message,
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        logprobs: null,
      },
    ],
    usage: USAGE_NUMBERS,
  }
}

function streamChunks(reply, turn, model) {
  const toolCalls = toolCallsOf(reply, turn)
  const chunk = (delta, finishReason) => ({
    id: `chatcmpl-scripted-${turn}`,
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })
  const chunks = [chunk({ role: 'assistant', content: '' }, null)]
  if (reply.text) chunks.push(chunk({ content: reply.text }, null))
  toolCalls.forEach((call, index) => {
    const { name, arguments: args } = call.function
    const start = {
      index,
      id: call.id,
      type: 'function',
      function: { name, arguments: '' },
    }
    chunks.push(chunk({ tool_calls: [start] }, null))
    chunks.push(
      chunk({ tool_calls: [{ index, function: { arguments: args } }] }, null),
    )
  })
  chunks.push(chunk({}, toolCalls.length > 0 ? 'tool_calls' : 'stop'))
  chunks.push({ ...chunk({}, null), choices: [], usage: USAGE_NUMBERS })
  return chunks
}

// ---- the server

async function readBody(incoming) {
  const parts = []
  for await (const part of incoming) parts.push(part)
  return Buffer.concat(parts).toString('utf8')
}

function sendJson(response, status, json) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(json))
}

function startServer(options, replies) {
  let served = 0
  const misses = []
  const miss = (response, request, reason) => {
    misses.push({ request, reason })
    process.stderr.write(`scripted-model-server: ${reason}\n`)
    const message = `scripted-model-server: ${reason}`
    sendJson(response, 500, { error: { message, type: 'server_error' } })
  }
  const server = http.createServer(async (incoming, response) => {
    const path = (incoming.url ?? '').split('?')[0]
    if (incoming.method === 'GET' && path === '/__status')
      return sendJson(response, 200, {
        served,
        pending: replies.length - served,
        misses,
      })
    if (incoming.method === 'GET' && path.endsWith('/models'))
      return sendJson(response, 200, {
        object: 'list',
        data: [
          { id: 'scripted', object: 'model', created: 0, owned_by: 'harness9' },
        ],
      })
    const text = await readBody(incoming)
    const request = `${incoming.method} ${path}`
    if (incoming.method !== 'POST' || !path.endsWith('/chat/completions'))
      return miss(response, request, `no such endpoint: ${request}`)
    let body
    try {
      body = JSON.parse(text)
    } catch {
      return miss(response, request, 'the request body is not JSON')
    }
    if (served >= replies.length)
      return miss(
        response,
        request,
        `request ${served + 1} came after the script's ${replies.length} replies`,
      )
    const reply = replies[served]
    const absent = (reply.expect ?? []).filter(
      (wanted) => !text.includes(wanted),
    )
    if (absent.length > 0)
      return miss(
        response,
        request,
        `request ${served + 1} does not hold ${absent.map((s) => JSON.stringify(s)).join(', ')}`,
      )
    served++
    const model = typeof body.model === 'string' ? body.model : 'scripted'
    process.stdout.write(`served reply ${served} of ${replies.length}\n`)
    if (body.stream !== true)
      return sendJson(response, 200, completion(reply, served, model))
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const chunk of streamChunks(reply, served, model))
      response.write(`data: ${JSON.stringify(chunk)}\n\n`)
    response.end('data: [DONE]\n\n')
  })
  server.on('error', (error) =>
    fail(`cannot listen on ${options.host}:${options.port}: ${error.message}`),
  )
  server.listen(Number(options.port), options.host, () => {
    const { port } = server.address()
    const host = options.host.includes(':') ? `[${options.host}]` : options.host
    const baseUrl = `http://${host}:${port}/v1`
    if (options.readyFile) {
      // Written whole, then renamed: a reader never sees half a URL.
      writeFileSync(`${options.readyFile}.partial`, `${baseUrl}\n`)
      renameSync(`${options.readyFile}.partial`, options.readyFile)
    }
    process.stdout.write(`listening on ${baseUrl}\n`)
  })
  const stop = () => {
    server.closeAllConnections()
    server.close(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

const options = parseOptions(process.argv.slice(2))
startServer(options, loadScript(options.script))
