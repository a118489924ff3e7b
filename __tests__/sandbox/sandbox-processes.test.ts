import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile, readlink } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import {
  buildBwrapArgs,
  SANDBOX_USER_ID,
  type BwrapLayout,
} from '../../src/sandbox/bwrap-args.js'
import { makeTempDir, removeDirs } from '../helpers/temp-dir.js'
import { requireBwrap } from '../helpers/machine-requirements.js'

// Real bubblewrap: what a command inside can see of the host's processes,
// privileges and network, and what is left of it afterwards.
const UID = process.getuid?.() ?? SANDBOX_USER_ID
const GID = process.getgid?.() ?? SANDBOX_USER_ID

let bwrapPath: string
let workspace: string
let privateDir: string
let env: Record<string, string>

beforeAll(async () => {
  bwrapPath = await requireBwrap()
})

beforeEach(async () => {
  workspace = await makeTempDir('h9-workspace-')
  privateDir = await makeTempDir('h9-home-')
  env = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: privateDir,
    TMPDIR: privateDir,
    LANG: 'C.UTF-8',
    GIT_TERMINAL_PROMPT: '0',
  }
})

afterEach(() => removeDirs(workspace, privateDir))

function sandboxArgv(command: string[], network = true): string[] {
  const layout: BwrapLayout = {
    workspace,
    privateDir,
    hiddenPaths: [],
    network,
    uid: UID,
    gid: GID,
  }
  return [bwrapPath, ...buildBwrapArgs(layout), ...command]
}

interface Finished {
  code: number | null
  output: string
}

/** Spawns `argv` (stdout and stderr merged); resolves when its pipes close. */
function runArgv(
  argv: string[],
  options: { env?: Record<string, string> } = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: workspace,
      env: options.env ?? env,
      detached: true, // as the bash tool does: its own process group
    })
    let output = ''
    const append = (chunk: Buffer): void => {
      output += chunk.toString()
    }
    const timer = setTimeout(
      () => process.kill(-(child.pid ?? 0), 'SIGKILL'),
      10_000,
    )
    child.stdout.on('data', append)
    child.stderr.on('data', append)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

const runSandboxed = (script: string, network = true): Promise<Finished> =>
  runArgv(sandboxArgv(['bash', '-c', script], network))

/** Host pids whose command line contains `needle`, zombies excluded. */
async function findHostProcesses(needle: string): Promise<number[]> {
  const found: number[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8')
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8')
      const state = stat.slice(stat.lastIndexOf(')') + 2)[0]
      if (cmdline.includes(needle) && state !== 'Z') found.push(Number(entry))
    } catch {
      continue // the process ended while we looked
    }
  }
  return found
}

/** Polls until no host process matches `needle`, for at most `ms`. */
async function waitForNoProcess(needle: string, ms = 1000): Promise<number[]> {
  const deadline = Date.now() + ms
  let found = await findHostProcesses(needle)
  while (found.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    found = await findHostProcesses(needle)
  }
  return found
}

test('the command gets the environment it was spawned with, and PWD', async () => {
  const { code, output } = await runArgv(sandboxArgv(['env']))
  expect(code).toBe(0)
  const expected = { ...env, PWD: workspace } // bwrap sets PWD for --chdir
  expect(output.trim().split('\n').sort()).toEqual(
    Object.entries(expected)
      .map(([name, value]) => `${name}=${value}`)
      .sort(),
  )
})

test("pid 1 is the sandbox's own init, not the host's", async () => {
  const { output } = await runSandboxed(`tr '\\0' ' ' </proc/1/cmdline`)
  expect(output.startsWith(`${bwrapPath} --ro-bind / / `)).toBe(true)
})

test("ps lists only the sandbox's processes", async () => {
  const { output } = await runSandboxed('ps -eo pid,args; true')
  const rows = output.trim().split('\n').slice(1)
  const commands = rows.map((row) =>
    row.trim().split(/\s+/).slice(1, 3).join(' '),
  )
  expect(commands).toEqual([`${bwrapPath} --ro-bind`, 'bash -c', 'ps -eo'])
})

test('every namespace but the network is new; the network too when off', async () => {
  const kinds = ['user', 'pid', 'ipc', 'uts', 'cgroup', 'net']
  const script = kinds
    .map((kind) => `readlink /proc/self/ns/${kind}`)
    .join('; ')
  const host = await Promise.all(
    kinds.map((kind) => readlink(`/proc/self/ns/${kind}`)),
  )
  const shared = async (network: boolean): Promise<string[]> => {
    const inside = (await runSandboxed(script, network)).output
      .trim()
      .split('\n')
    expect(inside).toHaveLength(kinds.length)
    return kinds.filter((_kind, index) => inside[index] === host[index])
  }
  expect(await shared(true)).toEqual(['net'])
  expect(await shared(false)).toEqual([])
})

