import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { removeCheckoutCredentials } from '../../../src/action/git/credentials.js'
import {
  createTestRepo,
  tryPlainGit,
  type TestRepo,
} from '../../helpers/git-repo.js'

const KEY = 'http.https://github.com/.extraheader'
const HEADER = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2NoZWNrb3V0'

let repo: TestRepo

beforeEach(() => {
  repo = createTestRepo()
})

afterEach(() => {
  repo.cleanup()
})

/** What any process in the workspace would find: plain git, includes followed. */
function findExtraHeaders(cwd = repo.workdir): string {
  return tryPlainGit(['config', '--get-regexp', 'extraheader'], cwd) ?? ''
}

test('removes the extraheader actions/checkout v4 writes into .git/config', async () => {
  repo.git(['config', '--local', '--add', KEY, HEADER])
  repo.git(['config', '--local', '--add', KEY, 'AUTHORIZATION: basic second'])
  repo.git(['config', '--local', 'user.name', 'Kept'])
  expect(findExtraHeaders()).toContain(HEADER)

  const removed = await removeCheckoutCredentials(repo.workdir)

  expect(removed).toEqual([`${KEY} in .git/config`])
  expect(findExtraHeaders()).toBe('')
  expect(readFileSync(join(repo.workdir, '.git/config'), 'utf8')).not.toMatch(
    /extraheader|basic/i,
  )
  expect(repo.git(['config', 'user.name']).trim()).toBe('Kept')
  expect(repo.git(['remote', 'get-url', 'origin']).trim()).toBe(repo.origin)
})

test('removes the includeIf entries of checkout v6 and deletes their credentials file', async () => {
  const runnerTemp = join(repo.root, '_temp')
  mkdirSync(runnerTemp)
  const credentials = join(runnerTemp, 'git-credentials-3f2a9c1e-77b0.config')
  writeFileSync(
    credentials,
    `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`,
  )
  writeFileSync(join(repo.workdir, 'extra.config'), '[user]\n\tname = Kept\n')
  const gitDir = realpathSync(join(repo.workdir, '.git'))
  repo.git([
    'config',
    '--local',
    `includeIf.gitdir:${gitDir}.path`,
    credentials,
  ])
  repo.git([
    'config',
    '--local',
    `includeIf.gitdir:${gitDir}/worktrees/*.path`,
    credentials,
  ])
  repo.git([
    'config',
    '--local',
    'includeIf.gitdir:/github/workspace/.git.path',
    '/github/runner_temp/git-credentials-3f2a9c1e-77b0.config',
  ])
  repo.git(['config', '--local', 'include.path', '../extra.config'])
  expect(findExtraHeaders()).toContain(HEADER)

  const removed = await removeCheckoutCredentials(repo.workdir)

  expect(findExtraHeaders()).toBe('')
  expect(existsSync(credentials)).toBe(false)
  expect(removed).toEqual([
    `includeif.gitdir:${gitDir}.path = ${credentials} in .git/config`,
    `includeif.gitdir:${gitDir}/worktrees/*.path = ${credentials} in .git/config`,
    'includeif.gitdir:/github/workspace/.git.path = ' +
      '/github/runner_temp/git-credentials-3f2a9c1e-77b0.config in .git/config',
    `credentials file ${credentials} (deleted)`,
  ])
  const config = readFileSync(join(repo.workdir, '.git/config'), 'utf8')
  expect(config).not.toContain('git-credentials')
  expect(repo.git(['config', 'user.name']).trim()).toBe('Kept')
})

test('removes a user and token from a remote URL', async () => {
  const token = 'ghs_InUrl0123456789abcdef'
  repo.git([
    'remote',
    'set-url',
    'origin',
    `https://x-access-token:${token}@github.com/octo/repo.git`,
  ])

  const removed = await removeCheckoutCredentials(repo.workdir)

  expect(repo.git(['remote', 'get-url', 'origin']).trim()).toBe(
    'https://github.com/octo/repo.git',
  )
  expect(removed).toEqual([
    'user and token in remote.origin.url in .git/config',
  ])
  expect(readFileSync(join(repo.workdir, '.git/config'), 'utf8')).not.toContain(
    token,
  )
})

test("cleans submodules' configs too", async () => {
  const moduleDir = join(repo.workdir, '.git/modules/libs/sub')
  mkdirSync(moduleDir, { recursive: true })
  writeFileSync(join(moduleDir, 'HEAD'), 'ref: refs/heads/main\n')
  writeFileSync(
    join(moduleDir, 'config'),
    `[core]\n\tbare = false\n[http "https://github.com/"]\n\textraheader = ${HEADER}\n`,
  )

  const removed = await removeCheckoutCredentials(repo.workdir)

  expect(removed).toEqual([`${KEY} in .git/modules/libs/sub/config`])
  expect(readFileSync(join(moduleDir, 'config'), 'utf8')).not.toContain(
    'extraheader',
  )
})

test('a repository without credentials is left as it was', async () => {
  const before = readFileSync(join(repo.workdir, '.git/config'), 'utf8')

  await expect(removeCheckoutCredentials(repo.workdir)).resolves.toEqual([])
  expect(readFileSync(join(repo.workdir, '.git/config'), 'utf8')).toBe(before)
})
