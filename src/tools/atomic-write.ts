import { randomBytes } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'

const NEW_FILE_MODE = 0o644

/**
 * Replaces `target` with `data` so that a reader or a crash sees either the
 * old file or the new one, never half of it: write a temp file beside it,
 * fsync, rename over. An existing file keeps its permission bits.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Buffer,
): Promise<void> {
  const mode = (await readMode(target)) ?? NEW_FILE_MODE
  // Same directory, so the rename never crosses file systems. The name is
  // capped to stay under the 255-byte limit of a file name.
  const name = path.basename(target).slice(0, 100)
  const random = randomBytes(6).toString('hex')
  const temp = path.join(path.dirname(target), `.${name}.${random}.tmp`)
  let handle: FileHandle | undefined
  try {
    // `wx`: never follow or reuse something already at the temp name.
    handle = await open(temp, 'wx', mode)
    await handle.writeFile(data)
    // The umask may have narrowed the mode given to open().
    await handle.chmod(mode)
    await handle.sync()
    await handle.close()
    handle = undefined
    await rename(temp, target)
  } catch (error) {
    // The write already failed; a failing close must not hide why.
    await handle?.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw error
  }
  await syncDirectory(path.dirname(target))
}

async function readMode(target: string): Promise<number | undefined> {
  try {
    return (await stat(target)).mode & 0o7777
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Makes the rename itself durable: it lives in the directory's entries. Some
 * file systems refuse to fsync a directory; the rename has happened by then,
 * so the write stands and only its durability is left to the kernel.
 */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r')
  await handle
    .sync()
    .catch(() => undefined)
    .finally(() => handle.close())
}
