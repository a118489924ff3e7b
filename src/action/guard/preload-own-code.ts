import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** ncc's chunk files: `<id>.index.js`, loaded by the bundle on first use. */
const CHUNK_FILE = /^\d+\.index\.js$/

/**
 * Loads every chunk of the action's bundle that sits beside `entryUrl` now,
 * before the model runs. The bundle loads a chunk with `import()` on first
 * use; a model that overwrote one before then (without the sandbox bash
 * can write the action's own files) would run its code in this process,
 * with its secrets. Node keeps a module loaded once, so later imports get
 * what was read here. Returns the chunk files loaded.
 */
export async function preloadOwnCode(
  entryUrl: string = import.meta.url,
): Promise<string[]> {
  const directory = path.dirname(fileURLToPath(entryUrl))
  const chunks = readdirSync(directory)
    .filter((name) => CHUNK_FILE.test(name))
    .sort()
  for (const chunk of chunks) {
    // The same URL the bundle's runtime imports ("./<id>.index.js" from the
    // bundle), so its later import() finds this module in Node's cache.
    const url = pathToFileURL(path.join(directory, chunk)).href
    await import(/* webpackIgnore: true */ url)
  }
  return chunks
}
