import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { basename, dirname, join } from 'node:path'
import {
  createBwrapWrapper,
  SANDBOX_USER_ID,
  type BwrapLayout,
  type HiddenPath,
} from '../../src/sandbox/bwrap-args.js'
import { makeTempDir, removeDirs } from '../helpers/temp-dir.js'
import { requireBwrap } from '../helpers/machine-requirements.js'

// Real bubblewrap on the real filesystem. Paths that must be hidden live
// under /var/tmp, outside /tmp, so the sandbox's fresh /tmp cannot hide them
// by accident and each test fails when its own defence is switched off.
const UID = process.getuid?.() ?? SANDBOX_USER_ID
const GID = process.getgid?.() ?? SANDBOX_USER_ID
const TAG = `h9-${process.pid}-${Date.now()}`

let bwrapPath: string
let workspace: string
let privateDir: string
let outside: string
const cleanups: string[] = []

beforeAll(async () => {
  bwrapPath = await requireBwrap()
})

beforeEach(async () => {
  workspace = await makeTempDir('h9-workspace-')
  privateDir = await makeTempDir('h9-home-')
  outside = await makeTempDir('h9-outside-', '/var/tmp')
})

afterEach(async () => {
  await removeDirs(workspace, privateDir, outside, ...cleanups.splice(0))
})

function layoutWith(overrides: Partial<BwrapLayout> = {}): BwrapLayout {
  return {
    workspace,
    privateDir,
    hiddenPaths: [],
    network: true,
    uid: UID,
    gid: GID,
    ...overrides,
  }
}

