import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { USAGE } from '../../src/cli/parse-args.js'
import {
  anthropicReply,
  openaiError,
  openaiReply,
  openaiStream,
} from '../helpers/llm-server.js'
import { withoutBudgetNote } from '../helpers/budget-note.js'
import { processesRunning } from '../helpers/processes.js'
import { llmServerPerTest } from '../helpers/per-test.js'
import {
  startCli as startCliBundle,
  type CliRun,
  type RunningCli,
} from '../helpers/run-cli.js'
import { makeTempWorkspace, removeDirs } from '../helpers/temp-dir.js'

const OPENAI_KEY = 'sk-test-openai-4f1c9e'
const ANTHROPIC_KEY = 'sk-ant-test-7b2d51'

const server = llmServerPerTest()
let root: string
let workdir: string

beforeEach(async () => {
  ;({ root, workdir } = await makeTempWorkspace('harness9-cli-', {
    workdirName: 'project',
  }))
})

afterEach(() => removeDirs(root))

/** A clean environment: never the developer's own keys or NODE_OPTIONS. */
function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: root,
    LANG: 'C.UTF-8',
    ...extra,
  }
}

function openaiEnv(extra: Record<string, string> = {}) {
  return baseEnv({
    OPENAI_API_KEY: OPENAI_KEY,
    OPENAI_BASE_URL: `${server.url}/v1`,
    ...extra,
  })
}

/** The built command, in the test's workdir unless told otherwise. */
function startCli(
  args: string[],
  options: { env: Record<string, string>; cwd?: string },
): RunningCli {
  return startCliBundle(args, {
    env: options.env,
    cwd: options.cwd ?? workdir,
  })
}

function runCli(
  args: string[],
  options: { env: Record<string, string>; cwd?: string },
): Promise<CliRun> {
  return startCli(args, options).exited
}

function call(id: string, name: string, args: unknown) {
  return { id, name, arguments: JSON.stringify(args) }
}

interface SentMessage {
  role: string
  content: unknown
  tool_call_id?: string
}

function allMessagesSent(index: number): SentMessage[] {
  return (server.requests[index].body as { messages: SentMessage[] }).messages
}

/** The conversation of request `index`, its trailing budget note left aside. */
function messagesSent(index: number): SentMessage[] {
  return withoutBudgetNote(allMessagesSent(index))
}

