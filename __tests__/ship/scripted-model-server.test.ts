import { spawn, spawnSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI from 'openai'
import {
  ROOT,
  SERVER_SCRIPT,
  startModelServerProcess,
  type ModelServerProcess,
} from './model-server-process.js'

// The dogfood workflow's model: the script itself, started as a process and
// spoken to by the real OpenAI SDK and by the real CLI bundle.

let temp: string
let server: ModelServerProcess | undefined

beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'harness9-scripted-'))
})
afterEach(async () => {
  await server?.stop()
  server = undefined
  rmSync(temp, { recursive: true, force: true })
})

function writeScript(replies: unknown[]): string {
  const path = join(temp, 'script.json')
  writeFileSync(path, JSON.stringify({ replies }))
  return path
}

function client(baseURL: string): OpenAI {
  return new OpenAI({ baseURL, apiKey: 'not-a-secret', maxRetries: 0 })
}

test('the OpenAI SDK gets the scripted tool call, streamed, then the answer in one piece', async () => {
  server = await startModelServerProcess(
    writeScript([
      {
        text: 'Looking.',
        toolCalls: [{ name: 'bash', arguments: { command: 'ls -a' } }],
      },
      { text: 'All done.' },
    ]),
  )
  expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
  const openai = client(server.baseUrl)
  const stream = await openai.chat.completions.create({
    model: 'scripted',
    messages: [{ role: 'user', content: 'list the files' }],
    stream: true,
    stream_options: { include_usage: true },
  })
  let text = ''
  let name = ''
  let args = ''
  let finish: string | null = null
  for await (const chunk of stream) {
    const choice = chunk.choices[0]
    text += choice?.delta.content ?? ''
    const call = choice?.delta.tool_calls?.[0]
    name += call?.function?.name ?? ''
    args += call?.function?.arguments ?? ''
    finish = choice?.finish_reason ?? finish
  }
  expect({ text, name, args: JSON.parse(args), finish }).toEqual({
    text: 'Looking.',
    name: 'bash',
    args: { command: 'ls -a' },
    finish: 'tool_calls',
  })
  const whole = await openai.chat.completions.create({
    model: 'scripted',
    messages: [{ role: 'user', content: 'and now?' }],
  })
  expect(whole.choices[0].message.content).toBe('All done.')
  expect(whole.choices[0].finish_reason).toBe('stop')
  expect(await server.status()).toEqual({ served: 2, pending: 0, misses: [] })
})

test('a request after the script ended is a 500 the client sees, and a recorded miss', async () => {
  server = await startModelServerProcess(writeScript([{ text: 'Only one.' }]))
  const openai = client(server.baseUrl)
  const ask = () =>
    openai.chat.completions.create({
      model: 'scripted',
      messages: [{ role: 'user', content: 'hi' }],
    })
  await ask()
  await expect(ask()).rejects.toThrow(
    "request 2 came after the script's 1 replies",
  )
  const status = await server.status()
  expect(status.pending).toBe(0)
  expect(status.misses).toHaveLength(1)
})

test('a reply whose "expect" text is not in the request is refused, and the script does not move on', async () => {
  server = await startModelServerProcess(
    writeScript([{ expect: ['tool said 42'], text: 'Good.' }]),
  )
  const openai = client(server.baseUrl)
  await expect(
    openai.chat.completions.create({
      model: 'scripted',
      messages: [{ role: 'user', content: 'tool said 41' }],
    }),
  ).rejects.toThrow('request 1 does not hold "tool said 42"')
  const answer = await openai.chat.completions.create({
    model: 'scripted',
    messages: [{ role: 'user', content: 'tool said 42' }],
  })
  expect(answer.choices[0].message.content).toBe('Good.')
  expect((await server.status()).misses).toHaveLength(1)
})

test('the CLI bundle runs the scripted tools in a real directory and prints the answer', async () => {
  const workdir = join(temp, 'project')
  mkdirSync(workdir)
  server = await startModelServerProcess(
    writeScript([
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: { path: 'note.txt', content: 'seven\n' },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'bash', arguments: { command: 'wc -c < note.txt' } },
        ],
      },
      { expect: ['"6\\n'], text: 'The note has six bytes.' },
    ]),
  )
  const cli = spawn(
    process.execPath,
    [
      join(ROOT, 'dist', 'cli', 'index.js'),
      '--workdir',
      workdir,
      'Count the bytes',
    ],
    {
      env: {
        PATH: process.env.PATH,
        HOME: temp,
        OPENAI_API_KEY: 'not-a-secret',
        OPENAI_BASE_URL: server.baseUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stdout = ''
  let stderr = ''
  cli.stdout.on('data', (chunk) => (stdout += chunk))
  cli.stderr.on('data', (chunk) => (stderr += chunk))
  const code = await new Promise((resolve) => cli.on('close', resolve))
  expect({ code, stdout: stdout.trim() }).toEqual({
    code: 0,
    stdout: 'The note has six bytes.',
  })
  expect(stderr).toContain('tool=bash')
  expect(readFileSync(join(workdir, 'note.txt'), 'utf8')).toBe('seven\n')
  expect(await server.status()).toEqual({ served: 3, pending: 0, misses: [] })
})

describe('refuses to start, with one sentence saying what to fix', () => {
  const start = (args: string[]) =>
    spawnSync(process.execPath, [SERVER_SCRIPT, ...args], {
      encoding: 'utf8',
      timeout: 10_000,
    })

  test('on an address other than loopback: nothing may leave the machine', () => {
    const result = start([
      '--script',
      writeScript([{ text: 'x' }]),
      '--host',
      '0.0.0.0',
    ])
    expect(result.status).toBe(2)
    expect(result.stderr).toBe(
      "scripted-model-server: --host must be a loopback address (127.0.0.1, ::1 or localhost), got '0.0.0.0'.\n",
    )
  })

  test('without a script', () => {
    const result = start([])
    expect(result.status).toBe(2)
    expect(result.stderr).toMatch(
      /^scripted-model-server: --script is required\./,
    )
  })

  test('on a script that is not JSON', () => {
    const path = join(temp, 'broken.json')
    writeFileSync(path, '{ "replies": [')
    const result = start(['--script', path])
    expect(result.status).toBe(2)
    expect(result.stderr).toContain(`cannot read the script '${path}'`)
  })

  test('on a reply with neither text nor tool calls', () => {
    const result = start(['--script', writeScript([{ text: 'ok' }, {}])])
    expect(result.status).toBe(2)
    expect(result.stderr).toContain(
      'reply 2 needs a "text" string or a non-empty "toolCalls" array.',
    )
  })

  test('on a tool call without arguments', () => {
    const result = start([
      '--script',
      writeScript([{ toolCalls: [{ name: 'bash' }] }]),
    ])
    expect(result.status).toBe(2)
    expect(result.stderr).toContain('the call to bash needs "arguments".')
  })
})
