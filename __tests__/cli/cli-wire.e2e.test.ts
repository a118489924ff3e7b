import { type Reply } from '../helpers/llm-server.js'
import { CONTINUE_PROMPT } from '../../src/engine/model-stop.js'
import {
  chunksOf,
  jsonOf,
  replay,
  streamOfMessage,
} from '../helpers/wire-corpus.js'
import { withoutBudgetNote } from '../helpers/budget-note.js'
import { llmServerPerTest } from '../helpers/per-test.js'
import { runCli as runCliBundle, type CliRun } from '../helpers/run-cli.js'
import { makeTempWorkspace, removeDirs } from '../helpers/temp-dir.js'

// The built command against a loopback Anthropic API replaying a recorded
// two-turn conversation with extended thinking (fixtures/wire, see
// MANIFEST.json): thinking + text + a call to a tool we do not have, then
// the answer. What must hold: the unknown tool comes back as an error
// result, the signed thinking block goes back first and unchanged (the API
// rejects the turn otherwise), and the recorded answer is what is printed.

const ANTHROPIC_KEY = 'sk-ant-test-7b2d51'
const OPENAI_KEY = 'sk-test-openai-4f1c9e'
const TURN_1 = 'anthropic-thinking-tool-use.json'
const TURN_2 = 'anthropic-thinking-tool-use.2.json'

type Block = Record<string, unknown>
interface SentMessage {
  role: string
  content: Block[] | string
}

const server = llmServerPerTest({ allServed: true })
let root: string
let workdir: string

beforeEach(async () => {
  ;({ root, workdir } = await makeTempWorkspace('harness9-cli-wire-', {
    workdirName: 'project',
  }))
})

afterEach(() => removeDirs(root))

