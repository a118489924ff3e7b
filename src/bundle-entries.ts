/**
 * The one entry ncc bundles. Every way dist/ is started (the action's
 * `main:`, the `harness9` command, ...) is a lazily imported chunk of this
 * single build, so the SDKs and the engine are bundled once and shared
 * instead of once per entry. The files that are started are small stubs that
 * scripts/build.sh writes: each imports this bundle and calls `start` with
 * its name. A new entry is one line here and one `write_stub` line there.
 */
const ENTRIES = {
  action: () => import('./index.js'),
  cli: () => import('./cli/index.js'),
  post: () => import('./post.js'),
} satisfies Record<string, () => Promise<unknown>>

export type EntryName = keyof typeof ENTRIES

/** Runs the named entry; resolves once its top-level code has finished. */
export async function start(entry: EntryName): Promise<void> {
  if (!Object.hasOwn(ENTRIES, entry)) {
    throw new Error(
      `Unknown dist entry '${entry}': expected one of ${Object.keys(ENTRIES).join(', ')}.`,
    )
  }
  await ENTRIES[entry]()
}
