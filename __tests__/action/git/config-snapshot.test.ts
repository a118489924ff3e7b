import {
  existsSync,
  lstatSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import {
  restoreGitConfig,
  snapshotGitConfig,
} from '../../../src/action/git/config-snapshot.js'
import {
  createTestRepo,
  runPlainGit,
  tryPlainGit,
  type TestRepo,
} from '../../helpers/git-repo.js'

let repo: TestRepo
let configPath: string

beforeEach(() => {
  repo = createTestRepo()
  configPath = join(repo.workdir, '.git/config')
})

afterEach(() => {
  repo.cleanup()
})

test('records the config bytes and the HEAD commit', async () => {
  const snapshot = await snapshotGitConfig(repo.workdir)

  expect(snapshot.headSha).toBe(repo.git(['rev-parse', 'HEAD']).trim())
  expect(snapshot.files[0].path).toBe(configPath)
  expect(snapshot.files[0].content?.toString()).toBe(
    readFileSync(configPath, 'utf8'),
  )
})

test('puts back the config after the model planted settings in it', async () => {
  const before = readFileSync(configPath, 'utf8')
  const snapshot = await snapshotGitConfig(repo.workdir)
  const planted = {
    'core.fsmonitor': '/tmp/evil-fsmonitor',
    'core.hooksPath': '/tmp/evil-hooks',
    'filter.evil.clean': '/tmp/evil-filter',
    'credential.helper': '!/tmp/evil-helper',
    'include.path': '/tmp/evil.config',
    'alias.st': '!/tmp/evil-alias',
    'core.sshCommand': '/tmp/evil-ssh',
    'url./tmp/evil.git.insteadOf': repo.origin,
    'remote.origin.pushurl': '/tmp/evil.git',
  }
  for (const [key, value] of Object.entries(planted)) {
    repo.git(['config', key, value])
  }

  const changed = await restoreGitConfig(snapshot)

  expect(changed).toEqual(['.git/config'])
  expect(readFileSync(configPath, 'utf8')).toBe(before)
  for (const key of Object.keys(planted)) {
    expect(tryPlainGit(['config', '--get', key], repo.workdir)).toBeUndefined()
  }
})

test('reports nothing when the config was not touched', async () => {
  const snapshot = await snapshotGitConfig(repo.workdir)

  await expect(restoreGitConfig(snapshot)).resolves.toEqual([])
})

test('replaces a config turned into a symbolic link with a regular file', async () => {
  const snapshot = await snapshotGitConfig(repo.workdir)
  const elsewhere = join(repo.root, 'elsewhere.config')
  renameSync(configPath, elsewhere)
  symlinkSync(elsewhere, configPath)

  await expect(restoreGitConfig(snapshot)).resolves.toEqual(['.git/config'])
  expect(lstatSync(configPath).isFile()).toBe(true)
})

test('removes a config.worktree the model added', async () => {
  const snapshot = await snapshotGitConfig(repo.workdir)
  const worktreeConfig = join(repo.workdir, '.git/config.worktree')
  writeFileSync(worktreeConfig, '[core]\n\tfsmonitor = /tmp/evil\n')

  await expect(restoreGitConfig(snapshot)).resolves.toEqual([
    '.git/config.worktree',
  ])
  expect(existsSync(worktreeConfig)).toBe(false)
})

describe('refuses when .git no longer leads to the same repository', () => {
  let evil: string

  beforeEach(() => {
    evil = join(repo.root, 'evil')
    runPlainGit(['init', '--quiet', evil], repo.root)
    runPlainGit(['config', 'core.fsmonitor', '/tmp/evil'], evil)
  })

  test('a commondir file sending git to another config', async () => {
    const snapshot = await snapshotGitConfig(repo.workdir)
    writeFileSync(join(repo.workdir, '.git/commondir'), join(evil, '.git'))
    // Proof that git follows it: plain git now reads the other config.
    expect(repo.git(['config', 'core.fsmonitor']).trim()).toBe('/tmp/evil')

    await expect(restoreGitConfig(snapshot)).rejects.toThrow(
      "The repository's .git changed during the run " +
        '(its commondir file was changed); refusing to run git in it.',
    )
  })

  test('.git swapped for a symbolic link', async () => {
    const snapshot = await snapshotGitConfig(repo.workdir)
    renameSync(join(repo.workdir, '.git'), join(repo.root, 'moved.git'))
    symlinkSync(join(evil, '.git'), join(repo.workdir, '.git'))

    await expect(restoreGitConfig(snapshot)).rejects.toThrow(
      /changed during the run \(\.git now leads to .*evil\/\.git\)/,
    )
  })

  test('.git swapped for a gitfile', async () => {
    const snapshot = await snapshotGitConfig(repo.workdir)
    renameSync(join(repo.workdir, '.git'), join(repo.root, 'moved.git'))
    writeFileSync(join(repo.workdir, '.git'), `gitdir: ${join(evil, '.git')}\n`)

    await expect(restoreGitConfig(snapshot)).rejects.toThrow(
      'changed during the run (.git is now a file)',
    )
  })
})
