import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  chooseSandbox,
  type SandboxChoice,
} from '../../src/sandbox/choose-sandbox.js'
import {
  buildTrustedPath,
  resolveTrustedBinaries,
} from '../../src/sandbox/trusted-binaries.js'
import { makeTempDir, removeDirs } from '../helpers/temp-dir.js'
import { requireRoot } from '../helpers/machine-requirements.js'

// The separate-user fallback for real: this test runs as root (as the CI
// container does), so useradd and setpriv work without sudo. bwrap, apt-get
// and apparmor_parser are withheld so no namespace can be had.

let dir: string
let workspace: string
let privateDir: string
let runnerTemp: string
let choice: SandboxChoice
const lines: string[] = []

beforeAll(async () => {
  requireRoot()
  dir = await makeTempDir('h9-separate-user-')
  workspace = join(dir, 'workspace')
  privateDir = join(dir, 'home')
  runnerTemp = join(dir, 'runner-temp')
  for (const path of [workspace, privateDir, runnerTemp]) await mkdir(path)
  await chmod(dir, 0o750) // like /home/runner: closed to others
  await writeFile(join(workspace, 'README.md'), 'hello\n')
  await writeFile(join(runnerTemp, 'github_env'), '')
  await chmod(runnerTemp, 0o755)
  const trusted = buildTrustedPath({
    path: '/usr/local/bin:/usr/bin:/bin',
    writableRoots: [dir],
  })
  const binaries = resolveTrustedBinaries(trusted.path)
  choice = await chooseSandbox({
    mode: 'auto',
    workspace,
    privateDir,
    network: true,
    hiddenPaths: [],
    host: {
      binaries: {
        ...binaries,
        bwrap: undefined,
        'apt-get': undefined,
        apparmor_parser: undefined,
      },
      trustedPath: trusted.path,
      childEnv: { PATH: '/usr/bin:/bin', HOME: privateDir },
      log: (line) => lines.push(line),
    },
  })
})

afterAll(async () => {
  await choice?.release?.()
  await removeDirs(dir)
})

function userName(): string {
  return /separate user (harness9-[0-9a-f]{8})/.exec(choice.description)![1]
}

/** What the model's bash would print for `script`. */
function runAsModel(script: string): string {
  const argv = choice.wrapCommand!([
    'bash',
    '-c',
    `{ ${script}
} 2>&1`,
  ])
  const result = spawnSync(argv[0], argv.slice(1), {
    cwd: workspace,
    encoding: 'utf8',
    timeout: 10_000,
  })
  return result.stdout + result.stderr
}

function processesOf(uid: number): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8')
        // a zombie is dead already: only the reaper's slowness keeps it listed
        return (
          new RegExp(`^Uid:\\t${uid}\\t`, 'm').test(status) &&
          !/^State:\t[ZX]/m.test(status)
        )
      } catch {
        return false // exited while we looked
      }
    })
}

test('says in the log and the notes that tools run as a separate user', () => {
  expect(choice.warning).toBeUndefined()
  expect(choice.description).toMatch(/^sandbox: separate user harness9-/)
  expect(lines).toEqual([
    expect.stringMatching(
      /^Created the user harness9-[0-9a-f]{8} \(uid \d+\) without sudo rights to run the tools, since bubblewrap cannot be used: bubblewrap is not installed and apt-get was not found to install it\.$/,
    ),
  ])
})

test('the model runs as that user, with no supplementary group, in the workspace', () => {
  const output = runAsModel('id -un; id -G | wc -w; pwd; cat README.md')
  expect(output).toBe(`${userName()}\n1\n${workspace}\nhello\n`)
})

test("the model cannot read the action's environment in /proc", () => {
  expect(runAsModel(`cat /proc/${process.pid}/environ`)).toBe(
    `cat: /proc/${process.pid}/environ: Permission denied\n`,
  )
})

test("the model can write the workspace and its home, not the runner's files", async () => {
  const output = runAsModel(
    `echo x > new.txt && echo x > "$HOME/h" && echo wrote; ` +
      `echo 'PATH=/evil' >> ${runnerTemp}/github_env; ` +
      `touch ${runnerTemp}/planted; touch /etc/planted; ` +
      `sudo -n true 2>/dev/null || echo 'no sudo'`,
  )
  expect(output).toBe(
    'wrote\n' +
      `bash: line 1: ${runnerTemp}/github_env: Permission denied\n` +
      `touch: cannot touch '${runnerTemp}/planted': Permission denied\n` +
      "touch: cannot touch '/etc/planted': Permission denied\n" +
      'no sudo\n',
  )
  expect(await readFile(join(runnerTemp, 'github_env'), 'utf8')).toBe('')
})

test('release kills every process of the user, gives the workspace back and deletes the user', async () => {
  const name = userName()
  const uid = Number(/\(uid (\d+)\)/.exec(lines[0])![1])
  runAsModel('setsid sleep 300 > /dev/null 2>&1 < /dev/null & echo started')
  expect(processesOf(uid).length).toBeGreaterThan(0)
  expect((await stat(join(workspace, 'new.txt'))).uid).toBe(uid)
  const problems = await choice.release!()
  expect(problems).toEqual([])
  expect(processesOf(uid)).toEqual([])
  for (const path of [workspace, join(workspace, 'new.txt'), privateDir])
    expect((await stat(path)).uid).toBe(0)
  expect((await stat(dir)).mode & 0o777).toBe(0o750)
  expect(readFileSync('/etc/passwd', 'utf8')).not.toContain(`${name}:`)
  choice = { description: choice.description } // released: nothing left for afterAll
})
