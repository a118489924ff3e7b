import { execFileSync, spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * A real repository in a temporary directory, with a local bare repository as
 * `origin`, for tests of the action's git code. The helper's own git calls
 * are plain git (hooks and repository config active), so a test can prove a
 * planted hook or fsmonitor is real by running it here.
 */
export interface TestRepo {
  /** Temporary directory holding everything; removed by cleanup(). */
  root: string
  /** The working repository (the "workspace"), on branch `main`. */
  workdir: string
  /** The bare repository that is `origin`. */
  origin: string
  /** Runs plain git in the working repository (or `cwd`); returns stdout. */
  git(args: string[], cwd?: string): string
  /** Runs plain git in the bare origin repository. */
  originGit(args: string[]): string
  /** Writes a file under the working repository, creating directories. */
  write(path: string, content: string): void
  cleanup(): void
}

const TEST_IDENTITY = {
  GIT_AUTHOR_NAME: 'Test Person',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test Person',
  GIT_COMMITTER_EMAIL: 'test@example.com',
}

/**
 * The environment of the helper's git: this process's, without any GIT_*
 * variable (a git hook running the tests would set GIT_DIR, GIT_WORK_TREE and
 * GIT_INDEX_FILE and point git at another repository), without the user's
 * global and system config, with a fixed identity.
 */
export function plainGitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('GIT_')) env[name] = value
  }
  return {
    ...env,
    ...TEST_IDENTITY,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
  }
}

export function runPlainGit(args: string[], cwd: string): string {
  return execFileSync('git', args, {
    cwd,
    env: plainGitEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** Runs plain git and returns stdout, or undefined when git exits non-zero. */
export function tryPlainGit(args: string[], cwd: string): string | undefined {
  const result = spawnSync('git', args, {
    cwd,
    env: plainGitEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return result.status === 0 ? result.stdout : undefined
}

/** A repository with one commit (README.md) on `main`, pushed to a bare `origin`. */
export function createTestRepo(): TestRepo {
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) {
    delete process.env[name]
  }
  const root = mkdtempSync(join(tmpdir(), 'harness9-git-test-'))
  const workdir = join(root, 'work')
  const origin = join(root, 'origin.git')
  runPlainGit(
    ['init', '--quiet', '--bare', '--initial-branch=main', origin],
    root,
  )
  runPlainGit(['init', '--quiet', '--initial-branch=main', workdir], root)
  writeFileSync(join(workdir, 'README.md'), '# test\n')
  runPlainGit(['add', 'README.md'], workdir)
  runPlainGit(['commit', '--quiet', '-m', 'initial commit'], workdir)
  runPlainGit(['remote', 'add', 'origin', origin], workdir)
  runPlainGit(['push', '--quiet', 'origin', 'main'], workdir)
  return {
    root,
    workdir,
    origin,
    git: (args, cwd = workdir) => runPlainGit(args, cwd),
    originGit: (args) => runPlainGit(args, origin),
    write: (path, content) => {
      const full = join(workdir, path)
      mkdirSync(dirname(full), { recursive: true })
      writeFileSync(full, content)
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  }
}

/**
 * A pull request's head as GitHub keeps it: one commit writing `file` on a
 * new branch, pushed to `refs/pull/<pull>/head` (and, with `pushBranch`, to
 * the branch on origin first); the checkout is back on main. Returns the sha.
 */
export function pushPullRequestHead(
  repo: TestRepo,
  head: {
    branch: string
    file: string
    content: string
    message: string
    pull: number
    pushBranch?: boolean
  },
): string {
  repo.git(['checkout', '-q', '-b', head.branch])
  repo.write(head.file, head.content)
  repo.git(['add', head.file])
  repo.git(['commit', '-q', '-m', head.message])
  const sha = repo.git(['rev-parse', 'HEAD']).trim()
  if (head.pushBranch) repo.git(['push', '-q', 'origin', `HEAD:${head.branch}`])
  repo.git(['push', '-q', 'origin', `HEAD:refs/pull/${head.pull}/head`])
  repo.git(['checkout', '-q', 'main'])
  return sha
}

/**
 * An executable shell script that creates `marker` when run: a hook, an
 * fsmonitor command or a filter that must not run. Returns the script's path.
 */
export function writeMarkerScript(path: string, marker: string): string {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `#!/bin/sh\necho ran >> '${marker}'\ncat\n`)
  chmodSync(path, 0o755)
  return path
}

export function markerExists(marker: string): boolean {
  return existsSync(marker)
}