function runCli(
  args: string[],
  provider: 'anthropic' | 'openai' = 'anthropic',
): Promise<CliRun> {
  const keys: Record<string, string> =
    provider === 'anthropic'
      ? { ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: server.url }
      : { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${server.url}/v1` }
  return runCliBundle(args, {
    cwd: workdir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: root,
      LANG: 'C.UTF-8',
      ...keys,
    },
  })
}

function recordedContent(file: string): Block[] {
  return jsonOf(file).content as Block[]
}

async function runRecordedConversation(replies: Reply[], args: string[]) {
  server.enqueue(...replies)
  const run = await runCli([
    '--provider',
    'anthropic',
    '--reasoning',
    'high',
    ...args,
    'What is the largest city in the user country?',
  ])
  const first = recordedContent(TURN_1)
  const toolUse = first.find((block) => block.type === 'tool_use')
  const answer = recordedContent(TURN_2)[0].text

  expect(run.code).toBe(0)
  expect(run.stdout).toBe(`${String(answer)}\n`)
  expect(run.stderr).toMatch(
    new RegExp(`工具失败 │ tool=get_user_country id=${String(toolUse?.id)}`),
  )
  expect(server.requests).toHaveLength(2)
  const [opening, continuation] = server.requests.map(
    (request) => request.body as Record<string, unknown>,
  )
  expect(opening.thinking).toMatchObject({ type: 'enabled' })
  const messages = withoutBudgetNote(continuation.messages as SentMessage[])
  expect(messages.map((message) => message.role)).toEqual([
    'user',
    'assistant',
    'user',
  ])
  // The whole recorded turn goes back as received: the thinking block
  // first with its signature, the text, then the call.
  expect(messages[1].content).toEqual(first)
  const results = messages[2].content as Block[]
  expect(results).toHaveLength(1)
  expect(results[0]).toMatchObject({
    type: 'tool_result',
    tool_use_id: toolUse?.id,
    is_error: true,
  })
  expect(JSON.stringify(results[0].content)).toContain(
    "Unknown tool 'get_user_country'",
  )
  return { run, opening }
}

test('streamed: the recorded turns framed as the API streams them', async () => {
  // Framing by streamOfMessage (ours); blocks and signature as recorded.
  const { opening } = await runRecordedConversation(
    [streamOfMessage(jsonOf(TURN_1)), streamOfMessage(jsonOf(TURN_2))],
    [],
  )
  expect(opening.stream).toBe(true)
})

test('--no-stream: the recorded bodies served byte for byte', async () => {
  const { opening } = await runRecordedConversation(
    [replay(TURN_1), replay(TURN_2)],
    ['--no-stream'],
  )
  expect(opening.stream).not.toBe(true)
})

// How a run ends on the other recorded endings: what the user sees (exit
// status, stdout, the log) and what the model is sent next.

function lastMessageSent(index: number): { role: string; content: unknown } {
  const body = server.requests[index].body as {
    messages: Array<{ role: string; content: unknown }>
  }
  return withoutBudgetNote(body.messages).at(-1)!
}

function streamedText(file: string): string {
  type Chunk = { choices?: Array<{ delta: { content?: unknown } }> }
  return (chunksOf(file) as Chunk[])
    .map((chunk) => chunk.choices?.[0]?.delta.content)
    .filter((piece): piece is string => typeof piece === 'string')
    .join('')
}

test('an Anthropic refusal ends the run refused, non-zero, with the explanation', async () => {
  server.enqueue(replay('anthropic-refusal.chunks.txt'))
  const run = await runCli(['--provider', 'anthropic', 'Do it.'])
  expect(run.code).not.toBe(0)
  expect(run.stderr).toContain('stop=refusal')
  expect(run.stderr).toContain('stop=refused')
  expect(run.stderr).toContain(
    'This request triggered restrictions on violative cyber content',
  )
  expect(server.requests).toHaveLength(1)
})

describe('a text answer cut by the output limit (DeepSeek, recorded)', () => {
  const CUT = 'deepseek-text-length.chunks.txt'

  test('is continued once and the parts are joined', async () => {
    // The continuation is another recording (OpenAI, finish stop): what the
    // engine must do is join whatever comes next to the cut part.
    const REST = 'openai-text.chunks.txt'
    server.enqueue(replay(CUT), replay(REST))
    const run = await runCli(['--provider', 'openai', 'Write.'], 'openai')
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(`${streamedText(CUT)}${streamedText(REST)}\n`)
    expect(run.stderr).toContain('stop=length')
    expect(run.stderr).toContain('asking the model to continue')
    expect(lastMessageSent(1)).toEqual({
      role: 'user',
      content: CONTINUE_PROMPT,
    })
  })

  test('cut again, the run fails and says why', async () => {
    server.enqueue(replay(CUT), replay(CUT))
    const run = await runCli(['--provider', 'openai', 'Write.'], 'openai')
    expect(run.code).not.toBe(0)
    expect(run.stderr).toContain('cut off by the output token limit twice')
    expect(server.requests).toHaveLength(2)
  })
})

test("Groq's tool_use_failed is another turn telling the model its call was malformed", async () => {
  const REST = 'openai-text.chunks.txt'
  server.enqueue(replay('groq-tool-use-failed.sse'), replay(REST))
  const run = await runCli(['--provider', 'openai', 'Look it up.'], 'openai')
  expect(run.code).toBe(0)
  expect(run.stdout).toBe(`${streamedText(REST)}\n`)
  expect(run.stderr).toContain('Tool call validation failed')
  expect(server.requests).toHaveLength(2)
  const told = lastMessageSent(1)
  expect(told.role).toBe('user')
  expect(String(told.content)).toContain('"invalid_param": "value"')
})

test("an error chunk inside an OpenRouter stream fails the run with the provider's message", async () => {
  server.enqueue(replay('openrouter-stream-error.sse'))
  const run = await runCli(['--provider', 'openai', 'Hello there'], 'openai')
  expect(run.code).not.toBe(0)
  expect(run.stderr).toContain('Token limit reached')
  expect(server.requests).toHaveLength(1)
})
