import { execFileSync } from 'node:child_process'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ToolContext } from '../../src/tools/base-tool.js'
import {
  MAX_READ_BYTES,
  parseReadFileInput,
  readFileTool,
} from '../../src/tools/read-file.js'
import { runTool } from '../helpers/test-tools.js'
import { makeTempWorkspace, removeDirs } from '../helpers/temp-dir.js'

let root: string
let workdir: string

beforeEach(async () => {
  ;({ root, workdir } = await makeTempWorkspace('h9-read-'))
})

afterEach(() => removeDirs(root))

function read(args: Record<string, unknown>): Promise<string> {
  const context: ToolContext = {
    workdir,
    env: {},
    signal: new AbortController().signal,
  }
  return runTool(readFileTool, JSON.stringify(args), context)
}

/** `count` lines of 32 bytes each (31 characters and a newline). */
function numberedLines(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `line ${String(i + 1).padStart(4, '0')} ${'.'.repeat(21)}\n`,
  ).join('')
}

describe('reading', () => {
  test('a small file comes back exactly as stored', async () => {
    const text = 'first\r\n  second\n\tthird without newline'
    await writeFile(path.join(workdir, 'a.txt'), text)
    await expect(read({ path: 'a.txt' })).resolves.toBe(text)
  })

  test('an empty file says so', async () => {
    await writeFile(path.join(workdir, 'empty.txt'), '')
    await expect(read({ path: 'empty.txt' })).resolves.toBe(
      '[empty file: empty.txt]',
    )
  })

  test('a long file is cut at a line boundary with a note on how to go on', async () => {
    await writeFile(path.join(workdir, 'long.txt'), numberedLines(1000))
    const output = await read({ path: 'long.txt' })
    // 128 lines of 32 bytes fill the 4096 bytes exactly.
    const [shown, note] = output.split(/(?=\[truncated)/)
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(MAX_READ_BYTES)
    expect(shown).toBe(numberedLines(128))
    expect(note).toBe(
      '[truncated: showed lines 1-128 of a larger file (4096-byte cap); call read_file again with offset=129 to read on]',
    )
  })

  test('following the note reads on from the next line', async () => {
    await writeFile(path.join(workdir, 'long.txt'), numberedLines(1000))
    const output = await read({ path: 'long.txt', offset: 129 })
    expect(output.startsWith(`line 0129 ${'.'.repeat(21)}\nline 0130`)).toBe(
      true,
    )
    expect(output).toContain(
      '[truncated: showed lines 129-256 of a larger file (4096-byte cap); call read_file again with offset=257 to read on]',
    )
  })

  test('offset and limit select lines and say where to go on', async () => {
    await writeFile(path.join(workdir, 'ten.txt'), numberedLines(10))
    const output = await read({ path: 'ten.txt', offset: 3, limit: 2 })
    expect(output).toBe(
      `line 0003 ${'.'.repeat(21)}\nline 0004 ${'.'.repeat(21)}\n` +
        '[showed lines 3-4 (limit=2); the file goes on: call read_file again with offset=5 to read on]',
    )
  })

  test('a limit that reaches the end adds no note', async () => {
    await writeFile(path.join(workdir, 'three.txt'), 'a\nb\nc')
    await expect(
      read({ path: 'three.txt', offset: 2, limit: 5 }),
    ).resolves.toBe('b\nc')
  })

  test('the last line of a large file is found by streaming', async () => {
    await writeFile(path.join(workdir, 'huge.txt'), numberedLines(100_000))
    const output = await read({ path: 'huge.txt', offset: 100_000 })
    expect(output).toBe(`line 100000 ${'.'.repeat(21)}\n`)
  })

  test('a line longer than the cap shows its head, cut on a character', async () => {
    const line = '€'.repeat(3000) // 3 bytes each: 9000 bytes
    await writeFile(path.join(workdir, 'wide.txt'), `${line}\nnext\n`)
    const output = await read({ path: 'wide.txt' })
    const [head, note] = output.split('\n')
    expect(head).toBe('€'.repeat(1365))
    expect(note).toBe(
      "[truncated: line 1 is longer than the 4096-byte cap; showed its first 4095 bytes. See the rest with bash (e.g. sed -n '1p' wide.txt | cut -b 4096-8191), or call read_file with offset=2 for the next line]",
    )
  })

  test('a symbolic link inside the workspace is read through', async () => {
    await writeFile(path.join(workdir, 'real.txt'), 'real')
    await symlink('real.txt', path.join(workdir, 'alias.txt'))
    await expect(read({ path: 'alias.txt' })).resolves.toBe('real')
  })
})

describe('errors', () => {
  test('a missing file', async () => {
    await expect(read({ path: 'nope.txt' })).rejects.toThrow(
      'File not found: nope.txt. Check the path',
    )
  })

  test('a directory', async () => {
    await mkdir(path.join(workdir, 'src'))
    await expect(read({ path: 'src' })).rejects.toThrow(
      'src is a directory, not a file. List it with bash (ls src)',
    )
  })

  test('a binary file', async () => {
    await writeFile(path.join(workdir, 'x.bin'), Buffer.from([1, 2, 0, 3]))
    await expect(read({ path: 'x.bin' })).rejects.toThrow(
      'x.bin looks like a binary file (it contains NUL bytes); read_file shows text only.',
    )
  })

  test('a FIFO would block, so it is refused', async () => {
    execFileSync('mkfifo', [path.join(workdir, 'pipe')])
    await expect(read({ path: 'pipe' })).rejects.toThrow(
      'pipe is not a regular file; read_file reads files only.',
    )
  })

  test('an offset past the end', async () => {
    await writeFile(path.join(workdir, 'two.txt'), 'a\nb\n')
    await expect(read({ path: 'two.txt', offset: 3 })).rejects.toThrow(
      'offset=3 is past the end of two.txt: the file has fewer lines.',
    )
  })

  test('arguments that are not JSON', async () => {
    await expect(
      runTool(readFileTool, '{"path": ', {
        workdir,
        env: {},
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('Arguments are not valid JSON: ')
  })

  test('a path outside the workspace, directly or through a link', async () => {
    await writeFile(path.join(root, 'secret.txt'), 'secret')
    await symlink(path.join(root, 'secret.txt'), path.join(workdir, 'link'))
    await expect(read({ path: '../secret.txt' })).rejects.toThrow(
      'Path "../secret.txt" is outside the workspace',
    )
    await expect(read({ path: 'link' })).rejects.toThrow(
      'Path "link" leads through a symbolic link',
    )
    await expect(read({ path: '/proc/self/environ' })).rejects.toThrow(
      'Path "/proc/self/environ" is outside the workspace',
    )
  })
})

describe('parseReadFileInput', () => {
  test('fills the defaults and accepts null for unused options', () => {
    expect(parseReadFileInput({ path: 'a', offset: null })).toEqual({
      path: 'a',
      offset: 1,
      limit: Number.POSITIVE_INFINITY,
    })
  })

  test.each([
    [[], 'read_file expects a JSON object'],
    [{}, "read_file needs 'path': a non-empty string"],
    [{ path: '' }, "read_file needs 'path'"],
    [{ path: 3 }, "read_file needs 'path'"],
    [
      { path: 'a', offset: 0 },
      "read_file: 'offset' must be a whole number of 1 or more, got 0.",
    ],
    [
      { path: 'a', offset: '3' },
      `'offset' must be a whole number of 1 or more, got "3".`,
    ],
    [
      { path: 'a', limit: 1.5 },
      "'limit' must be a whole number of 1 or more, got 1.5.",
    ],
  ])('%j is refused', (raw, message) => {
    expect(() => readFileTool.parseArguments(JSON.stringify(raw))).toThrow(
      message,
    )
  })
})

test('the definition tells the model the cap and how to read on', () => {
  const definition = readFileTool.definition()
  expect(definition.name).toBe('read_file')
  expect(definition.inputSchema.required).toEqual(['path'])
  expect(Object.keys(definition.inputSchema.properties)).toEqual([
    'path',
    'offset',
    'limit',
  ])
  for (const phrase of [
    'relative to the workspace root',
    'capped at 4096 bytes',
    'call read_file again with offset=',
    'offset: the 1-based line number',
    'limit: the most lines',
    'binary files are refused',
  ]) {
    expect(definition.description).toContain(phrase)
  }
})