async function waitFor(
  condition: () => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

describe('a run against the OpenAI API, streamed', () => {
  test('the file is written, stdout is the answer, stderr the block log', async () => {
    server.enqueue(
      openaiStream.toolCalls([
        call('call_w', 'write_file', {
          path: 'notes/hello.txt',
          content: 'hello from harness9\n',
        }),
      ]),
      openaiStream.text('I wrote notes/hello.txt.', { pieces: 3 }),
    )

    const run = await runCli(['Write a greeting to notes/hello.txt'], {
      env: openaiEnv(),
    })

    expect(run.code).toBe(0)
    expect(readFileSync(join(workdir, 'notes/hello.txt'), 'utf8')).toBe(
      'hello from harness9\n',
    )
    expect(run.stdout).toBe('I wrote notes/hello.txt.\n')
    expect(run.stderr).toContain('引擎启动')
    expect(run.stderr).toMatch(/工具启动 │ tool=write_file id=call_w/)
    expect(run.stderr).toContain('工具完成')
    expect(run.stderr).toContain('循环结束')
    expect(run.stderr).not.toContain('tool start')
    // Streamed text reaches stderr live, and only once.
    expect(run.stderr.split('I wrote notes/hello.txt.')).toHaveLength(2)

    expect(server.requests).toHaveLength(2)
    expect(server.requests[0].path).toBe('/v1/chat/completions')
    expect(server.requests[0].headers.authorization).toBe(
      `Bearer ${OPENAI_KEY}`,
    )
    expect(server.requests[0].body).toMatchObject({ stream: true })
    const messages = messagesSent(0)
    expect(messages.map((message) => message.role)).toEqual(['system', 'user'])
    // Each request ends with a note of what is left, after the newest message.
    expect(allMessagesSent(0).at(-1)).toEqual({
      role: 'user',
      content:
        '[budget: turn 1 of 30. Finish within it; if you cannot, leave the work in a state someone can continue.]',
    })
    expect(JSON.stringify(allMessagesSent(1).at(-1))).toContain('turn 2 of 30')
    expect(messages[1].content).toBe('Write a greeting to notes/hello.txt')
    const observation = messagesSent(1).at(-1)
    expect(observation).toMatchObject({ role: 'tool', tool_call_id: 'call_w' })
  })

  test('--log-lang en labels the blocks in English', async () => {
    writeFileSync(join(workdir, 'README.md'), '# Demo\n')
    server.enqueue(
      openaiStream.toolCalls([
        call('call_r', 'read_file', { path: 'README.md' }),
      ]),
      openaiStream.text('It is a demo.'),
    )

    const run = await runCli(['--log-lang', 'en', 'What is this?'], {
      env: openaiEnv(),
    })

    expect(run.code).toBe(0)
    expect(run.stdout).toBe('It is a demo.\n')
    expect(run.stderr).toMatch(/tool start │ tool=read_file id=call_r/)
    expect(run.stderr).toContain('tool done')
    expect(run.stderr).not.toContain('工具启动')
    expect(JSON.stringify(messagesSent(1).at(-1))).toContain('# Demo')
  })
})

test('Anthropic from its env variables, --no-stream, --workdir', async () => {
  writeFileSync(join(workdir, 'app.js'), 'const port = 3000\nlisten(port)\n')
  server.enqueue(
    anthropicReply.toolCalls(
      [
        call('toolu_1', 'edit_file', {
          path: 'app.js',
          source_text: 'const port = 3000',
          target_text: 'const port = 8080',
        }),
      ],
      { text: 'Changing the port.' },
    ),
    anthropicReply.text('The port is now 8080.'),
  )

  const run = await runCli(
    [
      '--provider',
      'anthropic',
      '--no-stream',
      '--workdir',
      workdir,
      'Use 8080',
    ],
    {
      cwd: root,
      env: baseEnv({
        ANTHROPIC_API_KEY: ANTHROPIC_KEY,
        ANTHROPIC_BASE_URL: server.url,
      }),
    },
  )

  expect(run.code).toBe(0)
  expect(readFileSync(join(workdir, 'app.js'), 'utf8')).toBe(
    'const port = 8080\nlisten(port)\n',
  )
  expect(run.stdout).toBe('The port is now 8080.\n')
  // Not streamed: the reply blocks carry the model's text.
  expect(run.stderr).toContain('Changing the port.')
  expect(run.stderr).toMatch(/工具启动 │ tool=edit_file id=toolu_1/)
  expect(server.requests.map((request) => request.path)).toEqual([
    '/v1/messages',
    '/v1/messages',
  ])
  // The SDK sends the key as x-api-key or as a bearer token, by version.
  expect(JSON.stringify(server.requests[0].headers)).toContain(ANTHROPIC_KEY)
  expect(server.requests[0].body).not.toMatchObject({ stream: true })
  const result = JSON.stringify(server.requests[1].body)
  expect(result).toContain('"tool_use_id":"toolu_1"')
})

test.each([
  ['OPENAI_API_KEY', '/v1/chat/completions'],
  ['ANTHROPIC_API_KEY', '/v1/messages'],
])('with only %s set, that provider is used', async (variable, path) => {
  const openai = variable === 'OPENAI_API_KEY'
  server.enqueue(openai ? openaiReply.text('Hi.') : anthropicReply.text('Hi.'))

  const run = await runCli(['--no-stream', 'Say hi'], {
    env: baseEnv({
      [variable]: 'sk-detected',
      OPENAI_BASE_URL: `${server.url}/v1`,
      ANTHROPIC_BASE_URL: server.url,
    }),
  })

  expect(run.code).toBe(0)
  expect(run.stdout).toBe('Hi.\n')
  expect(server.requests.map((request) => request.path)).toEqual([path])
})

test('--max-turns 1 stops a model that keeps calling tools, status 1', async () => {
  writeFileSync(join(workdir, 'a.txt'), 'a\n')
  server.enqueue(
    openaiStream.toolCalls([call('call_1', 'read_file', { path: 'a.txt' })], {
      text: 'Let me look first.',
    }),
    openaiStream.text('Read a.txt; the task itself is left.'),
  )

  const run = await runCli(['--max-turns', '1', 'Loop forever'], {
    env: openaiEnv(),
  })

  expect(run.code).toBe(1)
  expect(run.stderr).toContain('harness9: the run stopped (max_turns)\n')
  // The log is written late (off the critical path) but never after the verdict.
  expect(run.stderr).toMatch(
    /循环结束[^]*harness9: the run stopped \(max_turns\)\n$/,
  )
  // Text said along the way is not an answer; the handover the model wrote
  // in a last call without tools is what stdout gets.
  expect(run.stdout).toBe('Read a.txt; the task itself is left.\n')
  expect(server.requests).toHaveLength(2)
  expect(server.requests[1].body).not.toHaveProperty('tools')
})

test.each([
  [[], 'No API key found: set OPENAI_API_KEY or ANTHROPIC_API_KEY'],
  [['--provider', 'openai'], 'set OPENAI_API_KEY'],
])(
  'no key (%j) is one sentence naming the variable, status 1',
  async (flags, message) => {
    const run = await runCli([...flags, 'Do something'], {
      env: baseEnv({ OPENAI_BASE_URL: `${server.url}/v1` }),
    })

    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(message)
    expect(run.stderr).toMatch(/^harness9: [^\n]+\.\n$/)
    expect(server.requests).toEqual([])
  },
)

test('--help prints the usage on stdout, status 0', async () => {
  const run = await runCli(['--help'], { env: baseEnv() })

  expect(run.code).toBe(0)
  expect(run.stdout).toBe(`${USAGE}\n`)
  expect(run.stdout).toMatch(/^Usage: harness9 \[options\] "task"/)
  expect(run.stderr).toBe('')
})

test("--version prints package.json's version, status 0", async () => {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'),
  ) as { version: string }

  const run = await runCli(['--version'], { env: baseEnv() })

  expect(run.code).toBe(0)
  expect(run.stdout).toBe(`harness9 ${manifest.version}\n`)
  expect(run.stderr).toBe('')
})

