import { lstat, readFile, readlink } from 'node:fs/promises'
import { join } from 'node:path'
import { hasErrorCode } from './optional-file.js'

/** What a listed path holds in the working tree, as git would commit it. */
export type WorkingEntry =
  | { kind: 'absent' }
  | { kind: 'file'; mode: '100644' | '100755'; bytes: Buffer }
  | { kind: 'symlink'; mode: '120000'; bytes: Buffer }
  /** A directory: a submodule's checkout, or files listed one by one. */
  | { kind: 'directory' }
  /** A FIFO, socket or device: git cannot hold it. */
  | { kind: 'special' }

/**
 * Throws unless `path` is one git could hold in a tree: relative, no empty,
 * `.` or `..` segment, no `.git` segment in any case. The list of changed
 * paths comes from git reading a repository the model could write.
 */
export function assertCommittablePath(path: string): void {
  const segments = path.split('/')
  const bad = segments.find(
    (segment) =>
      segment === '' ||
      segment === '.' ||
      segment === '..' ||
      segment.toLowerCase() === '.git',
  )
  if (path.includes('\0') || bad !== undefined) {
    throw new Error(
      `'${path}' cannot be committed: a path must be relative, without empty, '.', '..' or '.git' parts`,
    )
  }
}

/**
 * Reads the entry at `path` under `workdir` once, without following a
 * symbolic link anywhere on the way: a parent that is a link (or not a
 * directory) makes the path absent, as it is for git. A FIFO or device is
 * never opened. The bytes returned are the ones to scan and to commit.
 */
export async function readWorkingEntry(
  workdir: string,
  path: string,
): Promise<WorkingEntry> {
  assertCommittablePath(path)
  const segments = path.split('/')
  for (let index = 1; index < segments.length; index++) {
    const parent = await lstatOrUndefined(
      join(workdir, ...segments.slice(0, index)),
    )
    if (!parent?.isDirectory()) return { kind: 'absent' }
  }
  const full = join(workdir, path)
  const stats = await lstatOrUndefined(full)
  if (!stats) return { kind: 'absent' }
  if (stats.isSymbolicLink()) {
    return {
      kind: 'symlink',
      mode: '120000',
      bytes: await readlink(full, { encoding: 'buffer' }),
    }
  }
  if (stats.isDirectory()) return { kind: 'directory' }
  if (!stats.isFile()) return { kind: 'special' }
  return {
    kind: 'file',
    mode: (stats.mode & 0o100) !== 0 ? '100755' : '100644',
    bytes: await readFile(full),
  }
}

async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path)
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT') || hasErrorCode(error, 'ENOTDIR')) {
      return undefined
    }
    throw error
  }
}
