import {
  assertValidBranchName,
  branchName,
  fallbackBranchName,
  sanitizeBranchName,
} from '../../../src/action/git/branch-name.js'
import {
  createTestRepo,
  tryPlainGit,
  type TestRepo,
} from '../../helpers/git-repo.js'

let repo: TestRepo

beforeEach(() => {
  repo = createTestRepo()
})

afterEach(() => {
  repo.cleanup()
})

test('names issue runs and task runs', () => {
  expect(branchName('harness9/', 42, 9876543210)).toBe(
    'harness9/issue-42-9876543210',
  )
  expect(branchName('harness9/', undefined, '123')).toBe('harness9/run-123')
  expect(branchName('', 7, 1)).toBe('issue-7-1')
})

test('a re-run (attempt 2 on) gets its own name; attempt 1 keeps the old one', () => {
  expect(branchName('harness9/', 42, 555, '1')).toBe('harness9/issue-42-555')
  expect(branchName('harness9/', 42, 555, '2')).toBe('harness9/issue-42-555-2')
  expect(branchName('harness9/', undefined, 555, 3)).toBe('harness9/run-555-3')
})

test('a fallback name is the branch plus a random suffix, new each time', () => {
  const names = new Set(
    Array.from({ length: 20 }, () => fallbackBranchName('harness9/run-1')),
  )
  expect(names.size).toBe(20)
  for (const name of names)
    expect(name).toMatch(/^harness9\/run-1-[0-9a-f]{6}$/)
})

test.each([
  ['my bot/', 'my-bot/issue-1-2'],
  ['../x/', 'x/issue-1-2'],
  ['a..b~c^d:e?f*g[h\\i/', 'a.b-c-d-e-f-g-h-i/issue-1-2'],
  ['.hidden/', 'hidden/issue-1-2'],
  ['refs.lock/', 'refs-lock/issue-1-2'],
  ['bot//', 'bot/issue-1-2'],
  ['-bot@{x}/', 'bot-{x}/issue-1-2'],
  ['tab\there/', 'tab-here/issue-1-2'],
])('sanitises the prefix %j', (prefix, expected) => {
  const name = branchName(prefix, 1, 2)
  expect(name).toBe(expected)
  // git agrees with the result.
  expect(
    tryPlainGit(['check-ref-format', '--branch', name], repo.workdir)?.trim(),
  ).toBe(name)
})

test('sanitising never leaves an empty name', () => {
  expect(sanitizeBranchName('...')).toBe('harness9')
  expect(sanitizeBranchName('@')).toBe('harness9')
})

test('accepts a valid branch name', async () => {
  await expect(
    assertValidBranchName(repo.workdir, 'harness9/issue-1-2'),
  ).resolves.toBeUndefined()
})

test.each(['has space', 'a..b', '-x', 'ends/', 'x.lock', '@{-1}', ''])(
  'refuses %j with a clear message',
  async (name) => {
    await expect(assertValidBranchName(repo.workdir, name)).rejects.toThrow(
      `'${name}' is not a valid git branch name`,
    )
  },
)
