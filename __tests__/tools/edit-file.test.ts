import {
  chmod,
  mkdir,
  readdir,
  readFile,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import type { ToolContext } from '../../src/tools/base-tool.js'
import { editFileTool, parseEditFileInput } from '../../src/tools/edit-file.js'
import { runTool } from '../helpers/test-tools.js'
import { makeTempWorkspace, removeDirs } from '../helpers/temp-dir.js'

let root: string
let workdir: string

beforeEach(async () => {
  ;({ root, workdir } = await makeTempWorkspace('h9-edit-'))
})

afterEach(() => removeDirs(root))

function edit(
  file: string,
  sourceText: string,
  targetText: string,
): Promise<string> {
  const args = { path: file, source_text: sourceText, target_text: targetText }
  return runTool(editFileTool, JSON.stringify(args), contextFor(workdir))
}

function contextFor(dir: string): ToolContext {
  return { workdir: dir, env: {}, signal: new AbortController().signal }
}

function contentOf(file: string): Promise<string> {
  return readFile(path.join(workdir, file), 'utf8')
}

describe('editing', () => {
  test('replaces the one exact match and reports as the design says', async () => {
    await writeFile(path.join(workdir, 'a.ts'), 'const a = 1\nconst b = 2\n')
    await expect(edit('a.ts', 'const b = 2', 'const b = 3')).resolves.toBe(
      '成功修改文件: a.ts',
    )
    await expect(contentOf('a.ts')).resolves.toBe('const a = 1\nconst b = 3\n')
  })

  test('an empty target deletes the text', async () => {
    await writeFile(path.join(workdir, 'a.txt'), 'keep\ndrop\nkeep too\n')
    await edit('a.txt', 'drop\n', '')
    await expect(contentOf('a.txt')).resolves.toBe('keep\nkeep too\n')
  })

  test('L2: LF source text edits a CRLF file, which stays CRLF', async () => {
    await writeFile(path.join(workdir, 'win.txt'), 'one\r\ntwo\r\nthree\r\n')
    await edit('win.txt', 'one\ntwo', 'uno\ndos\ndos bis')
    await expect(contentOf('win.txt')).resolves.toBe(
      'uno\r\ndos\r\ndos bis\r\nthree\r\n',
    )
  })

  test('L3: whitespace around the source text is ignored', async () => {
    await writeFile(path.join(workdir, 'a.py'), 'x = 1\ny = 2\n')
    await edit('a.py', '\n  y = 2  \n', 'y = 3')
    await expect(contentOf('a.py')).resolves.toBe('x = 1\ny = 3\n')
  })

  test('L4: indentation is ignored line by line', async () => {
    await writeFile(
      path.join(workdir, 'a.go'),
      'func f() {\n\tif ok {\n\t\treturn\n\t}\n}\n',
    )
    await edit(
      'a.go',
      'if ok {\n    return\n}',
      '\tif !ok {\n\t\tpanic(1)\n\t}',
    )
    await expect(contentOf('a.go')).resolves.toBe(
      'func f() {\n\tif !ok {\n\t\tpanic(1)\n\t}\n}\n',
    )
  })

  test('a byte order mark and the other bytes stay as they were', async () => {
    await writeFile(path.join(workdir, 'bom.txt'), '\uFEFFfirst\nsecond\n')
    await edit('bom.txt', 'second', '2nd')
    const bytes = await readFile(path.join(workdir, 'bom.txt'))
    expect(bytes.toString('utf8')).toBe('\uFEFFfirst\n2nd\n')
  })

  test('an executable script stays executable', async () => {
    const script = path.join(workdir, 'run.sh')
    await writeFile(script, '#!/bin/sh\necho old\n')
    await chmod(script, 0o755)
    await edit('run.sh', 'echo old', 'echo new')
    await expect(contentOf('run.sh')).resolves.toBe('#!/bin/sh\necho new\n')
    expect((await stat(script)).mode & 0o777).toBe(0o755)
  })

  test('no temp file is left after a successful or a failed edit', async () => {
    await writeFile(path.join(workdir, 'a.txt'), 'a\na\nb\n')
    await edit('a.txt', 'b', 'c')
    await expect(edit('a.txt', 'a', 'z')).rejects.toThrow('matches 2 places')
    await expect(edit('a.txt', 'nothing', 'z')).rejects.toThrow('not found')
    expect(await readdir(workdir)).toEqual(['a.txt'])
    await expect(contentOf('a.txt')).resolves.toBe('a\na\nc\n')
  })
})

describe('errors leave the file unchanged', () => {
  test('text that is not found', async () => {
    await writeFile(path.join(workdir, 'a.txt'), 'hello\n')
    await expect(edit('a.txt', 'goodbye', 'x')).rejects.toThrow(
      'source_text was not found in a.txt, not even with whitespace and line endings ignored. Read the file again with read_file and copy the exact text to replace.',
    )
    await expect(contentOf('a.txt')).resolves.toBe('hello\n')
  })

  test('text that matches several places', async () => {
    await writeFile(path.join(workdir, 'a.txt'), 'x = 1\ny = 2\nx = 1\n')
    await expect(edit('a.txt', 'x = 1', 'x = 9')).rejects.toThrow(
      'source_text matches 2 places in a.txt (exact match); edit_file changes exactly one. Include more surrounding lines to make it unique.',
    )
    await expect(contentOf('a.txt')).resolves.toBe('x = 1\ny = 2\nx = 1\n')
  })

  test('ambiguity at a looser level names that level', async () => {
    await writeFile(path.join(workdir, 'a.txt'), '  a\n  b\n\ta\n\tb\n')
    await expect(edit('a.txt', 'a\nb', 'c')).rejects.toThrow(
      'source_text matches 2 places in a.txt (line by line match)',
    )
  })

  test('a missing file is not created, nor its folder', async () => {
    await expect(edit('new/a.txt', 'x', 'y')).rejects.toThrow(
      'File not found: new/a.txt. edit_file changes existing files only: check the path, or create the file with write_file.',
    )
    expect(await readdir(workdir)).toEqual([])
  })

  test('a directory', async () => {
    await mkdir(path.join(workdir, 'src'))
    await expect(edit('src', 'x', 'y')).rejects.toThrow(
      'src is not a regular file; edit_file edits files.',
    )
  })

  test('a binary file', async () => {
    const bytes = Buffer.from('abc\0def\n')
    await writeFile(path.join(workdir, 'x.bin'), bytes)
    await expect(edit('x.bin', 'abc', 'xyz')).rejects.toThrow(
      'x.bin looks like a binary file (it contains NUL bytes); edit_file edits text only.',
    )
    expect(await readFile(path.join(workdir, 'x.bin'))).toEqual(bytes)
  })

  test('a file that is not valid UTF-8', async () => {
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) // latin-1 "café"
    await writeFile(path.join(workdir, 'latin1.txt'), bytes)
    await expect(edit('latin1.txt', 'caf', 'tea')).rejects.toThrow(
      'latin1.txt is not valid UTF-8 text, so edit_file cannot change it safely.',
    )
    expect(await readFile(path.join(workdir, 'latin1.txt'))).toEqual(bytes)
  })

  test('a file inside .git', async () => {
    await mkdir(path.join(workdir, '.git'))
    await writeFile(path.join(workdir, '.git', 'config'), '[core]\n')
    await expect(edit('.git/config', '[core]', '[evil]')).rejects.toThrow(
      'Path ".git/config" is inside .git: writes into .git are not allowed.',
    )
    await expect(contentOf('.git/config')).resolves.toBe('[core]\n')
  })

  test('paths that leave the workspace, directly or through links', async () => {
    const outside = path.join(root, 'outside')
    await mkdir(outside)
    await writeFile(path.join(outside, 'victim.txt'), 'intact\n')
    await symlink(path.join(outside, 'victim.txt'), path.join(workdir, 'link'))
    await symlink(outside, path.join(workdir, 'linkdir'))
    await expect(edit('link', 'intact', 'owned')).rejects.toThrow(
      'Path "link" leads through a symbolic link',
    )
    await expect(edit('linkdir/victim.txt', 'intact', 'owned')).rejects.toThrow(
      'Path "linkdir/victim.txt" leads through a symbolic link',
    )
    await expect(
      edit('../outside/victim.txt', 'intact', 'owned'),
    ).rejects.toThrow('is outside the workspace')
    await expect(
      readFile(path.join(outside, 'victim.txt'), 'utf8'),
    ).resolves.toBe('intact\n')
  })

  test('arguments that are not JSON', async () => {
    await expect(
      runTool(editFileTool, '{"path": "a.txt",', contextFor(workdir)),
    ).rejects.toThrow('Arguments are not valid JSON: ')
  })
})

