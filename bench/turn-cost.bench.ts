// Where a turn's client time goes, measured as CPU time (robust on a shared
// machine) inside one process against the side-by-side bench's scripted
// server (../shared/bench-peers/server.mjs; start it and pass its port):
//   node server.mjs --quiet & PORT=...; BENCH_PORT=$PORT tsx bench/turn-cost.bench.ts
// Each variant runs the loop-200 scenario; rows subtract to give the cost of
// the log, the tools and the SDK over a bare fetch loop.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runAgent } from '../src/engine/run-agent.js'
import { buildSystemPrompt } from '../src/engine/system-prompt.js'
import { renderEvent } from '../src/log/render-event.js'
import { createProvider } from '../src/providers/create-provider.js'
import type { Message } from '../src/schema/index.js'
import { builtInTools, registryOf } from '../src/tools/tool-lists.js'

const PORT = process.env.BENCH_PORT
if (!PORT) {
  // `npm run bench` runs every bench; this one needs the peers' server.
  console.log('turn-cost: skipped (start the bench server, set BENCH_PORT)')
  process.exit(0)
}
const BASE_URL = `http://127.0.0.1:${PORT}/v1`
const TURNS = 200
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const workdir = mkdtempSync(join(tmpdir(), 'harness9-turn-cost-'))
writeFileSync(
  join(workdir, 'README.md'),
  `# fixture\n${'text line\n'.repeat(120)}`,
)

async function harness9(stream: boolean, log: boolean): Promise<void> {
  const provider = await createProvider({
    provider: 'openai',
    model: `loop-${TURNS}`,
    baseURL: BASE_URL,
    env: { OPENAI_API_KEY: 'bench-key' },
  })
  let bytes = 0 // rendered, so the work is not optimised away
  const registry = defaultRegistry()
  const toolNames = registry.getAvailableTools().map((tool) => tool.name)
  const result = await runAgent({
    provider,
    registry,
    messages: [
      {
        role: 'system',
        content: buildSystemPrompt({
          workdir,
          setting: 'from a terminal',
          toolNames,
        }),
      },
      { role: 'user', content: 'Run the benchmark task.' },
    ],
    workdir,
    env: {},
    maxTurns: 1000,
    toolTimeoutMs: 30_000,
    stream,
    onEvent: log
      ? (event) => {
          bytes += renderEvent(event, { language: 'zh' })?.length ?? 0
        }
      : undefined,
  })
  if (result.stopReason !== 'completed' || (log && bytes === 0)) {
    throw new Error(`run ended with ${result.stopReason}`)
  }
}

function defaultRegistry() {
  return registryOf(builtInTools({ bashTimeoutMs: 30_000 }), {
    warn: () => {},
  })
}

/** The floor: the same conversation with bare fetch and JSON. */
async function bareFetch(stream: boolean): Promise<void> {
  const messages: unknown[] = [
    { role: 'system', content: 'bench' },
    { role: 'user', content: 'Run the benchmark task.' },
  ]
  const tools = ['read_file', 'bash'].map((name) => ({
    type: 'function',
    function: { name, parameters: { type: 'object', properties: {} } },
  }))
  for (;;) {
    const response = await fetch(`${BASE_URL}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer k',
      },
      body: JSON.stringify({
        model: `loop-${TURNS}`,
        messages,
        tools,
        stream: false,
      }),
    })
    const reply = (await response.json()) as {
      choices: { message: { tool_calls?: { id: string }[] } }[]
    }
    const message = reply.choices[0].message
    messages.push(message)
    if (!message.tool_calls?.length) return
    for (const call of message.tool_calls) {
      const content = await readFile(join(workdir, 'README.md'), 'utf8')
      messages.push({ role: 'tool', tool_call_id: call.id, content })
    }
  }
  void stream
}

/** The SDK and our conversion alone: no registry, no engine, no events. */
async function providerOnly(stream: boolean): Promise<void> {
  const provider = await createProvider({
    provider: 'openai',
    model: `loop-${TURNS}`,
    baseURL: BASE_URL,
    env: { OPENAI_API_KEY: 'bench-key' },
  })
  const tools = defaultRegistry().getAvailableTools()
  const messages: Message[] = [
    { role: 'system', content: 'bench' },
    { role: 'user', content: 'Run the benchmark task.' },
  ]
  for (;;) {
    let reply: Message | undefined
    if (stream) {
      for await (const event of provider.generateStream(messages, tools)) {
        if (event.type === 'message-end') reply = event.message
      }
    } else {
      reply = (await provider.generate(messages, tools)).message
    }
    if (!reply) throw new Error('no reply')
    messages.push(reply)
    if (!reply.toolCalls?.length) return
    for (const call of reply.toolCalls) {
      const content = await readFile(join(workdir, 'README.md'), 'utf8')
      messages.push({ role: 'user', toolCallId: call.id, content })
    }
  }
}

const variants: Record<string, () => Promise<void>> = {
  'fetch floor (nonstream)': () => bareFetch(false),
  'provider only nonstream': () => providerOnly(false),
  'provider only stream': () => providerOnly(true),
  'harness9 nonstream, no log': () => harness9(false, false),
  'harness9 nonstream, rendered log': () => harness9(false, true),
  'harness9 stream, no log': () => harness9(true, false),
  'harness9 stream, rendered log': () => harness9(true, true),
}
const samples = new Map<string, number[]>()
for (let round = 0; round <= ROUNDS; round++) {
  for (const [name, run] of Object.entries(variants)) {
    const before = process.cpuUsage()
    await run()
    const spent = process.cpuUsage(before)
    if (round > 0) {
      const list = samples.get(name) ?? []
      list.push((spent.user + spent.system) / 1000 / TURNS)
      samples.set(name, list)
    }
  }
}
for (const [name, list] of samples) {
  const sorted = [...list].sort((a, b) => a - b)
  console.log(
    `${name.padEnd(36)} ${sorted[Math.floor(sorted.length / 2)].toFixed(3)} ms CPU/turn (min ${sorted[0].toFixed(3)})`,
  )
}
