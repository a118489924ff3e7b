import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { openaiStream } from '../helpers/llm-server.js'
import { withoutBudgetNote } from '../helpers/budget-note.js'
import { processesRunning } from '../helpers/processes.js'
import { llmServerPerTest } from '../helpers/per-test.js'
import { runCli as runCliBundle, type CliRun } from '../helpers/run-cli.js'
import { removeDirs } from '../helpers/temp-dir.js'

// `--sandbox` of the built CLI (dist/cli/index.js), with a scripted model
// that tries to read the user's files, write outside the workdir and leave
// a process behind. Outside paths live in /var/tmp: the sandbox replaces
// /tmp with an empty one, which would hide them whatever else it did.

const SSH_KEY = 'ssh-private-key-of-the-user-3a9c'

const server = llmServerPerTest()
let home: string
let workdir: string
let outside: string

beforeEach(async () => {
  home = mkdtempSync('/var/tmp/h9-cli-home-')
  workdir = join(home, 'project')
  mkdirSync(workdir)
  mkdirSync(join(home, '.ssh'))
  writeFileSync(join(home, '.ssh/id_ed25519'), `${SSH_KEY}\n`)
  outside = mkdtempSync('/var/tmp/h9-cli-outside-')
})

afterEach(() => removeDirs(home, outside))

function runCli(
  args: string[],
  path = process.env.PATH ?? '',
  extraEnv: Record<string, string> = {},
): Promise<CliRun> {
  return runCliBundle(args, {
    cwd: workdir,
    env: {
      ...extraEnv,
      PATH: path,
      HOME: home,
      LANG: 'C.UTF-8',
      OPENAI_API_KEY: 'sk-test-cli-sandbox',
      OPENAI_BASE_URL: `${server.url}/v1`,
    },
  })
}

/** The model's one bash call, then its answer. */
function scriptBash(command: string): void {
  server.enqueue(
    openaiStream.toolCalls([
      { id: 'call_1', name: 'bash', arguments: JSON.stringify({ command }) },
    ]),
    openaiStream.text('Done.'),
  )
}

/** What the bash call returned to the model. */
function observation(): string {
  const body = server.requests[1].body as { messages: { content: unknown }[] }
  return JSON.stringify(withoutBudgetNote(body.messages).at(-1)?.content)
}

const ATTACK = () =>
  `cat ${home}/.ssh/id_ed25519; echo pwned > ${outside}/planted; ` +
  'echo made > inside.txt; echo done'

test.each([
  ['default (auto)', [] as string[]],
  ['--sandbox bwrap', ['--sandbox', 'bwrap']],
])(
  '%s: the model cannot read your home or write outside the workdir',
  async (_name, flags) => {
    scriptBash(ATTACK())
    const run = await runCli([...flags, 'Look around'])
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('harness9: bash runs in a bubblewrap sandbox')
    expect(run.stderr).not.toContain('warning: bash runs without a sandbox')
    const seen = observation()
    expect(seen).not.toContain(SSH_KEY)
    expect(seen).toContain('No such file or directory')
    expect(seen).toContain('Read-only file system')
    expect(existsSync(join(outside, 'planted'))).toBe(false)
    // The workdir is writable, as the task needs.
    expect(readFileSync(join(workdir, 'inside.txt'), 'utf8')).toBe('made\n')
  },
)