describe('parseEditFileInput', () => {
  test('maps the snake_case arguments', () => {
    expect(
      parseEditFileInput({ path: 'a', source_text: 'x', target_text: '' }),
    ).toEqual({ path: 'a', sourceText: 'x', targetText: '' })
  })

  test.each([
    ['text', 'edit_file expects a JSON object'],
    [{ source_text: 'x', target_text: 'y' }, "edit_file needs 'path'"],
    [
      { path: 'a', target_text: 'y' },
      "edit_file needs 'source_text': the non-empty text",
    ],
    [
      { path: 'a', source_text: '', target_text: 'y' },
      'To create a file, use write_file.',
    ],
    [{ path: 'a', source_text: 'x' }, "edit_file needs 'target_text'"],
    [
      { path: 'a', source_text: 'x', target_text: 'x' },
      'source_text and target_text are the same',
    ],
  ])('input %j is refused', (raw, message) => {
    expect(() => editFileTool.parseArguments(JSON.stringify(raw))).toThrow(
      message,
    )
  })
})

test('the definition explains matching and how to recover', () => {
  const definition = editFileTool.definition()
  expect(definition.name).toBe('edit_file')
  expect(definition.inputSchema.required).toEqual([
    'path',
    'source_text',
    'target_text',
  ])
  for (const phrase of [
    'It must occur exactly once',
    'indentation ignored',
    'create files with write_file',
    'read the file again with read_file and copy the exact text',
    'include more surrounding lines to make it unique',
    '\\r\\n stays \\r\\n',
  ]) {
    expect(definition.description).toContain(phrase)
  }
})
