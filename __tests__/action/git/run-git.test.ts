import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { GitCommandError, runGit } from '../../../src/action/git/run-git.js'
import {
  createTestRepo,
  plainGitEnv,
  type TestRepo,
} from '../../helpers/git-repo.js'

let repo: TestRepo
const savedEnv = { ...process.env }

beforeEach(() => {
  repo = createTestRepo()
})

afterEach(() => {
  repo.cleanup()
  for (const name of Object.keys(process.env)) {
    if (!(name in savedEnv)) delete process.env[name]
  }
  Object.assign(process.env, savedEnv)
})

test('returns what git printed', async () => {
  await expect(
    runGit(['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: repo.workdir }),
  ).resolves.toBe('main\n')
})

test('passes input on stdin', async () => {
  const sha = await runGit(['hash-object', '--stdin'], {
    cwd: repo.workdir,
    input: 'hello\n',
  })
  expect(sha.trim()).toBe('ce013625030ba8dba906f756967f9e9ca394464a')
})

test('a failure names the command and quotes git', async () => {
  const failure = runGit(['rev-parse', '--verify', 'no-such-ref'], {
    cwd: repo.workdir,
  })
  await expect(failure).rejects.toThrow(GitCommandError)
  await expect(failure).rejects.toThrow(
    /^git rev-parse --verify no-such-ref failed \(exit 128\): fatal: Needed a single revision$/,
  )
})

test('an accepted exit code is an answer, not a failure', async () => {
  const output = await runGit(['config', '--get', 'no.such.key'], {
    cwd: repo.workdir,
    acceptExitCodes: [1],
  })
  expect(output).toBe('')
})

test('secrets are cut from the command and from git output', async () => {
  const secret = 'ghs_SecretValue123456'
  const failure = runGit(['rev-parse', '--verify', secret], {
    cwd: repo.workdir,
    secrets: [secret],
  })
  await expect(failure).rejects.toThrow('git rev-parse --verify *** failed')
  await expect(failure).rejects.not.toThrow(secret)
})

test("git sees none of the action's environment and no global config", async () => {
  const globalConfig = join(repo.root, 'global.gitconfig')
  writeFileSync(globalConfig, '[user]\n\tname = From Global Config\n')
  process.env.GIT_CONFIG_GLOBAL = globalConfig
  process.env.INPUT_API_KEY = 'sk-action-secret'
  process.env.GIT_DIR = join(repo.root, 'nowhere')
  // Proof that the file is valid: plain git with that variable reads it.
  const plain = execFileSync('git', ['config', 'user.name'], {
    cwd: repo.workdir,
    env: { ...plainGitEnv(), GIT_CONFIG_GLOBAL: globalConfig },
    encoding: 'utf8',
  })
  expect(plain.trim()).toBe('From Global Config')

  const name = await runGit(['config', 'user.name'], {
    cwd: repo.workdir,
    acceptExitCodes: [1],
  })
  expect(name).toBe('')
  const env = await runGit(['-c', 'alias.showenv=!env', 'showenv'], {
    cwd: repo.workdir,
  })
  expect(env).not.toContain('sk-action-secret')
  expect(env).not.toContain('nowhere')
  expect(env).toMatch(/^GIT_CONFIG_NOSYSTEM=1$/m)
  expect(env).toMatch(/^GIT_CONFIG_GLOBAL=\/dev\/null$/m)
  expect(env).toMatch(/^GIT_TERMINAL_PROMPT=0$/m)
  expect(env).toMatch(/^GIT_ASKPASS=$/m)
  expect(env).toMatch(/^GIT_LITERAL_PATHSPECS=1$/m)
})

test('hooks come from an empty directory that exists only during the call', async () => {
  repo.git(['config', 'core.hooksPath', join(repo.root, 'planted-hooks')])
  repo.git(['config', 'core.fsmonitor', join(repo.root, 'planted-fsmonitor')])
  const hooksPath = (
    await runGit(['config', 'core.hooksPath'], { cwd: repo.workdir })
  ).trim()
  const fsmonitor = await runGit(['config', 'core.fsmonitor'], {
    cwd: repo.workdir,
  })
  expect(hooksPath).toMatch(/harness9-git-/)
  expect(existsSync(hooksPath)).toBe(false)
  expect(fsmonitor.trim()).toBe('false')
})

test('a git call that hangs is killed at its time limit', async () => {
  const fifo = join(repo.root, 'fifo')
  execFileSync('mkfifo', [fifo])
  const hang = runGit(['-c', `include.path=${fifo}`, 'config', 'user.name'], {
    cwd: repo.workdir,
    timeoutMs: 300,
  })
  await expect(hang).rejects.toThrow('ran past its time limit')
})

test('an abort stops a hanging git at once, with a sentence saying why', async () => {
  const fifo = join(repo.root, 'fifo-abort')
  execFileSync('mkfifo', [fifo])
  const controller = new AbortController()
  const hang = runGit(['-c', `include.path=${fifo}`, 'config', 'user.name'], {
    cwd: repo.workdir,
    signal: controller.signal,
  })
  setTimeout(() => controller.abort(), 100)
  await expect(hang).rejects.toThrow('git was stopped: no time was left')
})
