import { execFileSync } from 'node:child_process'
import {
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import path from 'node:path'
import { writeFileAtomicIn } from '../../src/tools/atomic-write.js'
import {
  openEntry,
  openExisting,
  openParent,
  pathIn,
} from '../../src/tools/workspace-walk.js'
import { makeTempWorkspace, removeDirs } from '../helpers/temp-dir.js'

// The walker is given paths the lexical guard already passed; these tests
// play the attacker who changes the tree after that check: every component
// turned into a symbolic link must stop the walk, never be followed.

let root: string
let workdir: string
let outside: string

beforeEach(async () => {
  ;({ root, workdir, outside } = await makeTempWorkspace('h9-walk-', {
    outside: true,
  }))
  await mkdir(path.join(workdir, 'a', 'b'), { recursive: true })
  await writeFile(path.join(workdir, 'a', 'b', 'c.txt'), 'inside')
  await writeFile(path.join(outside, 'c.txt'), 'secret')
})

afterEach(() => removeDirs(root))

async function kindOf(relative: string): Promise<string> {
  const found = await openExisting(
    workdir,
    path.join(workdir, relative),
    relative,
  )
  if (found.kind !== 'file') return found.kind
  const text = await found.handle.readFile('utf8')
  await found.handle.close()
  return `file:${text}`
}

test('a regular file is opened and read through the held directories', async () => {
  await expect(kindOf('a/b/c.txt')).resolves.toBe('file:inside')
  await expect(kindOf('a/b')).resolves.toBe('directory')
  await expect(kindOf('a/missing.txt')).resolves.toBe('missing')
  await expect(kindOf('a/b/c.txt/under-a-file')).resolves.toBe('missing')
})

test.each([
  ['the first component', 'a', 'a/b/c.txt'],
  ['a middle component', 'a/b', 'a/b/c.txt'],
])(
  'a symbolic link at %s is refused, not followed',
  async (_, swapped, target) => {
    const real = path.join(workdir, swapped)
    await rm(real, { recursive: true })
    await mkdir(path.join(outside, 'b'), { recursive: true })
    await writeFile(path.join(outside, 'b', 'c.txt'), 'secret')
    await symlink(swapped === 'a' ? outside : path.join(outside, 'b'), real)
    await expect(kindOf(target)).rejects.toThrow(
      `Path "${target}" changed while it was being opened`,
    )
  },
)

test('a symbolic link at the last component is refused, not followed', async () => {
  await rm(path.join(workdir, 'a', 'b', 'c.txt'))
  await symlink(
    path.join(outside, 'c.txt'),
    path.join(workdir, 'a', 'b', 'c.txt'),
  )
  await expect(kindOf('a/b/c.txt')).rejects.toThrow('changed while')
})

test('a write into a parent swapped for a link after it was opened stays in the held directory', async () => {
  const parent = await openParent(workdir, 'a/b/new.txt', {
    inputPath: 'a/b/new.txt',
    create: false,
  })
  expect(parent).toBeDefined()
  // The attacker's move, between the walk and the write.
  await rename(path.join(workdir, 'a', 'b'), path.join(workdir, 'a', 'moved'))
  await symlink(outside, path.join(workdir, 'a', 'b'))
  try {
    await writeFileAtomicIn(parent!.directory, parent!.name, 'x')
  } finally {
    await parent!.directory.close()
  }
  expect(await readdir(outside)).toEqual(['c.txt'])
  await expect(
    readFile(path.join(workdir, 'a', 'moved', 'new.txt'), 'utf8'),
  ).resolves.toBe('x')
})

test('missing parents are created only with create, each as a real directory', async () => {
  await expect(
    openParent(workdir, 'x/y/z.txt', { inputPath: 'x/y/z.txt', create: false }),
  ).resolves.toBeUndefined()
  const parent = await openParent(workdir, 'x/y/z.txt', {
    inputPath: 'x/y/z.txt',
    create: true,
  })
  await writeFileAtomicIn(parent!.directory, parent!.name, 'made')
  await parent!.directory.close()
  await expect(
    readFile(path.join(workdir, 'x', 'y', 'z.txt'), 'utf8'),
  ).resolves.toBe('made')
})

test('`..`, `.`, absolute and multi-component names are not single components', async () => {
  const held = await openParent(workdir, 'a/b/c.txt', {
    inputPath: 'a/b/c.txt',
    create: false,
  })
  try {
    for (const name of ['..', '.', '', '/etc/passwd', 'b/../..']) {
      expect(() => pathIn(held!.directory, name)).toThrow(
        'Not a single path component',
      )
    }
  } finally {
    await held!.directory.close()
  }
  await expect(
    openParent(workdir, '', { inputPath: '.', create: false }),
  ).rejects.toThrow('is the workspace directory itself')
})

test('a FIFO is reported, never opened, so nothing blocks on it', async () => {
  execFileSync('mkfifo', [path.join(workdir, 'pipe')])
  // A blocking open of a FIFO with no writer would hang this test for good.
  await expect(kindOf('pipe')).resolves.toBe('other')
  const parent = await openParent(workdir, 'pipe', {
    inputPath: 'pipe',
    create: false,
  })
  try {
    await expect(openEntry(parent!, 'pipe')).resolves.toEqual({
      kind: 'other',
      what: 'a FIFO (named pipe)',
    })
  } finally {
    await parent!.directory.close()
  }
})

test('a socket and a device are reported as other', async () => {
  const socketPath = path.join(workdir, 'sock')
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(socketPath, resolve))
  try {
    await expect(kindOf('sock')).resolves.toBe('other')
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
  // The workspace may be `/`; /dev/null is a device reached by walking.
  const found = await openExisting('/', '/dev/null', 'dev/null')
  expect(found).toEqual({ kind: 'other', what: 'a device' })
})
