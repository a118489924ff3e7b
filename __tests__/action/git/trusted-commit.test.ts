import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  copyFileSync,
  cpSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { listChangedFiles } from '../../../src/action/git/changed-files.js'
import { commitAndPush } from '../../../src/action/git/commit-and-push.js'
import { splitProtected } from '../../../src/action/git/protected-paths.js'
import {
  recordTrustedBase,
  type TrustedBase,
} from '../../../src/action/git/trusted-base.js'
import {
  createTestRepo,
  plainGitEnv,
  runPlainGit,
  type TestRepo,
} from '../../helpers/git-repo.js'

// Each test plays a model that rewrites what is under .git after the base
// was recorded, proves with plain git that the forgery is live, and checks
// that the pushed branch holds the base plus the listed working files only.

const BRANCH = 'harness9/run-1'
const EVIL = 'on: push\njobs: {}\n'

let repo: TestRepo
let base: TrustedBase

beforeEach(async () => {
  repo = createTestRepo()
  repo.write('src/app.ts', 'export const app = 1\n')
  repo.write('.github/workflows/ci.yml', 'on: pull_request\n')
  repo.git(['add', '--all'])
  repo.git(['commit', '--quiet', '-m', 'app'])
  repo.git(['push', '--quiet', 'origin', 'main'])
  base = (await recordTrustedBase(repo.workdir))!
})

afterEach(() => {
  repo.cleanup()
})

/** What the action does after the run: list, split, commit, push. */
async function commitLikeTheAction(inspected?: Map<string, Buffer>) {
  const files = await listChangedFiles(repo.workdir, base)
  const { allowed, leftOut } = splitProtected(files, [], false)
  const result = await commitAndPush({
    workdir: repo.workdir,
    files: allowed,
    message: 'harness9: fix',
    branch: BRANCH,
    createBranch: true,
    base,
    inspect: (path, bytes) => inspected?.set(path, bytes),
  })
  return { result, leftOut }
}

function originFiles(): string[] {
  return repo
    .originGit(['ls-tree', '-r', '-z', '--name-only', BRANCH])
    .split('\0')
    .filter(Boolean)
}

function originObjects(): string[] {
  return repo
    .originGit([
      'cat-file',
      '--batch-all-objects',
      '--batch-check=%(objectname)',
    ])
    .split('\n')
    .filter(Boolean)
}

/** Plain git in the working repository with `input` on stdin; trimmed stdout. */
function gitWithInput(args: string[], input: string): string {
  return execFileSync('git', args, {
    cwd: repo.workdir,
    env: plainGitEnv(),
    input,
    encoding: 'utf8',
  }).trim()
}

/** The loose object file of `sha` now holds the object `source` (same type or not). */
function forgeLooseObject(sha: string, source: string): void {
  const path = (id: string) =>
    join(repo.workdir, '.git/objects', id.slice(0, 2), id.slice(2))
  chmodSync(path(sha), 0o644)
  copyFileSync(path(source), path(sha))
}

/** A `.github` tree like the base's, plus `workflows/evil.yml`. */
function makeEvilGithubTree(): string {
  const blob = gitWithInput(['hash-object', '-w', '--stdin'], EVIL)
  const mktree = (lines: string) => gitWithInput(['mktree'], lines)
  const ci = repo.git(['rev-parse', `${base.sha}:.github/workflows/ci.yml`])
  const workflows = mktree(
    `100644 blob ${ci.trim()}\tci.yml\n100644 blob ${blob}\tevil.yml\n`,
  )
  return mktree(`040000 tree ${workflows}\tworkflows\n`)
}

/**
 * Rewrites the index's cached tree of `.github` (its TREE extension) to
 * `tree`, with a valid checksum: `git commit` takes a cached tree as it is.
 */
function forgeCachedTree(tree: string): void {
  const path = join(repo.workdir, '.git/index')
  const index = readFileSync(path)
  const real = Buffer.from(
    repo.git(['rev-parse', `${base.sha}:.github`]).trim(),
    'hex',
  )
  const at = index.indexOf(real, index.indexOf('TREE'))
  expect(at).toBeGreaterThan(0)
  Buffer.from(tree, 'hex').copy(index, at)
  const body = index.subarray(0, index.length - 20)
  createHash('sha1')
    .update(body)
    .digest()
    .copy(index, index.length - 20)
  writeFileSync(path, index)
}

test('a forged cached tree in the index does not smuggle a workflow into the push', async () => {
  forgeCachedTree(makeEvilGithubTree())
  repo.write('src/app.ts', 'export const app = 2\n')
  // Live: the old way (reset, add the listed file, commit) commits the workflow.
  const control = join(repo.root, 'control')
  cpSync(repo.workdir, control, { recursive: true })
  runPlainGit(['reset', '--quiet'], control)
  runPlainGit(['add', '--all', '--', 'src/app.ts'], control)
  runPlainGit(['commit', '--quiet', '-m', 'plain'], control)
  expect(
    runPlainGit(['ls-tree', '-r', '--name-only', 'HEAD'], control),
  ).toContain('.github/workflows/evil.yml')

  const { result, leftOut } = await commitLikeTheAction()

  expect(result.committed).toBe(true)
  expect(leftOut).toEqual([])
  expect(originFiles().sort()).toEqual([
    '.github/workflows/ci.yml',
    'README.md',
    'src/app.ts',
  ])
  expect(repo.originGit(['rev-parse', `${BRANCH}^`]).trim()).toBe(base.sha)
})

