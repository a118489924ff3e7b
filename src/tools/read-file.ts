import type { FileHandle } from 'node:fs/promises'
import { ToolError } from './base-tool.js'
import { defineTool } from './define-tool.js'
import { PATH_PROPERTY, resolveWorkspacePath } from './workspace-path.js'
import { closeInBackground, openExisting } from './workspace-walk.js'

/** The design's maxReadLen: the most file bytes one call returns. */
export const MAX_READ_BYTES = 4096
// A NUL byte in the first 8 KiB marks a binary file, as git decides. The
// probe is larger than the cap, so it also serves a read from line 1.
const BINARY_PROBE_BYTES = 8192
const CHUNK_BYTES = 64 * 1024
const NEWLINE = 0x0a

const DESCRIPTION = `Reads a text file in the workspace and returns its content exactly as stored (no line numbers added), so you can copy text from it into edit_file.

- path: relative to the workspace root. Paths outside the workspace, also through symbolic links, are refused.
- Output is capped at ${MAX_READ_BYTES} bytes and cut at a line boundary. A cut output ends with a note such as "[truncated: showed lines 1-87 of a larger file (${MAX_READ_BYTES}-byte cap); call read_file again with offset=88 to read on]": follow it to read the rest.
- offset: the 1-based line number to start at (default 1). limit: the most lines to return. Use them to read a large file in pieces.
- Directories and binary files are refused: list a directory or inspect a binary file with bash.`

export interface ReadFileInput {
  path: string
  offset: number
  limit: number
}

/** Checks the fields of a read_file call. */
export function parseReadFileInput(
  input: Record<string, unknown>,
): ReadFileInput {
  const { path, offset, limit } = input
  if (typeof path !== 'string' || path === '') {
    throw new ToolError(
      "read_file needs 'path': a non-empty string, the file's path relative to the workspace root.",
    )
  }
  return {
    path,
    offset: readPositiveInteger('offset', offset) ?? 1,
    limit: readPositiveInteger('limit', limit) ?? Number.POSITIVE_INFINITY,
  }
}

export const readFileTool = defineTool({
  name: 'read_file',
  description: DESCRIPTION,
  inputSchema: {
    type: 'object',
    properties: {
      path: PATH_PROPERTY,
      offset: {
        type: 'integer',
        minimum: 1,
        description: '1-based line number to start reading at.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        description: 'Most lines to return.',
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
  example: '{"path": "src/index.ts"}',
  parse: parseReadFileInput,
  pathOf: (input) => input.path,
  async execute(input, context) {
    const resolved = await resolveWorkspacePath(context.workdir, input.path)
    const handle = await openReadableFile(context.workdir, resolved, input.path)
    try {
      return await readWindow(handle, input)
    } finally {
      closeInBackground(handle)
    }
  },
})

/** The file held open, found without following links; refuses anything else. */
async function openReadableFile(
  workdir: string,
  resolved: string,
  path: string,
): Promise<FileHandle> {
  const found = await openExisting(workdir, resolved, path)
  if (found.kind === 'missing') {
    throw new ToolError(
      `File not found: ${path}. Check the path (relative to the workspace root), or list the directory with bash (ls).`,
    )
  }
  if (found.kind === 'directory') {
    throw new ToolError(
      `${path} is a directory, not a file. List it with bash (ls ${path}), then read a file inside it.`,
    )
  }
  // A FIFO or device would block or never end: it was never opened.
  if (found.kind === 'other') {
    throw new ToolError(
      `${path} is not a regular file; read_file reads files only.`,
    )
  }
  return found.handle
}

/** Reads the requested lines without ever holding more than a chunk and the window. */
async function readWindow(
  handle: FileHandle,
  input: ReadFileInput,
): Promise<string> {
  const probe = await readAt(handle, 0, BINARY_PROBE_BYTES)
  if (probe.includes(0)) {
    throw new ToolError(
      `${input.path} looks like a binary file (it contains NUL bytes); read_file shows text only. Inspect it with bash (e.g. file, xxd | head).`,
    )
  }
  if (probe.length === 0) return `[empty file: ${input.path}]`
  const start = await findLineStart(handle, input.offset)
  // One byte over the cap tells whether anything was cut (the design's +1).
  // From the first line (the usual call) the probe already holds it.
  const window =
    start === null
      ? null
      : start === 0
        ? probe.subarray(0, MAX_READ_BYTES + 1)
        : await readAt(handle, start, MAX_READ_BYTES + 1)
  if (window === null || window.length === 0) {
    throw new ToolError(
      `offset=${input.offset} is past the end of ${input.path}: the file has fewer lines. Call read_file without offset to read from the start.`,
    )
  }
  return formatWindow(window, input)
}

/** Byte position where 1-based line `line` starts; null past the end. */
async function findLineStart(
  handle: FileHandle,
  line: number,
): Promise<number | null> {
  if (line === 1) return 0
  const chunk = Buffer.alloc(CHUNK_BYTES)
  let newlines = 0
  let position = 0
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position)
    if (bytesRead === 0) return null
    const bytes = chunk.subarray(0, bytesRead)
    let at = bytes.indexOf(NEWLINE)
    while (at !== -1) {
      newlines++
      if (newlines === line - 1) return position + at + 1
      at = bytes.indexOf(NEWLINE, at + 1)
    }
    position += bytesRead
  }
}

/** Whole lines of the window that fit the cap and the limit, plus a note on what was left. */
function formatWindow(window: Buffer, input: ReadFileInput): string {
  const reachedEnd = window.length <= MAX_READ_BYTES
  let end = 0
  let lines = 0
  while (lines < input.limit && end < window.length) {
    const newline = window.indexOf(NEWLINE, end)
    const lineEnd =
      newline === -1 ? (reachedEnd ? window.length : -1) : newline + 1
    if (lineEnd === -1 || lineEnd > MAX_READ_BYTES) break
    end = lineEnd
    lines++
  }
  if (lines === 0) return formatLongLine(window, input)
  const text = window.subarray(0, end).toString('utf8')
  if (end === window.length) return text
  const first = input.offset
  const last = first + lines - 1
  const note =
    lines === input.limit
      ? `[showed lines ${first}-${last} (limit=${input.limit}); the file goes on: call read_file again with offset=${last + 1} to read on]`
      : `[truncated: showed lines ${first}-${last} of a larger file (${MAX_READ_BYTES}-byte cap); call read_file again with offset=${last + 1} to read on]`
  return `${text}${text.endsWith('\n') ? '' : '\n'}${note}`
}

/** A single line longer than the cap: show its head, cut on a character boundary. */
function formatLongLine(window: Buffer, input: ReadFileInput): string {
  let cut = MAX_READ_BYTES
  // UTF-8 continuation bytes are 10xxxxxx; never split a character.
  while (cut > 0 && (window[cut] & 0xc0) === 0x80) cut--
  const line = input.offset
  const text = window.subarray(0, cut).toString('utf8')
  return `${text}\n[truncated: line ${line} is longer than the ${MAX_READ_BYTES}-byte cap; showed its first ${cut} bytes. See the rest with bash (e.g. sed -n '${line}p' ${input.path} | cut -b ${cut + 1}-${cut + MAX_READ_BYTES}), or call read_file with offset=${line + 1} for the next line]`
}

async function readAt(
  handle: FileHandle,
  position: number,
  length: number,
): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

function readPositiveInteger(name: string, value: unknown): number | undefined {
  // Models often send null for an optional argument they do not use.
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ToolError(
      `read_file: '${name}' must be a whole number of 1 or more, got ${JSON.stringify(value)}.`,
    )
  }
  return value
}
