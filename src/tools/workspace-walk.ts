import { constants } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import { ToolError } from './base-tool.js'

// O_PATH (Linux, the same value on x86-64 and arm64; Node does not export
// it): an fd that names an inode without opening it for I/O, so a FIFO or a
// device is looked at with fstat before anything could block on it.
export const O_PATH = 0o10000000
const { O_DIRECTORY, O_NOFOLLOW, O_RDONLY, O_NONBLOCK, O_NOCTTY } = constants

/**
 * The path of `name` inside the directory held open as `directory`. On Linux
 * the kernel resolves `/proc/self/fd/N/<name>` from the open directory N
 * itself, never by its name again: this is openat(2), which Node lacks. A
 * directory renamed or swapped for a symbolic link after it was opened
 * cannot redirect the lookup.
 */
export function pathIn(directory: FileHandle, name: string): string {
  if (name === '' || name === '.' || name === '..' || name.includes('/')) {
    throw new Error(`Not a single path component: ${JSON.stringify(name)}`)
  }
  return `/proc/self/fd/${directory.fd}/${name}`
}

/** What a walk found at the last component, held open so it cannot change. */
export type WalkEnd =
  | { kind: 'missing' }
  | { kind: 'file'; handle: FileHandle; mode: number; size: number }
  | { kind: 'directory' }
  | { kind: 'other'; what: string }

/** The held parent directory of a path and the name of its last component. */
export interface HeldParent {
  directory: FileHandle
  name: string
  /** The parent's path relative to the workspace, for messages. */
  relativeParent: string
}

/** Raised when a component was swapped for a symbolic link during the walk. */
export class PathChangedError extends ToolError {
  constructor(inputPath: string, component: string) {
    super(
      `Path ${JSON.stringify(inputPath)} changed while it was being opened: ${JSON.stringify(component)} is now a symbolic link. Symbolic links are not followed once a path is checked; call the tool again.`,
    )
    this.name = 'PathChangedError'
  }
}

/**
 * Opens the parent directory of `relative` (a path relative to `workdir`
 * without `..`, as resolveWorkspacePath's result yields) one component at a
 * time from the opened workspace, each with O_NOFOLLOW. With `create`,
 * missing directories are made (0755). Returns undefined when a parent is
 * missing and `create` is off. The caller closes the handle.
 */
export async function openParent(
  workdir: string,
  relative: string,
  options: { inputPath: string; create: boolean },
): Promise<HeldParent | undefined> {
  const parts = relative.split(path.sep).filter((part) => part !== '')
  const name = parts.pop()
  if (name === undefined) {
    throw new ToolError(
      `${options.inputPath} is the workspace directory itself; give a file path inside it.`,
    )
  }
  let directory = await open(workdir, O_RDONLY | O_DIRECTORY)
  try {
    for (const [index, part] of parts.entries()) {
      const next = await openChildDirectory(directory, part, {
        ...options,
        walked: parts.slice(0, index + 1).join('/'),
      })
      closeInBackground(directory)
      if (next === undefined) return undefined
      directory = next
    }
  } catch (error) {
    await directory.close().catch(() => undefined)
    throw error
  }
  return { directory, name, relativeParent: parts.join('/') }
}

async function openChildDirectory(
  directory: FileHandle,
  part: string,
  options: { inputPath: string; create: boolean; walked: string },
): Promise<FileHandle | undefined> {
  const target = pathIn(directory, part)
  const flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW
  try {
    return await open(target, flags)
  } catch (error) {
    const code = errorCode(error)
    if (code === 'ENOENT' && options.create) {
      // mkdir never follows a symbolic link at its last component (EEXIST).
      await mkdir(target, { mode: 0o755 }).catch((mkdirError: unknown) => {
        if (errorCode(mkdirError) !== 'EEXIST') throw mkdirError
      })
      return openChildDirectory(directory, part, { ...options, create: false })
    }
    if (code === 'ENOENT') return undefined
    if (code === 'ELOOP' || code === 'ENOTDIR') {
      // Linux says ENOTDIR for a link opened with O_DIRECTORY|O_NOFOLLOW.
      if (await isSymbolicLink(target)) {
        throw new PathChangedError(options.inputPath, options.walked)
      }
      if (!options.create) return undefined // a file: nothing under it
      throw new ToolError(
        `Cannot create the folders for ${options.inputPath}: part of its directory path is an existing file. Pick another path or remove that file first.`,
      )
    }
    throw error
  }
}

async function isSymbolicLink(target: string): Promise<boolean> {
  const probe = await open(target, O_PATH | O_NOFOLLOW).catch(() => undefined)
  if (probe === undefined) return false
  try {
    return (await probe.stat()).isSymbolicLink()
  } finally {
    closeInBackground(probe)
  }
}

/**
 * Looks at `name` inside the held directory without following a symbolic
 * link and without opening it for I/O, then opens a regular file for
 * reading through the inode it looked at. FIFOs, sockets and devices are
 * reported as `other` and never opened, so nothing can block on them.
 */
export async function openEntry(
  parent: HeldParent,
  inputPath: string,
): Promise<WalkEnd> {
  let probe: FileHandle
  try {
    probe = await open(
      pathIn(parent.directory, parent.name),
      O_PATH | O_NOFOLLOW,
    )
  } catch (error) {
    const code = errorCode(error)
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' }
    throw error
  }
  try {
    const stats = await probe.stat()
    if (stats.isSymbolicLink()) throw new PathChangedError(inputPath, inputPath)
    if (stats.isDirectory()) return { kind: 'directory' }
    if (!stats.isFile()) return { kind: 'other', what: describeKind(stats) }
    // Reopening the O_PATH fd's own /proc entry opens that very inode (a
    // magic link, so no O_NOFOLLOW here: it must be followed to the inode).
    const flags = O_RDONLY | O_NONBLOCK | O_NOCTTY
    const handle = await open(`/proc/self/fd/${probe.fd}`, flags)
    return {
      kind: 'file',
      handle,
      mode: stats.mode & 0o7777,
      size: stats.size,
    }
  } finally {
    closeInBackground(probe)
  }
}

function describeKind(stats: {
  isFIFO(): boolean
  isSocket(): boolean
  isCharacterDevice(): boolean
  isBlockDevice(): boolean
}): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)'
  if (stats.isSocket()) return 'a socket'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device'
  return 'not a regular file'
}

/**
 * Opens what `resolved` (resolveWorkspacePath's result) names, walking from
 * the workspace without following any symbolic link: `missing`, a held
 * regular file, a directory, or something else that is never opened.
 */
export async function openExisting(
  workdir: string,
  resolved: string,
  inputPath: string,
): Promise<WalkEnd> {
  const relative = path.relative(workdir, resolved)
  if (relative === '') return { kind: 'directory' }
  const parent = await openParent(workdir, relative, {
    inputPath,
    create: false,
  })
  if (parent === undefined) return { kind: 'missing' }
  try {
    return await openEntry(parent, inputPath)
  } finally {
    closeInBackground(parent.directory)
  }
}

/**
 * Closes a handle that was only looked at or read, without waiting for it:
 * each close is a round trip to libuv's thread pool (~10 µs) that a call
 * need not sit through, and nothing was written that a failed close could
 * lose. Handles that wrote are closed and awaited by their writers.
 */
export function closeInBackground(handle: FileHandle): void {
  handle.close().catch(() => undefined)
}

export function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error)
}
