import { rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  listChangedFiles,
  parsePorcelainStatus,
} from '../../../src/action/git/changed-files.js'
import { recordTrustedBase } from '../../../src/action/git/trusted-base.js'
import { createTestRepo, type TestRepo } from '../../helpers/git-repo.js'

let repo: TestRepo

beforeEach(() => {
  repo = createTestRepo()
  repo.write('keep.txt', 'keep\n')
  repo.write('old name.txt', 'to be renamed\n')
  repo.write('gone.txt', 'to be deleted\n')
  repo.write('.gitignore', 'build/\n*.log\n')
  repo.git(['add', '--all'])
  repo.git(['commit', '--quiet', '-m', 'files'])
})

afterEach(() => {
  repo.cleanup()
})

test('an untouched working tree has no changes', async () => {
  await expect(listChangedFiles(repo.workdir)).resolves.toEqual([])
})

test('lists modified, deleted, untracked and renamed paths, not ignored ones', async () => {
  repo.write('README.md', '# changed\n')
  rmSync(join(repo.workdir, 'gone.txt'))
  repo.write('src/deep/new file.ts', 'export {}\n')
  repo.write('line\nbreak.txt', 'newline in the name\n')
  repo.write('ünïcödé.md', 'accents\n')
  repo.write('build/output.js', 'ignored\n')
  repo.write('debug.log', 'ignored\n')
  repo.git(['mv', 'old name.txt', 'new name.txt'])
  repo.git(['add', 'src/deep/new file.ts'])

  const files = await listChangedFiles(repo.workdir)

  expect([...files].sort()).toEqual(
    [
      'README.md',
      'gone.txt',
      'line\nbreak.txt',
      'new name.txt',
      'old name.txt',
      'src/deep/new file.ts',
      'ünïcödé.md',
    ].sort(),
  )
})

test('paths are relative to the top of the repository, from any directory', async () => {
  repo.write('src/a.ts', 'a\n')

  await expect(listChangedFiles(join(repo.workdir, 'src'))).resolves.toEqual([
    'src/a.ts',
  ])
})

test('parses renames (old path listed) and copies (source not listed)', () => {
  const output = [
    'R  to.txt',
    'from.txt',
    'C  copy.txt',
    'original.txt',
    ' M edited.txt',
    '?? new.txt',
    'AD added-then-deleted.txt',
    'RD renamed-then-deleted.txt',
    'renamed-from.txt',
    '',
  ].join('\0')

  expect(parsePorcelainStatus(output)).toEqual([
    'to.txt',
    'from.txt',
    'copy.txt',
    'edited.txt',
    'new.txt',
    'renamed-from.txt',
  ])
})

test('a file staged and then deleted again is no change', async () => {
  repo.write('fleeting.txt', 'here and gone\n')
  repo.git(['add', 'fleeting.txt'])
  rmSync(join(repo.workdir, 'fleeting.txt'))
  repo.git(['mv', 'keep.txt', 'moved.txt'])
  rmSync(join(repo.workdir, 'moved.txt'))

  await expect(listChangedFiles(repo.workdir)).resolves.toEqual(['keep.txt'])
})

describe('from the base recorded before the run', () => {
  test('lists the same changes as git status for ordinary edits', async () => {
    const base = await recordTrustedBase(repo.workdir)
    repo.write('README.md', '# changed\n')
    rmSync(join(repo.workdir, 'gone.txt'))
    repo.write('src/deep/new file.ts', 'export {}\n')
    repo.write('build/output.js', 'ignored\n')
    repo.git(['mv', 'old name.txt', 'new name.txt'])

    const files = await listChangedFiles(repo.workdir, base)

    expect([...files].sort()).toEqual(
      [
        'README.md',
        'gone.txt',
        'new name.txt',
        'old name.txt',
        'src/deep/new file.ts',
      ].sort(),
    )
  })

  // Proves the private index: with the model's own index and HEAD these
  // changes are invisible to git status.
  test('changes the model hid from git (index bits, its own commits) are still listed', async () => {
    const base = await recordTrustedBase(repo.workdir)
    repo.write('keep.txt', 'changed behind an index bit\n')
    repo.git(['update-index', '--assume-unchanged', 'keep.txt'])
    repo.write('README.md', 'changed behind skip-worktree\n')
    repo.git(['update-index', '--skip-worktree', 'README.md'])
    repo.write('committed.txt', 'committed by the model\n')
    repo.git(['add', 'committed.txt'])
    repo.git(['commit', '--quiet', '-m', 'model'])
    expect(await listChangedFiles(repo.workdir)).toEqual([])

    const files = await listChangedFiles(repo.workdir, base)

    expect([...files].sort()).toEqual([
      'README.md',
      'committed.txt',
      'keep.txt',
    ])
  })
})
