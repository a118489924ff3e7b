import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  assertNotInGitDir,
  resolveWorkspacePath,
} from '../../src/tools/workspace-path.js'
import { makeTempWorkspace, removeDirs } from '../helpers/temp-dir.js'

let root: string
let workdir: string
let outside: string

beforeEach(async () => {
  ;({ root, workdir, outside } = await makeTempWorkspace('h9-path-', {
    outside: true,
  }))
  await writeFile(path.join(outside, 'secret.txt'), 'secret')
})

afterEach(() => removeDirs(root))

describe('paths inside the workspace', () => {
  test('a relative path to an existing file resolves inside', async () => {
    await writeFile(path.join(workdir, 'a.txt'), 'a')
    await expect(resolveWorkspacePath(workdir, 'a.txt')).resolves.toBe(
      path.join(workdir, 'a.txt'),
    )
  })

  test('a path that does not exist yet resolves below its real parent', async () => {
    await expect(resolveWorkspacePath(workdir, 'new/dir/b.txt')).resolves.toBe(
      path.join(workdir, 'new', 'dir', 'b.txt'),
    )
  })

  test('an absolute path inside and `..` that stays inside are fine', async () => {
    const inside = path.join(workdir, 'c.txt')
    await expect(resolveWorkspacePath(workdir, inside)).resolves.toBe(inside)
    await expect(resolveWorkspacePath(workdir, 'x/../c.txt')).resolves.toBe(
      inside,
    )
  })

  test('`.` is the workspace itself', async () => {
    await expect(resolveWorkspacePath(workdir, '.')).resolves.toBe(workdir)
  })

  test('a symbolic link to a file inside resolves to its target', async () => {
    await writeFile(path.join(workdir, 'real.txt'), 'r')
    await symlink('real.txt', path.join(workdir, 'alias.txt'))
    await expect(resolveWorkspacePath(workdir, 'alias.txt')).resolves.toBe(
      path.join(workdir, 'real.txt'),
    )
  })
})

describe('paths that would leave the workspace', () => {
  test('an empty path is refused', async () => {
    await expect(resolveWorkspacePath(workdir, '')).rejects.toThrow(
      'Path "" is empty: give a file path inside the workspace',
    )
  })

  test('a NUL byte is refused', async () => {
    await expect(resolveWorkspacePath(workdir, 'a.txt\0.png')).rejects.toThrow(
      'Path "a.txt\\u0000.png" contains a NUL byte: paths must stay inside the workspace',
    )
  })

  test('`..` escapes are refused', async () => {
    await expect(
      resolveWorkspacePath(workdir, '../outside/secret.txt'),
    ).rejects.toThrow(
      `Path "../outside/secret.txt" is outside the workspace (${workdir}): paths must stay inside the workspace.`,
    )
    await expect(resolveWorkspacePath(workdir, 'a/../../x')).rejects.toThrow(
      'Path "a/../../x" is outside the workspace',
    )
  })

  test('a sibling sharing the prefix is not inside', async () => {
    const sibling = `${workdir}-evil`
    await mkdir(sibling)
    await expect(
      resolveWorkspacePath(workdir, `${sibling}/x.txt`),
    ).rejects.toThrow(`Path "${sibling}/x.txt" is outside the workspace`)
    await expect(
      resolveWorkspacePath(workdir, '../ws-evil/x.txt'),
    ).rejects.toThrow('Path "../ws-evil/x.txt" is outside the workspace')
  })

  test('an absolute path outside is refused', async () => {
    await expect(resolveWorkspacePath(workdir, '/etc/passwd')).rejects.toThrow(
      'Path "/etc/passwd" is outside the workspace',
    )
  })

  test('a symbolic link to a file outside is refused', async () => {
    await symlink(
      path.join(outside, 'secret.txt'),
      path.join(workdir, 'link.txt'),
    )
    await expect(resolveWorkspacePath(workdir, 'link.txt')).rejects.toThrow(
      `Path "link.txt" leads through a symbolic link to ${outside}/secret.txt, outside the workspace (${workdir}): paths must stay inside the workspace.`,
    )
  })

  test('a symbolic link to a directory outside is refused, for new files too', async () => {
    await symlink(outside, path.join(workdir, 'linkdir'))
    await expect(
      resolveWorkspacePath(workdir, 'linkdir/secret.txt'),
    ).rejects.toThrow('Path "linkdir/secret.txt" leads through a symbolic link')
    await expect(
      resolveWorkspacePath(workdir, 'linkdir/sub/new.txt'),
    ).rejects.toThrow(`leads through a symbolic link to ${outside}/sub/new.txt`)
  })

  test('a dangling symbolic link is followed to where a write would land', async () => {
    await symlink(
      path.join(outside, 'planted.txt'),
      path.join(workdir, 'dangling'),
    )
    await expect(resolveWorkspacePath(workdir, 'dangling')).rejects.toThrow(
      `leads through a symbolic link to ${outside}/planted.txt`,
    )
  })

  test('a symbolic link loop is refused', async () => {
    await symlink('loop-b', path.join(workdir, 'loop-a'))
    await symlink('loop-a', path.join(workdir, 'loop-b'))
    await expect(resolveWorkspacePath(workdir, 'loop-a')).rejects.toThrow(
      'Path "loop-a" could not be resolved (ELOOP): paths must stay inside the workspace',
    )
  })

  test('/proc/self/environ is refused from a workspace and through a link', async () => {
    await expect(
      resolveWorkspacePath(workdir, '/proc/self/environ'),
    ).rejects.toThrow('Path "/proc/self/environ" is outside the workspace')
    await symlink('/proc/self/environ', path.join(workdir, 'env'))
    await expect(resolveWorkspacePath(workdir, 'env')).rejects.toThrow(
      'Path "env" leads through a symbolic link',
    )
  })

  test('/proc, /sys and /dev stay shut even when the workspace is /', async () => {
    await expect(
      resolveWorkspacePath('/', '/proc/self/environ'),
    ).rejects.toThrow(
      'Path "/proc/self/environ" resolves into /proc, which is off limits: paths must stay inside the workspace',
    )
    await expect(resolveWorkspacePath('/', 'sys/kernel')).rejects.toThrow(
      'resolves into /sys',
    )
    await expect(resolveWorkspacePath('/', 'dev/zero')).rejects.toThrow(
      'resolves into /dev',
    )
    await expect(resolveWorkspacePath('/', 'etc/hostname')).resolves.toBe(
      '/etc/hostname',
    )
  })
})

describe('assertNotInGitDir', () => {
  test.each([
    '.git',
    '.git/config',
    '.git/hooks/pre-commit',
    'sub/.git/HEAD',
    '.GIT/config',
  ])('refuses %s', (relative) => {
    expect(() =>
      assertNotInGitDir(workdir, path.join(workdir, relative)),
    ).toThrow(
      `Path ${JSON.stringify(relative)} is inside .git: writes into .git are not allowed.`,
    )
  })

  test.each(['.gitignore', '.github/workflows/ci.yml', 'src/git/x.ts'])(
    'allows %s',
    (relative) => {
      expect(
        assertNotInGitDir(workdir, path.join(workdir, relative)),
      ).toBeUndefined()
    },
  )
})
