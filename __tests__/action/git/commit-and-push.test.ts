import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { listChangedFiles } from '../../../src/action/git/changed-files.js'
import {
  BOT_EMAIL,
  BOT_NAME,
  commitAndPush,
  type CommitAndPushOptions,
} from '../../../src/action/git/commit-and-push.js'
import {
  restoreGitConfig,
  snapshotGitConfig,
} from '../../../src/action/git/config-snapshot.js'
import { splitProtected } from '../../../src/action/git/protected-paths.js'
import {
  createTestRepo,
  markerExists,
  runPlainGit,
  tryPlainGit,
  writeMarkerScript,
  type TestRepo,
} from '../../helpers/git-repo.js'

const BRANCH = 'harness9/issue-7-1001'
const BOT = `${BOT_NAME} <${BOT_EMAIL}>`

let repo: TestRepo
let marker: string

beforeEach(() => {
  repo = createTestRepo()
  marker = join(repo.root, 'marker')
})

afterEach(() => {
  repo.cleanup()
})

function commit(options: Partial<CommitAndPushOptions> = {}) {
  return commitAndPush({
    workdir: repo.workdir,
    files: [],
    message: 'harness9: apply the requested change',
    branch: BRANCH,
    createBranch: true,
    ...options,
  })
}

/** The sha of a branch in the bare origin, or undefined when it does not exist. */
function originBranch(branch: string): string | undefined {
  const ref = `refs/heads/${branch}`
  return tryPlainGit(
    ['rev-parse', '--verify', '--quiet', ref],
    repo.origin,
  )?.trim()
}

function originFiles(branch: string): string[] {
  const output = repo.originGit(['ls-tree', '-r', '-z', '--name-only', branch])
  return output.split('\0').filter(Boolean).sort()
}

function originRefs(): string {
  return repo.originGit(['for-each-ref', '--format=%(refname) %(objectname)'])
}

describe('commits and pushes', () => {
  test('to a new branch, as the Actions bot', async () => {
    const mainBefore = originBranch('main')
    repo.write('src/feature.ts', 'export const feature = 1\n')
    repo.write('README.md', '# test\n\nmore\n')

    const result = await commit({ files: ['src/feature.ts', 'README.md'] })

    expect(result).toEqual({
      committed: true,
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      branch: BRANCH,
      files: ['README.md', 'src/feature.ts'],
      skipped: [],
    })
    if (!result.committed) throw new Error('expected a commit')
    expect(originBranch(BRANCH)).toBe(result.sha)
    expect(originBranch('main')).toBe(mainBefore)
    const log = repo.originGit([
      'log',
      '-1',
      '--format=%an <%ae>%n%cn <%ce>%n%s%n%P',
      BRANCH,
    ])
    expect(log.split('\n').slice(0, 4)).toEqual([
      BOT,
      BOT,
      'harness9: apply the requested change',
      mainBefore,
    ])
    expect(repo.originGit(['show', `${BRANCH}:src/feature.ts`])).toBe(
      'export const feature = 1\n',
    )
    expect(repo.git(['symbolic-ref', 'HEAD']).trim()).toBe(
      `refs/heads/${BRANCH}`,
    )
  })

  test('nothing to commit is a result, not an error', async () => {
    const refsBefore = originRefs()

    await expect(commit({ files: [] })).resolves.toEqual({ committed: false })
    await expect(commit({ files: ['README.md'] })).resolves.toEqual({
      committed: false,
    })
    expect(originRefs()).toBe(refsBefore)
    expect(repo.git(['symbolic-ref', 'HEAD']).trim()).toBe('refs/heads/main')
  })

  test('exactly the given files, whatever their names', async () => {
    const names = [
      'dir with space/a b.txt',
      'line\nbreak.txt',
      'ünïcödé.md',
      '-rf.txt',
      '*.txt',
      ':(glob)magic.txt',
    ]
    for (const name of names) repo.write(name, `content of ${name}\n`)
    repo.write('other.txt', 'changed but not listed\n')

    const result = await commit({ files: names })

    expect(result.committed && [...result.files].sort()).toEqual(
      [...names].sort(),
    )
    expect(originFiles(BRANCH)).toEqual(['README.md', ...names].sort())
    expect(repo.originGit(['show', `${BRANCH}:line\nbreak.txt`])).toBe(
      'content of line\nbreak.txt\n',
    )
  })

  test('a deletion and a rename', async () => {
    repo.write('old.txt', 'moving\n')
    repo.git(['add', 'old.txt'])
    repo.git(['commit', '--quiet', '-m', 'add old.txt'])
    repo.git(['push', '--quiet', 'origin', 'main'])
    repo.git(['mv', 'old.txt', 'new.txt'])
    repo.git(['rm', '--quiet', 'README.md'])

    const files = await listChangedFiles(repo.workdir)
    await commit({ files })

    expect(originFiles(BRANCH)).toEqual(['new.txt'])
  })

  test("to an existing branch (a pull request's own), as a fast-forward", async () => {
    repo.write('fix.txt', 'fix\n')

    const result = await commit({
      files: ['fix.txt'],
      branch: 'main',
      createBranch: false,
    })

    expect(result.committed && originBranch('main')).toBe(
      result.committed && result.sha,
    )
  })
})