test('the command leads its own session, so it cannot type into ours', async () => {
  // --new-session: the session starts at the sandbox's init (pid 1); without
  // it the session is the launcher's, outside the namespace (shown as 0), and
  // TIOCSTI could push input into the launcher's terminal.
  const { output } = await runSandboxed('ps -o sid= -p $$; true')
  expect(output.trim()).toBe('1')
})

test("no /proc entry inside holds the launcher's secret environment", async () => {
  // A wrapper bash, whose own environment holds the secret, starts bwrap
  // without it and stays its parent: a shared /proc would show the wrapper.
  // Two defences each suffice: the PID namespace with its own /proc, and the
  // user namespace (the kernel denies environ reads across it); this fails
  // only with both off, i.e. without bwrap.
  const secret = `h9-secret-${Date.now()}`
  const script = [
    `tr '\\0' '\\n' </proc/$PPID/environ`,
    `cat /proc/[0-9]*/environ | tr '\\0' '\\n'`,
    'ps eww -A',
    'echo checked',
  ].join('; ')
  const argv = [
    ...['bash', '-c', 'env -u H9_SECRET "$@"; echo wrapper done', 'wrapper'],
    ...sandboxArgv(['bash', '-c', script]),
  ]
  const { output } = await runArgv(argv, { env: { ...env, H9_SECRET: secret } })
  expect(output).toContain(`HOME=${privateDir}`) // the environ reads worked
  expect(output).toContain('checked\nwrapper done\n')
  expect(output).not.toContain(secret)
})

test('no new privileges and not root: setuid programs such as sudo fail', async () => {
  const sudoInstalled = existsSync('/usr/bin/sudo')
  const { output } = await runSandboxed(
    [
      'grep NoNewPrivs /proc/self/status',
      'id -u',
      'id -g',
      'if command -v sudo >/dev/null; then sudo -n true 2>/dev/null && echo "sudo worked" || echo "sudo refused"; else echo "no sudo"; fi',
    ].join('; '),
  )
  const expectedId = (id: number): string =>
    String(id === 0 ? SANDBOX_USER_ID : id)
  expect(output.split('\n')).toEqual([
    'NoNewPrivs:\t1',
    expectedId(UID),
    expectedId(GID),
    sudoInstalled ? 'sudo refused' : 'no sudo',
    '',
  ])
  expect(output).not.toMatch(/^0$/m)
})

describe('the network option', () => {
  let server: Server
  let port: number
  let connections: number

  beforeEach(async () => {
    connections = 0
    server = createServer((socket) => {
      connections++
      socket.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    port = typeof address === 'object' && address !== null ? address.port : 0
  })

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const connect = (): string =>
    `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected || echo blocked`

  test('off: not even the host loopback is reachable', async () => {
    const { output } = await runSandboxed(connect(), false)
    expect(output).toMatch(/Connection refused\nblocked\n$/)
    expect(connections).toBe(0)
  })

  test('on: the host loopback is reachable', async () => {
    const { output } = await runSandboxed(connect(), true)
    expect(output).toBe('connected\n')
    expect(connections).toBe(1)
  })
})

test('a background process is gone once the command returns', async () => {
  const marker = `97.${process.pid}${Date.now() % 1000}`
  const { code, output } = await runSandboxed(
    `sleep ${marker} >/dev/null 2>&1 & echo "started $!"`,
  )
  expect({ code, output }).toEqual({ code: 0, output: 'started 3\n' })
  expect(await waitForNoProcess(`sleep\0${marker}`)).toEqual([])
})

test("killing the launcher's process group ends everything inside", async () => {
  // --new-session moves the command out of the group the bash tool kills;
  // --die-with-parent and the PID namespace still take it down.
  const marker = `96.${process.pid}${Date.now() % 1000}`
  let started = (): void => {}
  const running = new Promise<void>((resolve) => (started = resolve))
  const argv = sandboxArgv([
    'bash',
    '-c',
    `sleep ${marker} & echo started; sleep ${marker}`,
  ])
  const child = spawn(argv[0], argv.slice(1), {
    cwd: workspace,
    env,
    detached: true,
  })
  child.stdout.on('data', () => started())
  const exited = new Promise((resolve) => child.on('exit', resolve))
  await running
  // "started" comes before the second sleep is exec'd: give it a moment.
  let inside = await findHostProcesses(`sleep\0${marker}`)
  for (let tries = 0; inside.length < 2 && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    inside = await findHostProcesses(`sleep\0${marker}`)
  }
  expect(inside).toHaveLength(2)
  process.kill(-(child.pid ?? 0), 'SIGTERM')
  expect(await exited).toBe(null)
  expect(await waitForNoProcess(`sleep\0${marker}`)).toEqual([])
})