test('a replaced ref and a rewritten HEAD do not change the parent or add files', async () => {
  repo.write('.github/workflows/evil.yml', EVIL)
  repo.git(['add', '--all'])
  repo.git(['commit', '--quiet', '-m', 'the model commits a workflow'])
  const evil = repo.git(['rev-parse', 'HEAD']).trim()
  repo.git(['update-ref', 'refs/heads/main', evil])
  repo.git(['checkout', '--quiet', '--detach', evil])
  repo.write('fix.txt', 'fixed\n')

  const { result, leftOut } = await commitLikeTheAction()

  expect(result.committed).toBe(true)
  expect(leftOut).toEqual(['.github/workflows/evil.yml'])
  expect(originFiles().sort()).toEqual([
    '.github/workflows/ci.yml',
    'README.md',
    'fix.txt',
    'src/app.ts',
  ])
  expect(repo.originGit(['rev-parse', `${BRANCH}^`]).trim()).toBe(base.sha)
})

test('a replaced loose blob and base commit are never read or sent', async () => {
  const readme = repo.git(['rev-parse', `${base.sha}:README.md`]).trim()
  const secret = gitWithInput(
    ['hash-object', '-w', '--stdin'],
    'exfiltrated secret\n',
  )
  forgeLooseObject(readme, secret)
  const evilCommit = repo
    .git(['commit-tree', makeEvilGithubTree(), '-m', 'forged'])
    .trim()
  forgeLooseObject(base.sha, evilCommit)
  // Live: git returns the forged bytes under the old names.
  expect(repo.git(['cat-file', 'blob', readme])).toBe('exfiltrated secret\n')
  expect(repo.git(['cat-file', 'commit', base.sha])).toContain('forged')
  const before = new Set(originObjects())
  repo.write('fix.txt', 'fixed\n')

  const { result } = await commitLikeTheAction()

  expect(result.committed).toBe(true)
  expect(originFiles().sort()).toEqual([
    '.github/workflows/ci.yml',
    'README.md',
    'fix.txt',
    'src/app.ts',
  ])
  const sent = originObjects().filter((sha) => !before.has(sha))
  // The new commit, its root tree and the one new blob: nothing else.
  expect(sent).toHaveLength(3)
  expect(repo.originGit(['show', `${BRANCH}:README.md`])).toBe('# test\n')
})

test('attributes do not convert what is committed: the blob is the exact scanned bytes', async () => {
  const utf16 = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from('key = value\r\n', 'utf16le'),
  ])
  repo.write(
    '.gitattributes',
    'notes.txt working-tree-encoding=UTF-16 eol=crlf\n*.c ident\n',
  )
  writeFileSync(join(repo.workdir, 'notes.txt'), utf16)
  repo.write('main.c', '/* $Id$ */\n')
  // Live: plain git would commit converted content.
  const converted = repo.git(['hash-object', 'notes.txt']).trim()
  const inspected = new Map<string, Buffer>()

  const { result } = await commitLikeTheAction(inspected)

  expect(result.committed).toBe(true)
  const committed = repo.originGit(['rev-parse', `${BRANCH}:notes.txt`]).trim()
  expect(committed).not.toBe(converted)
  expect(inspected.get('notes.txt')).toEqual(utf16)
  expect(repo.originGit(['cat-file', 'blob', committed])).toBe(
    utf16.toString('utf8'),
  )
  expect(repo.originGit(['show', `${BRANCH}:main.c`])).toBe('/* $Id$ */\n')
})

test('a path reached through a symbolic link to a directory is not read', async () => {
  const outside = join(repo.root, 'outside')
  repo.write('../outside/secret.txt', 'outside the checkout\n')
  repo.git(['rm', '--quiet', '-r', 'src'])
  // A link where src/ was, and a forged index listing a file under it.
  symlinkSync(outside, join(repo.workdir, 'src'))

  const result = await commitAndPush({
    workdir: repo.workdir,
    files: ['src', 'src/secret.txt', 'src/app.ts'],
    message: 'harness9: fix',
    branch: BRANCH,
    createBranch: true,
    base,
  })

  expect(result.committed).toBe(true)
  expect(originFiles().sort()).toEqual([
    '.github/workflows/ci.yml',
    'README.md',
    'src',
  ])
  expect(repo.originGit(['show', `${BRANCH}:src`])).toBe(outside)
})

test('paths that leave the tree or enter .git are refused', async () => {
  for (const path of ['../x', 'a/./b', '.git/config', 'sub/.GIT/x', '/abs']) {
    await expect(
      commitAndPush({
        workdir: repo.workdir,
        files: [path],
        message: 'harness9: fix',
        branch: BRANCH,
        createBranch: true,
        base,
      }),
    ).rejects.toThrow(`'${path}' cannot be committed`)
  }
})
