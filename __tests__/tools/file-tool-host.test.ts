import { execFileSync } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { readFileSync, readlinkSync } from 'node:fs'
import path from 'node:path'
import { createBwrapWrapper } from '../../src/sandbox/bwrap-args.js'
import type { ToolContext } from '../../src/tools/base-tool.js'
import { FileToolHost } from '../../src/tools/file-tool-host.js'
import { ToolTimeoutError } from '../../src/tools/tool-timeout.js'
import { makeTempWorkspace, removeDirs } from '../helpers/temp-dir.js'

// The helper is the bundled dist/file-tool-worker/index.js (npm run build),
// exactly what the action starts.
const WORKER_SOURCE = readFileSync(
  path.join(
    import.meta.dirname,
    '..',
    '..',
    'dist',
    'file-tool-worker',
    'index.js',
  ),
  'utf8',
)

let root: string
let workdir: string
let privateDir: string
const hosts: FileToolHost[] = []

beforeEach(async () => {
  ;({ root, workdir } = await makeTempWorkspace('h9-host-'))
  privateDir = path.join(root, 'home')
  await mkdir(path.join(workdir, 'hidden'), { recursive: true })
  await mkdir(privateDir)
  await writeFile(path.join(workdir, 'a.txt'), 'hello\n')
  await writeFile(path.join(workdir, 'hidden', 'secret.txt'), 'secret\n')
})

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close()
  await removeDirs(root)
})

function newHost(
  options: Partial<ConstructorParameters<typeof FileToolHost>[0]> = {},
) {
  const host = new FileToolHost({ source: WORKER_SOURCE, ...options })
  hosts.push(host)
  return host
}

function context(signal = new AbortController().signal): ToolContext {
  return { workdir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, signal }
}

test('reads, writes and edits through the helper with the tools own messages', async () => {
  const host = newHost()
  await expect(
    host.run('read_file', '{"path":"a.txt"}', context()),
  ).resolves.toBe('hello\n')
  await expect(
    host.run('write_file', '{"path":"n/b.txt","content":"new"}', context()),
  ).resolves.toBe('成功将 3 字节写入到文件: n/b.txt')
  await expect(
    host.run(
      'edit_file',
      '{"path":"n/b.txt","source_text":"new","target_text":"edited"}',
      context(),
    ),
  ).resolves.toBe('成功修改文件: n/b.txt')
  await expect(
    readFile(path.join(workdir, 'n', 'b.txt'), 'utf8'),
  ).resolves.toBe('edited')
  await expect(
    host.run('read_file', '{"path":"missing.txt"}', context()),
  ).rejects.toThrow('File not found: missing.txt.')
  await expect(host.run('read_file', '{not json', context())).rejects.toThrow(
    'Arguments are not valid JSON',
  )
})

test('under the bubblewrap wrapper the helper sees the sandbox, not the host', async () => {
  const wrapCommand = createBwrapWrapper('bwrap', {
    workspace: workdir,
    privateDir,
    hiddenPaths: [{ path: path.join(workdir, 'hidden'), kind: 'directory' }],
    network: false,
    uid: process.getuid!(),
    gid: process.getgid!(),
  })
  const host = newHost({ wrapCommand })
  // Hidden by the sandbox: the helper finds an empty directory there.
  await expect(
    host.run('read_file', '{"path":"hidden/secret.txt"}', context()),
  ).rejects.toThrow('File not found: hidden/secret.txt.')
  await expect(
    host.run('read_file', '{"path":"a.txt"}', context()),
  ).resolves.toBe('hello\n')
})

test('a wrapper that closes inherited fds falls back to naming node by path', async () => {
  const closeFd3 = (argv: string[]) => [
    '/bin/sh',
    '-c',
    'exec 3<&-; exec "$@"',
    'sh',
    ...argv,
  ]
  const host = newHost({ wrapCommand: closeFd3 })
  await expect(
    host.run('read_file', '{"path":"a.txt"}', context()),
  ).resolves.toBe('hello\n')
})

test('an aborted call kills the helper and fails alone; the next call gets a new helper', async () => {
  const host = newHost()
  await expect(
    host.run('read_file', '{"path":"a.txt"}', context()),
  ).resolves.toBe('hello\n')
  const before = helperPids()
  expect(before).toHaveLength(1)
  const controller = new AbortController()
  const stopped = host.run(
    'read_file',
    '{"path":"a.txt"}',
    context(controller.signal),
  )
  // Aborted while in flight: its answer cannot have come back yet.
  controller.abort(new ToolTimeoutError(200))
  await expect(stopped).rejects.toThrow(
    'read_file was stopped (timed out after 0.2 s); its helper process was killed',
  )
  await expect(
    host.run('read_file', '{"path":"a.txt"}', context()),
  ).resolves.toBe('hello\n')
  const after = helperPids()
  expect(after).toHaveLength(1)
  expect(after.filter((pid) => before.includes(pid))).toEqual([])
})

test('a helper that dies fails its calls with the reason, never hangs them', async () => {
  const dying = [
    'process.stdout.write(JSON.stringify({ ready: true }) + "\\n")',
    'process.stdin.once("data", () => { console.error("boom"); process.exit(3) })',
  ].join('\n')
  const host = newHost({ source: dying })
  await expect(
    host.run('read_file', '{"path":"a.txt"}', context()),
  ).rejects.toThrow("The file tools' helper process stopped (exit 3: boom)")
})

/** Pids of running helpers of this test: node -e …, started in its workdir. */
function helperPids(): string[] {
  const out = execFileSync('pgrep', ['-f', '--', '--input-type=module'], {
    encoding: 'utf8',
  }).trim()
  const pids = out === '' ? [] : out.split('\n')
  return pids.filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === workdir
    } catch {
      return false // exited while we looked
    }
  })
}
