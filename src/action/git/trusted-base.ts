import { runGit } from './run-git.js'
import { hashObject, type ObjectFormat } from './loose-object.js'

/**
 * The commit the run started from, read before the model ran and kept in
 * memory: its sha, its raw commit object (checked against the sha) and the
 * full listing of its tree. Everything under `.git` can be rewritten by the
 * model (refs, HEAD, loose objects, packs, alternates), so the action's
 * commit is built from this record and from the working files, never from
 * what the repository says after the run.
 */
export interface TrustedBase {
  sha: string
  objectFormat: ObjectFormat
  /** The commit object's bytes (without the `commit <size>\0` header). */
  commit: Buffer
  /** Its root tree, as named in `commit`. */
  tree: string
  /** Every blob, symbolic link and submodule of the tree, by path. */
  entries: ReadonlyMap<string, TreeEntry>
}

export interface TreeEntry {
  /** `100644`, `100755`, `120000` or `160000`. */
  mode: string
  sha: string
}

/**
 * Records HEAD of `workdir` (undefined when the repository has no commit).
 * Call before the model runs.
 */
export async function recordTrustedBase(
  workdir: string,
): Promise<TrustedBase | undefined> {
  const head = await runGit(['rev-parse', '--verify', '--quiet', 'HEAD'], {
    cwd: workdir,
    acceptExitCodes: [1],
  })
  const sha = head.trim()
  if (!sha) return undefined
  const format = await runGit(['rev-parse', '--show-object-format'], {
    cwd: workdir,
  })
  const objectFormat: ObjectFormat =
    format.trim() === 'sha256' ? 'sha256' : 'sha1'
  const commit = Buffer.from(
    await runGit(['cat-file', 'commit', sha], {
      cwd: workdir,
      encoding: 'latin1',
    }),
    'latin1',
  )
  if (hashObject('commit', commit, objectFormat) !== sha) {
    throw new Error(
      `The checked-out commit ${sha} does not match its own hash: the repository is damaged.`,
    )
  }
  const listing = await runGit(['ls-tree', '-r', '-z', '--full-tree', sha], {
    cwd: workdir,
  })
  return {
    sha,
    objectFormat,
    commit,
    tree: readTreeOfCommit(commit, sha),
    entries: parseTreeListing(listing),
  }
}

function readTreeOfCommit(commit: Buffer, sha: string): string {
  const match = /^tree ([0-9a-f]{40,64})\n/.exec(commit.toString('latin1'))
  if (!match) throw new Error(`Commit ${sha} names no tree`)
  return match[1]
}

/** Parses `git ls-tree -r -z`: `<mode> <type> <sha>\t<path>` entries. */
export function parseTreeListing(listing: string): Map<string, TreeEntry> {
  const entries = new Map<string, TreeEntry>()
  for (const record of listing.split('\0')) {
    if (record === '') continue
    const match = /^(\d{6}) (?:blob|commit) ([0-9a-f]{40,64})\t([\s\S]+)$/.exec(
      record,
    )
    if (!match) throw new Error(`Unexpected line from git ls-tree: ${record}`)
    entries.set(match[3], { mode: match[1], sha: match[2] })
  }
  return entries
}

/**
 * `git update-index -z --index-info` input for these entries; a null entry
 * removes the path (mode 0).
 */
export function formatIndexInfo(
  entries: Iterable<[string, TreeEntry | null]>,
  objectFormat: ObjectFormat,
): string {
  const zero = '0'.repeat(objectFormat === 'sha256' ? 64 : 40)
  let text = ''
  for (const [path, entry] of entries) {
    text += entry
      ? `${entry.mode} ${entry.sha}\t${path}\0`
      : `0 ${zero}\t${path}\0`
  }
  return text
}
