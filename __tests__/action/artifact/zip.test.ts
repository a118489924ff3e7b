import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeZip, type ZipEntry } from '../../../src/action/artifact/zip.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'harness9-zip-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const AT = new Date(2026, 10, 30, 14, 7, 42)

function entry(name: string, data: string | Buffer): ZipEntry {
  return { name, data: Buffer.from(data), modifiedAt: AT }
}

async function saveZip(entries: ZipEntry[]): Promise<string> {
  const path = join(dir, 'test.zip')
  writeFileSync(path, await writeZip(entries))
  return path
}

// Python's zipfile checks each entry's CRC-32 and sizes as it reads it.
const READ_BACK = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    print(json.dumps([
        {"name": info.filename, "hex": archive.read(info).hex(),
         "method": info.compress_type, "date": list(info.date_time),
         "mode": info.external_attr >> 16}
        for info in archive.infolist()]))
`

interface ReadBack {
  name: string
  hex: string
  method: number
  date: number[]
  mode: number
}

function readBack(path: string): ReadBack[] {
  return JSON.parse(
    execFileSync('python3', ['-c', READ_BACK, path], { encoding: 'utf8' }),
  ) as ReadBack[]
}

test('several entries read back byte-exact, in order, with unzip and zipfile', async () => {
  const entries = [
    entry('transcript.jsonl', '{"role":"assistant"}\n'.repeat(50)),
    entry('nested/dir/data.bin', randomBytes(3000)),
    entry('ünïcode name.txt', 'grüße\r\nline two\n'),
    entry('empty.txt', ''),
    entry('big.txt', 'a fairly compressible line of text\n'.repeat(4000)),
    entry('big-random.bin', randomBytes(100 * 1024)),
  ]
  const path = await saveZip(entries)
  expect(execFileSync('unzip', ['-t', path], { encoding: 'utf8' })).toContain(
    'No errors detected in compressed data',
  )
  const files = readBack(path)
  expect(files.map((file) => file.name)).toEqual(
    entries.map((item) => item.name),
  )
  files.forEach((file, index) => {
    expect(file.hex).toBe(Buffer.from(entries[index].data).toString('hex'))
    expect(file.date).toEqual([2026, 11, 30, 14, 7, 42])
    expect(file.mode).toBe(0o100644)
  })
  // Deflated when that shrinks the entry, stored when it would not.
  expect(files.map((file) => file.method)).toEqual([8, 0, 0, 0, 8, 0])
  expect(
    execFileSync('unzip', ['-p', path, 'big.txt'], { encoding: 'utf8' }),
  ).toBe('a fairly compressible line of text\n'.repeat(4000))
})

test('an entry over 64 KiB that deflates is much smaller in the zip', async () => {
  const text = 'x'.repeat(200 * 1024)
  const zip = await writeZip([entry('x.txt', text)])
  expect(zip.length).toBeLessThan(2_000)
  const path = join(dir, 'x.zip')
  writeFileSync(path, zip)
  expect(readBack(path)).toEqual([
    expect.objectContaining({
      name: 'x.txt',
      hex: Buffer.from(text).toString('hex'),
      method: 8,
    }),
  ])
})

test('a zip of one empty entry and a zip of none are valid', async () => {
  const path = await saveZip([entry('empty', '')])
  expect(readBack(path)).toEqual([
    expect.objectContaining({ name: 'empty', hex: '' }),
  ])
  const none = await writeZip([])
  writeFileSync(path, none)
  expect(none.length).toBe(22) // the end record alone
  expect(readBack(path)).toEqual([])
})

test.each(['', '/etc/passwd', '../up.txt', 'a/../../b', 'a\\b', 'dir/'])(
  'refuses the entry name %j',
  async (name) => {
    await expect(writeZip([entry(name, 'x')])).rejects.toThrow(
      `'${name}' is not a valid name for a file in a zip`,
    )
  },
)
