import { promisify } from 'node:util'
import { crc32, deflateRaw } from 'node:zlib'

/** One file in a zip: its path inside the archive and its bytes. */
export interface ZipEntry {
  name: string
  data: Uint8Array
  /** Stored as the entry's DOS date and time (local time, 2 s steps). */
  modifiedAt: Date
}

/** Without ZIP64, sizes, offsets and the entry count have these bounds. */
const MAX_ZIP_BYTES = 0xffff_ffff
const MAX_ZIP_ENTRIES = 0xffff

const LOCAL_HEADER_BYTES = 30
const CENTRAL_HEADER_BYTES = 46
const END_RECORD_BYTES = 22
/** 2.0: deflate; bit 11 of the flags: the names are UTF-8. */
const VERSION_NEEDED = 20
const UTF8_NAMES = 0x0800
const STORED = 0
const DEFLATED = 8
/** Made by Unix (3), so the external attributes hold a mode: -rw-r--r--. */
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED
const REGULAR_FILE_MODE = 0o100644

const deflate = promisify(deflateRaw)

/**
 * A zip archive of `entries`, in their order: each deflated (or stored when
 * deflating would not shrink it), with the sizes and CRC-32 in the local
 * headers, so no data descriptors. No ZIP64: the archive stays under 4 GiB.
 */
export async function writeZip(entries: ZipEntry[]): Promise<Buffer> {
  if (entries.length > MAX_ZIP_ENTRIES)
    throw new Error(`a zip holds at most ${MAX_ZIP_ENTRIES} entries`)
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const fields = await entryFields(entry)
    const local = localHeader(fields)
    central.push(centralHeader(fields, offset))
    parts.push(local, fields.body)
    offset += local.length + fields.body.length
    if (offset > MAX_ZIP_BYTES)
      throw new Error('the zip would exceed 4 GiB, which needs ZIP64')
  }
  const directory = Buffer.concat(central)
  const end = endRecord(entries.length, directory.length, offset)
  if (offset + directory.length + end.length > MAX_ZIP_BYTES)
    throw new Error('the zip would exceed 4 GiB, which needs ZIP64')
  return Buffer.concat([...parts, directory, end])
}

interface EntryFields {
  name: Buffer
  method: number
  time: number
  date: number
  crc: number
  size: number
  body: Buffer
}

async function entryFields(entry: ZipEntry): Promise<EntryFields> {
  const name = Buffer.from(checkedName(entry.name), 'utf8')
  if (entry.data.length > MAX_ZIP_BYTES)
    throw new Error(`'${entry.name}' is over 4 GiB, which needs ZIP64`)
  const deflated = await deflate(entry.data)
  const store = deflated.length >= entry.data.length
  return {
    name,
    method: store ? STORED : DEFLATED,
    ...dosDateTime(entry.modifiedAt),
    crc: crc32(entry.data),
    size: entry.data.length,
    body: store ? Buffer.from(entry.data) : deflated,
  }
}

/** A relative path with forward slashes that cannot climb out on unzip. */
function checkedName(name: string): string {
  const segments = name.split('/')
  if (
    name === '' ||
    name.includes('\\') ||
    name.startsWith('/') ||
    segments.some((segment) => segment === '' || segment === '..') ||
    Buffer.byteLength(name) > 0xffff
  )
    throw new Error(`'${name}' is not a valid name for a file in a zip`)
  return name
}

function localHeader(fields: EntryFields): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER_BYTES)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(VERSION_NEEDED, 4)
  header.writeUInt16LE(UTF8_NAMES, 6)
  header.writeUInt16LE(fields.method, 8)
  header.writeUInt16LE(fields.time, 10)
  header.writeUInt16LE(fields.date, 12)
  header.writeUInt32LE(fields.crc, 14)
  header.writeUInt32LE(fields.body.length, 18)
  header.writeUInt32LE(fields.size, 22)
  header.writeUInt16LE(fields.name.length, 26)
  header.writeUInt16LE(0, 28) // no extra field
  return Buffer.concat([header, fields.name])
}

function centralHeader(fields: EntryFields, offset: number): Buffer {
  const header = Buffer.alloc(CENTRAL_HEADER_BYTES)
  header.writeUInt32LE(0x02014b50, 0)
  header.writeUInt16LE(VERSION_MADE_BY, 4)
  header.writeUInt16LE(VERSION_NEEDED, 6)
  header.writeUInt16LE(UTF8_NAMES, 8)
  header.writeUInt16LE(fields.method, 10)
  header.writeUInt16LE(fields.time, 12)
  header.writeUInt16LE(fields.date, 14)
  header.writeUInt32LE(fields.crc, 16)
  header.writeUInt32LE(fields.body.length, 20)
  header.writeUInt32LE(fields.size, 24)
  header.writeUInt16LE(fields.name.length, 28)
  // Extra field, comment, disk number and internal attributes stay 0.
  header.writeUInt32LE((REGULAR_FILE_MODE << 16) >>> 0, 38)
  header.writeUInt32LE(offset, 42)
  return Buffer.concat([header, fields.name])
}

function endRecord(count: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(END_RECORD_BYTES)
  record.writeUInt32LE(0x06054b50, 0)
  record.writeUInt16LE(count, 8) // entries on this disk (the only one)
  record.writeUInt16LE(count, 10)
  record.writeUInt32LE(size, 12)
  record.writeUInt32LE(offset, 16)
  return record
}

/** MS-DOS date and time fields; DOS dates start in 1980. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107)
  return {
    time:
      (at.getHours() << 11) |
      (at.getMinutes() << 5) |
      Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  }
}
