import { createHash, randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'

export type ObjectFormat = 'sha1' | 'sha256'

/** The object id git gives `content` stored as `type` (`blob`, `commit`...). */
export function hashObject(
  type: string,
  content: Buffer,
  format: ObjectFormat,
): string {
  return createHash(format)
    .update(`${type} ${content.length}\0`)
    .update(content)
    .digest('hex')
}

/**
 * Writes `content` as a loose object into `objectsDir` and returns its id.
 * Done here rather than by `git hash-object`, so the stored bytes are exactly
 * the bytes the caller scanned: no clean filter, eol or encoding conversion,
 * and no second read of a file that could have changed in between.
 */
export async function writeLooseObject(
  objectsDir: string,
  type: string,
  content: Buffer,
  format: ObjectFormat,
): Promise<string> {
  const id = hashObject(type, content, format)
  const directory = join(objectsDir, id.slice(0, 2))
  await mkdir(directory, { recursive: true })
  const body = deflateSync(
    Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content]),
  )
  const temporary = join(directory, `tmp-${randomBytes(6).toString('hex')}`)
  try {
    await writeFile(temporary, body, { flag: 'wx', mode: 0o444 })
    await rename(temporary, join(directory, id.slice(2)))
  } finally {
    await rm(temporary, { force: true })
  }
  return id
}
