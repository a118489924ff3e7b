import { lstat, readFile } from 'node:fs/promises'

/**
 * Whether `error` is a system error with this code (`ENOENT`, ...). Checked
 * by shape, not `instanceof`: errors from node:fs can come from another realm
 * (jest's VM modules), where `instanceof Error` is false.
 */
export function hasErrorCode(error: unknown, code: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === code
  )
}

/**
 * A file's bytes, or null when it does not exist. Anything but a regular
 * file throws: reading a FIFO the model left would never return.
 */
export async function readOptionalFile(path: string): Promise<Buffer | null> {
  const stats = await lstat(path).catch((error: unknown) => {
    if (hasErrorCode(error, 'ENOENT')) return undefined
    throw error
  })
  if (!stats) return null
  if (!stats.isFile()) throw new Error(`${path} is not a regular file`)
  return readFile(path)
}

/** Equal contents, null meaning "no file". */
export function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b)
}