test.each([
  [
    ['--max-turns', 'ten', 'task'],
    "--max-turns must be a positive integer, got 'ten'.",
  ],
  [['--frobnicate', 'task'], "Unknown option '--frobnicate'"],
  [[], 'No task given'],
])('a usage error (%j) exits with status 2', async (args, message) => {
  const run = await runCli(args, { env: openaiEnv() })

  expect(run.code).toBe(2)
  expect(run.stdout).toBe('')
  expect(run.stderr).toContain(`harness9: ${message}`)
  expect(run.stderr).toMatch(/Try 'harness9 --help'\.\n$/)
  expect(server.requests).toEqual([])
})

test('--transcript writes every message as a JSON line', async () => {
  writeFileSync(join(workdir, 'data.txt'), 'forty-two\n')
  server.enqueue(
    openaiStream.toolCalls([call('call_t', 'read_file', { path: 'data.txt' })]),
    openaiStream.text('The answer is forty-two.'),
  )
  const transcript = join(root, 'run.jsonl')

  const run = await runCli(['--transcript', transcript, 'Read data.txt'], {
    env: openaiEnv(),
  })

  expect(run.code).toBe(0)
  const lines = readFileSync(transcript, 'utf8').trimEnd().split('\n')
  const records = lines.map(
    (line) =>
      JSON.parse(line) as {
        at: string
        role: string
        content: string
        toolCalls?: unknown[]
        toolCallId?: string
      },
  )
  expect(records.map((record) => record.role)).toEqual([
    'system',
    'user',
    'assistant',
    'user',
    'assistant',
  ])
  expect(records[1].content).toBe('Read data.txt')
  expect(records[2].toolCalls).toEqual([
    { id: 'call_t', name: 'read_file', arguments: '{"path":"data.txt"}' },
  ])
  expect(records[3].toolCallId).toBe('call_t')
  expect(records[3].content).toContain('forty-two')
  expect(records[4].content).toBe('The answer is forty-two.')
  for (const record of records) {
    expect(Number.isNaN(Date.parse(record.at))).toBe(false)
  }
})

test('tools run without the keys: `env` output sent back holds none', async () => {
  const secrets = {
    GITHUB_TOKEN: 'ghs_secret_github_token_value',
    NPM_TOKEN: 'npm_secret_token_value',
  }
  server.enqueue(
    openaiStream.toolCalls([call('call_env', 'bash', { command: 'env' })]),
    openaiStream.text('Done.'),
  )

  const run = await runCli(['Show the environment'], {
    env: openaiEnv({ ...secrets, HARNESS9_MARKER: 'visible' }),
  })

  expect(run.code).toBe(0)
  expect(server.requests).toHaveLength(2)
  // The key was in use (it is the request's credential) …
  expect(server.requests[1].headers.authorization).toBe(`Bearer ${OPENAI_KEY}`)
  // … and `env` really ran and reported the environment back …
  const observation = JSON.stringify(messagesSent(1).at(-1))
  expect(observation).toContain('HARNESS9_MARKER=visible')
  expect(observation).toContain('PATH=')
  // … but no body the model received holds a key or token.
  const bodies = server.requests.map((request) => JSON.stringify(request.body))
  for (const secret of [OPENAI_KEY, ...Object.values(secrets)]) {
    expect(bodies.join('\n')).not.toContain(secret)
  }
  expect(observation).not.toContain('OPENAI_API_KEY')
})

/**
 * Starts a run whose model asks for a long `sleep`, sends `signal` once the
 * sleep runs, and returns how the CLI ended and whether the sleep survived.
 */