describe('refuses', () => {
  test('a branch that already exists on the remote, without touching it', async () => {
    repo.git(['push', '--quiet', 'origin', `main:refs/heads/${BRANCH}`])
    const existing = originBranch(BRANCH)
    repo.write('change.txt', 'x\n')

    await expect(commit({ files: ['change.txt'] })).rejects.toThrow(
      `Branch '${BRANCH}' already exists on 'origin'; the action does not overwrite it.`,
    )
    expect(originBranch(BRANCH)).toBe(existing)
  })

  test('to force: a non-fast-forward push fails and the remote keeps its commit', async () => {
    const other = join(repo.root, 'other')
    runPlainGit(['clone', '--quiet', repo.origin, other], repo.root)
    writeFileSync(join(other, 'theirs.txt'), 'pushed meanwhile\n')
    runPlainGit(['add', 'theirs.txt'], other)
    runPlainGit(['commit', '--quiet', '-m', 'theirs'], other)
    runPlainGit(['push', '--quiet', 'origin', 'main'], other)
    const theirs = originBranch('main')
    repo.write('ours.txt', 'ours\n')

    await expect(
      commit({ files: ['ours.txt'], branch: 'main', createBranch: false }),
    ).rejects.toThrow(
      "Could not push to branch 'main' on 'origin': the remote branch has " +
        'commits this run does not have (not a fast-forward). The action ' +
        'never force-pushes; nothing on the remote was changed.',
    )
    expect(originBranch('main')).toBe(theirs)
  })

  test('an invalid branch name, before anything is committed', async () => {
    repo.write('change.txt', 'x\n')
    const head = repo.git(['rev-parse', 'HEAD'])

    await expect(
      commit({ files: ['change.txt'], branch: 'bad name..' }),
    ).rejects.toThrow("'bad name..' is not a valid git branch name")
    expect(repo.git(['rev-parse', 'HEAD'])).toBe(head)
  })

  test('commits the model made itself: the push builds on the recorded base instead', async () => {
    const snapshot = await snapshotGitConfig(repo.workdir)
    repo.write('.github/workflows/evil.yml', 'on: push\n')
    repo.git(['add', '.github'])
    repo.git(['commit', '--quiet', '-m', 'sneaky'])
    repo.write('change.txt', 'x\n')

    const result = await commit({
      files: ['change.txt'],
      base: snapshot.base,
    })

    if (!result.committed) throw new Error('expected a commit')
    expect(originFiles(BRANCH)).toEqual(['README.md', 'change.txt'])
    expect(repo.originGit(['rev-parse', `${BRANCH}^`]).trim()).toBe(
      snapshot.headSha,
    )
  })
})

