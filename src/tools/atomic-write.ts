import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { errorCode, O_PATH, pathIn } from './workspace-walk.js'

const NEW_FILE_MODE = 0o644
const { O_CREAT, O_EXCL, O_NOFOLLOW, O_RDONLY, O_DIRECTORY, O_WRONLY } =
  constants

/**
 * Replaces `target` with `data` so that a reader or a crash sees either the
 * old file or the new one, never half of it: write a temp file beside it,
 * fsync, rename over. An existing file keeps its permission bits.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Buffer,
): Promise<void> {
  const directory = await open(path.dirname(target), O_RDONLY | O_DIRECTORY)
  try {
    await writeFileAtomicIn(directory, path.basename(target), data)
  } finally {
    await directory.close()
  }
}

/**
 * writeFileAtomic inside a held directory: the temp file is created with
 * O_EXCL|O_NOFOLLOW and renamed over `name` within that very directory, so
 * a directory swapped for a symbolic link meanwhile cannot move the write.
 * `mode` is the existing file's, if the caller already looked at it.
 */
export async function writeFileAtomicIn(
  directory: FileHandle,
  name: string,
  data: string | Buffer,
  knownMode?: number,
): Promise<void> {
  const mode = knownMode ?? (await readMode(directory, name)) ?? NEW_FILE_MODE
  // The name is capped to stay under the 255-byte limit of a file name.
  const random = randomBytes(6).toString('hex')
  const temp = pathIn(directory, `.${name.slice(0, 100)}.${random}.tmp`)
  let handle: FileHandle | undefined
  try {
    // Never follow or reuse something already at the temp name.
    handle = await open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode)
    await handle.writeFile(data)
    // The umask may have narrowed the mode given to open().
    await handle.chmod(mode)
    await handle.sync()
    await handle.close()
    handle = undefined
    // rename(2) replaces the directory entry, never following a link there.
    await rename(temp, pathIn(directory, name))
  } catch (error) {
    // The write already failed; a failing close must not hide why.
    await handle?.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw error
  }
  // The rename lives in the directory's entries. Some file systems refuse
  // to fsync a directory; the rename has happened by then, so the write
  // stands and only its durability is left to the kernel.
  await directory.sync().catch(() => undefined)
}

/** The permission bits of a regular file at `name`; undefined otherwise. */
async function readMode(
  directory: FileHandle,
  name: string,
): Promise<number | undefined> {
  let handle: FileHandle
  try {
    // Look without opening: a FIFO or a device there must not block us.
    handle = await open(pathIn(directory, name), O_PATH | O_NOFOLLOW)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
  try {
    const stats = await handle.stat()
    return stats.isFile() ? stats.mode & 0o7777 : undefined
  } finally {
    await handle.close()
  }
}