async function interruptLongTool(signal: NodeJS.Signals) {
  // A duration no other process uses, so the /proc scan finds only ours.
  const seconds = `30.${process.pid}${Math.floor(Math.random() * 1000)}`
  const sleepArgv = ['sleep', seconds]
  server.enqueue(
    openaiStream.toolCalls([
      call('call_sleep', 'bash', { command: `sleep ${seconds}` }),
    ]),
  )
  const cli = startCli(['--log-lang', 'en', 'Wait'], { env: openaiEnv() })
  try {
    await waitFor(
      () => cli.output.stderr.includes('tool start │ tool=bash'),
      'the tool-start block',
    )
    await waitFor(
      () => processesRunning(sleepArgv).length > 0,
      `sleep ${seconds} to run`,
    )
    const sent = Date.now()
    cli.child.kill(signal)
    const run = await cli.exited
    return {
      run,
      tookMs: Date.now() - sent,
      leftOver: processesRunning(sleepArgv),
    }
  } finally {
    cli.child.kill('SIGKILL')
    for (const pid of processesRunning(sleepArgv)) process.kill(pid, 'SIGKILL')
  }
}

test('Ctrl-C stops the running tool and exits with status 130', async () => {
  const { run, tookMs, leftOver } = await interruptLongTool('SIGINT')

  // It exited by itself (status 130), not killed by the signal.
  expect(run.signal).toBeNull()
  expect(run.code).toBe(130)
  expect(tookMs).toBeLessThan(5000)
  expect(leftOver).toEqual([])
  expect(run.stderr).toContain('harness9: stopping')
  expect(run.stderr).toContain('harness9: the run stopped (aborted)')
  expect(run.stdout).toBe('')
  expect(server.requests).toHaveLength(1)
})

test.each([
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)(
  '%s also stops the running tool (status %i)',
  async (signal, status) => {
    const { run, tookMs, leftOver } = await interruptLongTool(signal)

    expect(run.signal).toBeNull()
    expect(run.code).toBe(status)
    expect(tookMs).toBeLessThan(5000)
    expect(leftOver).toEqual([])
    expect(run.stderr).toContain('harness9: the run stopped (aborted)')
    expect(server.requests).toHaveLength(1)
  },
)

test.each([
  [
    'a file',
    (dir: string) => writeFileSync(join(dir, 'file.txt'), 'x'),
    'file.txt',
  ],
  ['a missing path', () => {}, 'missing'],
])('--workdir naming %s is a clear error', async (_what, make, name) => {
  make(root)
  const target = join(root, name)

  const run = await runCli(['--workdir', target, 'task'], { env: openaiEnv() })

  expect(run.code).toBe(1)
  expect(run.stdout).toBe('')
  expect(run.stderr).toBe(
    `harness9: --workdir '${target}' is not a directory.\n`,
  )
  expect(server.requests).toEqual([])
})

test('--fallback-model: once the retries are exhausted on 503s the run completes on the fallback', async () => {
  // `retry-after-ms: 0` keeps the four attempts fast, as the API may ask.
  const overloaded = () =>
    openaiError(503, 'Overloaded', { 'retry-after-ms': '0' })
  server.enqueue(
    overloaded(),
    overloaded(),
    overloaded(),
    overloaded(),
    openaiStream.text('Done on the fallback.'),
  )

  const run = await runCli(
    ['--model', 'gpt-4.1', '--fallback-model', 'gpt-4.1-mini', 'Say done'],
    { env: openaiEnv() },
  )

  expect(run.code).toBe(0)
  expect(run.stdout).toBe('Done on the fallback.\n')
  expect(run.stderr).toContain(
    'Model fallback: gpt-4.1 failed (openai request failed (HTTP 503)',
  )
  const models = server.requests.map(
    (request) => (request.body as { model: string }).model,
  )
  expect(models).toEqual([
    'gpt-4.1',
    'gpt-4.1',
    'gpt-4.1',
    'gpt-4.1',
    'gpt-4.1-mini',
  ])
})

test("the command's system prompt names its four tools and has no GitHub or CI paragraph", async () => {
  server.enqueue(openaiStream.text('Done.'))

  const run = await runCli(['Say done'], { env: openaiEnv() })

  expect(run.code).toBe(0)
  const system = messagesSent(0)[0]
  expect(system.role).toBe('system')
  const prompt = String(system.content)
  expect(prompt).toContain('running headless from a terminal')
  expect(prompt).toContain(
    'Work with the tools: read_file, write_file, edit_file and bash.',
  )
  expect(prompt).not.toMatch(
    /In this CI job|untrusted-thread-content|commit or push|workflow/,
  )
})