/** Runs `script` with `bash -c` in the sandbox; stdout and stderr merged. */
function runSandboxed(
  script: string,
  layout: BwrapLayout = layoutWith(),
): Promise<{ code: number | null; output: string }> {
  const argv = createBwrapWrapper(bwrapPath, layout)(['bash', '-c', script])
  const env = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: privateDir }
  return new Promise((resolve, reject) => {
    // Started from /, so `pwd` shows that the sandbox itself enters the workspace.
    const child = spawn(argv[0], argv.slice(1), { cwd: '/', env })
    let output = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

test('writes outside the workspace fail: the system is read-only', async () => {
  const targets = ['/etc', '/usr', '/var/tmp', outside]
  cleanups.push(...targets.map((dir) => join(dir, TAG)))
  const script = targets
    .map((dir) => `echo x > ${dir}/${TAG} && echo "wrote ${dir}"`)
    .join('; ')
  const { output } = await runSandboxed(`${script}; true`)
  for (const dir of targets) {
    expect(output).toContain(`${dir}/${TAG}: Read-only file system`)
    expect(existsSync(join(dir, TAG))).toBe(false)
  }
  expect(output).not.toContain('wrote')
})

test('the workspace is writable, the command starts there and files show outside', async () => {
  const { code, output } = await runSandboxed(
    'pwd && mkdir -p src && echo hello > src/new.txt && echo kept > "$HOME/note"',
  )
  expect({ code, output }).toEqual({ code: 0, output: `${workspace}\n` })
  expect(await readFile(join(workspace, 'src', 'new.txt'), 'utf8')).toBe(
    'hello\n',
  )
  expect(statSync(join(workspace, 'src', 'new.txt')).uid).toBe(UID)
  expect(await readFile(join(privateDir, 'note'), 'utf8')).toBe('kept\n')
})

test("the host's /tmp is replaced by an empty one beside the writable paths", async () => {
  const hostFile = join('/tmp', `${TAG}.txt`)
  cleanups.push(hostFile)
  await writeFile(hostFile, 'host temporary file')
  const { output } = await runSandboxed(
    `cat ${hostFile}; echo scratch > /tmp/scratch && ls -A /tmp`,
  )
  expect(output).toContain(`${hostFile}: No such file or directory`)
  expect(output).not.toContain('host temporary file')
  const mountPoints = [workspace, privateDir]
    .filter((path) => dirname(path) === '/tmp')
    .map((path) => basename(path))
  expect(output.trim().split('\n').slice(1).sort()).toEqual(
    [...mountPoints, 'scratch'].sort(),
  )
  expect(existsSync('/tmp/scratch')).toBe(false)
})

test('a hidden directory such as RUNNER_TEMP is empty inside', async () => {
  const runnerTemp = join(outside, '_temp')
  await mkdir(join(runnerTemp, '_runner_file_commands'), { recursive: true })
  await writeFile(join(runnerTemp, 'event.json'), '{"secret":"runner-temp"}')
  const hidden: HiddenPath[] = [{ path: runnerTemp, kind: 'directory' }]
  const script = `ls -A ${runnerTemp}; cat ${runnerTemp}/event.json`
  const { output } = await runSandboxed(
    script,
    layoutWith({ hiddenPaths: hidden }),
  )
  expect(output).toBe(
    `cat: ${runnerTemp}/event.json: No such file or directory\n`,
  )
})

test('a hidden home stays hidden around a workspace inside it', async () => {
  const home = join(outside, 'home', 'runner')
  const nested = join(home, 'work', 'repo', 'repo')
  await mkdir(nested, { recursive: true })
  await writeFile(join(home, '.npmrc'), '//registry/:_authToken=npm-secret')
  const layout = layoutWith({
    workspace: nested,
    hiddenPaths: [{ path: home, kind: 'directory' }],
  })
  const { output } = await runSandboxed(
    `cat ${home}/.npmrc; ls -A ${home}; echo edited > ${nested}/file.txt`,
    layout,
  )
  expect(output).toBe(`cat: ${home}/.npmrc: No such file or directory\nwork\n`)
  expect(await readFile(join(nested, 'file.txt'), 'utf8')).toBe('edited\n')
})

test('/dev holds only the minimal devices, none of the host', async () => {
  const minimal = ['core', 'fd', 'full', 'null', 'ptmx', 'pts', 'random', 'shm']
  minimal.push('stderr', 'stdin', 'stdout', 'tty', 'urandom', 'zero')
  const { output } = await runSandboxed('ls -A /dev')
  const devices = output.trim().split('\n')
  expect(devices).toContain('null')
  expect(devices.filter((name) => !minimal.includes(name))).toEqual([])
})

describe('a socket of the host', () => {
  let server: Server
  let socketPath: string

  beforeEach(async () => {
    socketPath = join(outside, 'docker.sock')
    server = createServer((socket) => socket.end('daemon says hi\n'))
    await new Promise<void>((resolve) => server.listen(socketPath, resolve))
  })

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  // The sandbox hides /tmp and the home directory, where a checkout (and its
  // node_modules/.bin/node) may live, so a Node of the system is used.
  const node =
    ['/usr/local/bin/node', '/usr/bin/node'].find((path) => existsSync(path)) ??
    process.execPath
  const connect = (path: string): string =>
    `${node} -e "require('net').connect('${path}')` +
    `.on('data', (d) => process.stdout.write(d))` +
    `.on('error', (e) => console.log(e.code))"`

  test('is reachable through a read-only mount', async () => {
    const { output } = await runSandboxed(connect(socketPath))
    expect(output).toBe('daemon says hi\n')
  })

  test('is out of reach once hidden', async () => {
    const hidden: HiddenPath[] = [{ path: socketPath, kind: 'file' }]
    const { output } = await runSandboxed(
      connect(socketPath),
      layoutWith({ hiddenPaths: hidden }),
    )
    expect(output).toBe('ECONNREFUSED\n')
  })
})

test("a runtime file in a hidden directory (the action's Node) still runs, read-only, and nothing else there shows", async () => {
  const bin = join(outside, 'runner', 'externals', 'bin')
  await mkdir(bin, { recursive: true })
  const tool = join(bin, 'tool')
  await writeFile(tool, '#!/bin/sh\necho tool ran\n', { mode: 0o755 })
  await writeFile(join(bin, 'secret'), 'runner secret\n')
  const hidden: HiddenPath[] = [{ path: outside, kind: 'directory' }]
  const { output } = await runSandboxed(
    `${tool}; cat ${join(bin, 'secret')}; echo x > ${tool} || echo refused`,
    layoutWith({ hiddenPaths: hidden, runtimeFiles: [tool] }),
  )
  expect(output).toContain('tool ran')
  expect(output).not.toContain('runner secret')
  expect(output).toContain('refused')
  // Without the bind, the hidden directory takes the program with it.
  const without = await runSandboxed(tool, layoutWith({ hiddenPaths: hidden }))
  expect(without.output).not.toContain('tool ran')
})
