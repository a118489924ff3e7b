import { createTestRepo, type TestRepo } from '../../helpers/git-repo.js'
import { filterReviewedFiles } from '../../../src/action/review/filter-files.js'
import type { ChangedFile } from '../../../src/action/review/diff-index.js'

let repo: TestRepo
afterEach(() => repo.cleanup())

function file(path: string): ChangedFile {
  return { path, status: 'modified', additions: 1, deletions: 0, patch: '' }
}

test('lock files and linguist-generated or -vendored files are left out', async () => {
  repo = createTestRepo()
  repo.write(
    '.gitattributes',
    'dist/** linguist-generated\nthird_party/** linguist-vendored=true\nsrc/keep.js -linguist-generated\n',
  )
  const result = await filterReviewedFiles(
    [
      file('src/a.ts'),
      file('web/package-lock.json'),
      file('Cargo.lock'),
      file('dist/index.js'),
      file('third_party/lib.c'),
      file('src/keep.js'),
    ],
    repo.workdir,
  )
  expect(result.reviewed.map((kept) => kept.path)).toEqual([
    'src/a.ts',
    'src/keep.js',
  ])
  expect(result.leftOut).toEqual([
    'web/package-lock.json',
    'Cargo.lock',
    'dist/index.js',
    'third_party/lib.c',
  ])
})