describe('against what the model left in the repository', () => {
  const HOOKS = [
    'pre-commit',
    'prepare-commit-msg',
    'commit-msg',
    'post-commit',
    'pre-push',
    'reference-transaction',
    'post-index-change',
  ]

  test('planted hooks do not run (and plain git proves they would)', async () => {
    for (const hook of HOOKS) {
      writeMarkerScript(join(repo.workdir, '.git/hooks', hook), marker)
    }
    repo.write('change.txt', 'x\n')

    const result = await commit({ files: ['change.txt'] })

    expect(result.committed).toBe(true)
    expect(markerExists(marker)).toBe(false)
    repo.git(['commit', '--quiet', '--allow-empty', '-m', 'plain git'])
    expect(readFileSync(marker, 'utf8')).toContain('ran')
  })

  test('a planted core.hooksPath is overridden', async () => {
    const planted = join(repo.root, 'planted-hooks')
    // post-commit: --no-verify does not skip it, only the hooksPath override does.
    writeMarkerScript(join(planted, 'post-commit'), marker)
    repo.git(['config', 'core.hooksPath', planted])
    repo.write('change.txt', 'x\n')

    await commit({ files: ['change.txt'] })

    expect(markerExists(marker)).toBe(false)
    repo.git(['commit', '--quiet', '--allow-empty', '-m', 'plain git'])
    expect(markerExists(marker)).toBe(true)
  })

  test('a planted core.fsmonitor runs neither after the restore nor without it', async () => {
    const snapshot = await snapshotGitConfig(repo.workdir)
    const fsmonitor = writeMarkerScript(join(repo.root, 'fsmonitor.sh'), marker)
    repo.git(['config', 'core.fsmonitor', fsmonitor])
    repo.write('change.txt', 'x\n')

    // Without the restore: only the -c override stands in the way.
    await listChangedFiles(repo.workdir)
    await commit({ files: ['change.txt'] })
    expect(markerExists(marker)).toBe(false)
    // Proof that it is a working fsmonitor: plain git runs it.
    repo.git(['status', '--porcelain'])
    expect(markerExists(marker)).toBe(true)

    await restoreGitConfig(snapshot)
    expect(
      tryPlainGit(['config', 'core.fsmonitor'], repo.workdir),
    ).toBeUndefined()
  })

  test('a planted clean filter does not run once the config is restored', async () => {
    const snapshot = await snapshotGitConfig(repo.workdir)
    const filter = writeMarkerScript(join(repo.root, 'filter.sh'), marker)
    repo.git(['config', 'filter.evil.clean', filter])
    repo.write('.gitattributes', '*.txt filter=evil\n')
    repo.write('data.txt', 'plain text\n')
    // Proof that the filter is live: plain git runs it on this file.
    repo.git(['hash-object', '--path=data.txt', 'data.txt'])
    expect(markerExists(marker)).toBe(true)
    execFileSync('rm', [marker])

    await restoreGitConfig(snapshot)
    const files = await listChangedFiles(repo.workdir)
    await commit({ files })

    expect(markerExists(marker)).toBe(false)
    expect(repo.originGit(['show', `${BRANCH}:data.txt`])).toBe('plain text\n')
  })

  test('a planted push redirect is undone by the restore', async () => {
    const evil = join(repo.root, 'evil.git')
    runPlainGit(['init', '--quiet', '--bare', evil], repo.root)
    const snapshot = await snapshotGitConfig(repo.workdir)
    repo.git(['config', 'remote.origin.pushurl', evil])
    repo.git(['config', `url.${evil}.insteadOf`, repo.origin])
    repo.write('change.txt', 'x\n')

    await restoreGitConfig(snapshot)
    const result = await commit({ files: ['change.txt'] })

    expect(result.committed && originBranch(BRANCH)).toBe(
      result.committed && result.sha,
    )
    expect(runPlainGit(['for-each-ref'], evil)).toBe('')
  })

  test('a protected file the model staged itself is not committed', async () => {
    repo.write('.github/workflows/evil.yml', 'on: push\n')
    repo.write('src/ok.ts', 'ok\n')
    repo.git(['add', '--all'])

    const files = await listChangedFiles(repo.workdir)
    const { allowed, leftOut } = splitProtected(files, [], false)
    const result = await commit({ files: allowed })

    expect(leftOut).toEqual(['.github/workflows/evil.yml'])
    expect(result.committed && result.files).toEqual(['src/ok.ts'])
    expect(originFiles(BRANCH)).toEqual(['README.md', 'src/ok.ts'])
  })
})

describe('the push token', () => {
  const TOKEN = 'ghs_PushToken0123456789abcdefXYZ'
  const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString('base64')
  let server: Server
  let authorizations: (string | undefined)[]
  let commandLines: string[]
  let serverUrl: string

  /** The argv of every git process alive now (the push waits on us). */
  function gitCommandLines(): string[] {
    const lines: string[] = []
    for (const pid of readdirSync('/proc').filter((name) =>
      /^\d+$/.test(name),
    )) {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
        if (argv.some((arg) => /(^|\/)git(-remote-https?)?$/.test(arg)))
          lines.push(argv.join(' '))
      } catch {
        // The process ended meanwhile.
      }
    }
    return lines
  }

  beforeEach(async () => {
    authorizations = []
    commandLines = []
    server = createServer((request, response) => {
      authorizations.push(request.headers.authorization)
      commandLines.push(...gitCommandLines())
      response.statusCode = 403
      response.end('denied\n')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  test('reaches the server as a header, never argv, the config or the error', async () => {
    repo.git(['remote', 'set-url', 'origin', `${serverUrl}/octo/repo.git`])
    repo.write('change.txt', 'x\n')
    let failure: unknown
    try {
      await commit({
        files: ['change.txt'],
        branch: 'main',
        createBranch: false,
        token: TOKEN,
        serverUrl,
      })
    } catch (error) {
      failure = error
    }

    expect(authorizations).toContain(`basic ${BASIC}`)
    const message = failure instanceof Error ? failure.message : ''
    expect(message).toMatch(
      /^Could not push to branch 'main' on 'origin': .*403/,
    )
    expect(message).not.toContain(TOKEN)
    expect(message).not.toContain(BASIC)
    // Seen from /proc while the push waited on the server: a wrapper on
    // PATH would not do, since the action runs only the trusted git.
    const argv = commandLines.join('\n')
    expect(argv).toMatch(/ push /)
    expect(argv).not.toContain(TOKEN)
    expect(argv).not.toContain(BASIC)
    const config = readFileSync(join(repo.workdir, '.git/config'), 'utf8')
    expect(config).not.toContain(TOKEN)
    expect(config).not.toContain(BASIC)
  })
})