test('the sandbox is set up on the first command, and a run without commands never starts it', async () => {
  // TMPDIR is where the sandbox's private home would be made.
  const tmp = mkdtempSync('/var/tmp/h9-cli-tmp-')
  const privateHomes = () =>
    readdirSync(tmp).filter((name) => name.startsWith('harness9-home-'))
  try {
    writeFileSync(join(workdir, 'notes.txt'), 'just reading\n')
    server.enqueue(
      openaiStream.toolCalls([
        {
          id: 'call_1',
          name: 'read_file',
          arguments: JSON.stringify({ path: 'notes.txt' }),
        },
      ]),
      openaiStream.text('Read it.'),
    )
    const reading = await runCli(['Read the notes'], undefined, {
      TMPDIR: tmp,
    })
    expect(reading.code).toBe(0)
    expect(observation()).toContain('just reading')
    expect(reading.stderr).not.toContain('bubblewrap')
    expect(privateHomes()).toEqual([])

    server.requests.length = 0
    scriptBash('echo "home is $HOME"')
    const running = await runCli(['Run something'], undefined, {
      TMPDIR: tmp,
    })
    expect(running.code).toBe(0)
    // Said once, before the command's result is logged.
    const said = running.stderr.indexOf(
      'harness9: bash runs in a bubblewrap sandbox',
    )
    expect(said).toBeGreaterThan(-1)
    expect(running.stderr.indexOf('home is', said)).toBeGreaterThan(said)
    expect(running.stderr.split('bash runs in a bubblewrap').length).toBe(2)
    expect(observation()).toContain(`home is ${tmp}/harness9-home-`)
    // The private home is gone with the run.
    expect(privateHomes()).toEqual([])
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
})

test('--sandbox none runs the commands as you, and says so', async () => {
  scriptBash(ATTACK())
  const run = await runCli(['--sandbox', 'none', 'Look around'])
  expect(run.code).toBe(0)
  expect(run.stderr).toContain(
    "warning: bash runs without a sandbox (--sandbox none). The model's commands run with your own rights",
  )
  expect(observation()).toContain(SSH_KEY)
  expect(readFileSync(join(outside, 'planted'), 'utf8')).toBe('pwned\n')
})

test.each([
  ['bwrap', 'sleep 3021'],
  ['none', 'sleep 3022'],
])(
  'under --sandbox %s a process the model detached ends with the run',
  async (mode, sleep) => {
    scriptBash(
      `setsid ${sleep} >/dev/null 2>&1 </dev/null & sleep 0.5; echo started`,
    )
    const run = await runCli(['--sandbox', mode, 'Leave something running'])
    const survivors = processesRunning(sleep.split(' '))
    for (const pid of survivors) process.kill(pid, 'SIGKILL')
    expect(run.code).toBe(0)
    expect(observation()).toContain('started')
    expect(survivors).toEqual([])
  },
)

test('a bwrap planted in a PATH directory the model can write is never run', async () => {
  const marker = join(outside, 'planted-bwrap-ran')
  const bin = join(workdir, 'node_modules/.bin')
  mkdirSync(bin, { recursive: true })
  writeFileSync(
    join(bin, 'bwrap'),
    `#!/bin/sh\necho "$@" > ${marker}\nwhile [ "$1" != -- ]; do shift; done; shift; exec "$@"\n`,
  )
  chmodSync(join(bin, 'bwrap'), 0o755)
  scriptBash(`cat ${home}/.ssh/id_ed25519; echo done`)
  const run = await runCli(
    ['--sandbox', 'bwrap', 'Look around'],
    `${bin}:${process.env.PATH}`,
  )
  expect(run.code).toBe(0)
  expect(existsSync(marker)).toBe(false)
  expect(observation()).not.toContain(SSH_KEY)
})

test('--sandbox takes only auto, bwrap or none', async () => {
  const run = await runCli(['--sandbox', 'docker', 'Look around'])
  expect(run.code).toBe(2)
  expect(run.stderr).toBe(
    "harness9: --sandbox must be auto, bwrap or none, got 'docker'.\nTry 'harness9 --help'.\n",
  )
  expect(server.requests).toEqual([])
})

test('--help says that without the sandbox the commands run with your rights', async () => {
  const run = await runCli(['--help'])
  expect(run.code).toBe(0)
  expect(run.stdout).toContain('--sandbox MODE')
  expect(run.stdout.replace(/\s+/g, ' ')).toContain(
    "Without the sandbox (--sandbox none, or auto where bubblewrap cannot start) the model's commands run with your own rights",
  )
})
