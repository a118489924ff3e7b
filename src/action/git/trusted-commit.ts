import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hashObject, writeLooseObject } from './loose-object.js'
import { readWorkingEntry } from './read-working-entry.js'
import { runGit } from './run-git.js'
import {
  formatIndexInfo,
  parseTreeListing,
  type TreeEntry,
  type TrustedBase,
} from './trusted-base.js'

/**
 * A commit built in a private repository made for this push alone, from
 * objects the action wrote itself: the base commit recorded before the run
 * (checked against its sha), the base tree rebuilt from its recorded listing
 * (checked against the commit's tree), and blobs hashed from the bytes of
 * the listed working files. Nothing is read from the model's `.git`.
 */
export interface TrustedCommit {
  sha: string
  /** The private bare repository holding the commit; push from here. */
  gitDir: string
  /** Paths whose entry differs from the base: what the commit changes. */
  files: string[]
  /** Listed paths kept as in the base: submodules, FIFOs, sockets. */
  skipped: string[]
  /** Removes the private repository. */
  cleanup: () => Promise<void>
}

export interface TrustedCommitOptions {
  workdir: string
  base: TrustedBase
  /** The paths to take from the working tree; every other path stays as in the base. */
  files: readonly string[]
  message: string
  /** The author and committer (GIT_AUTHOR_NAME ... GIT_COMMITTER_EMAIL). */
  identity: Readonly<Record<string, string>>
  /** Sees each path and the exact bytes to be committed, before any is written. */
  inspect: (path: string, bytes: Buffer) => void
}

type Change = { entry: TreeEntry; bytes: Buffer } | { entry: null }

/** Builds the commit; undefined when no listed path differs from the base. */
export async function buildTrustedCommit(
  options: TrustedCommitOptions,
): Promise<TrustedCommit | undefined> {
  const { changes, skipped } = await collectChanges(options)
  if (changes.size === 0) return undefined
  const directory = await mkdtemp(join(tmpdir(), 'harness9-commit-'))
  const cleanup = () => rm(directory, { recursive: true, force: true })
  try {
    const gitDir = join(directory, 'repo.git')
    const { base } = options
    await runGit(
      [
        'init',
        '--quiet',
        '--bare',
        '--template=',
        `--object-format=${base.objectFormat}`,
        gitDir,
      ],
      { cwd: directory },
    )
    const git = (args: string[], input?: string, env = {}) =>
      runGit(args, {
        cwd: directory,
        input,
        env: {
          GIT_DIR: gitDir,
          GIT_INDEX_FILE: join(directory, 'index'),
          ...env,
        },
      })
    await writeObjects(gitDir, base, changes)
    const tree = await writeTree(git, base, changes)
    await assertTreeMatches(git, tree, base, changes)
    // The base's parents are not here: the push stops its walk at the base.
    await writeFile(join(gitDir, 'shallow'), `${base.sha}\n`)
    const sha = await git(
      ['commit-tree', tree, '-p', base.sha, '-F', '-'],
      options.message,
      options.identity,
    )
    return {
      sha: sha.trim(),
      gitDir,
      files: [...changes.keys()],
      skipped,
      cleanup,
    }
  } catch (error) {
    await cleanup()
    throw error
  }
}

/** Reads each listed path once and keeps those that differ from the base. */
async function collectChanges(options: TrustedCommitOptions) {
  const changes = new Map<string, Change>()
  const skipped: string[] = []
  for (const path of [...new Set(options.files)].sort()) {
    const before = options.base.entries.get(path)
    // A submodule's commit, or a repository inside the checkout (`dir/`),
    // is not ours to move; a FIFO, socket or device has no content.
    if (before?.mode === '160000' || path.endsWith('/')) {
      skipped.push(path)
      continue
    }
    const entry = await readWorkingEntry(options.workdir, path)
    if (entry.kind === 'special') {
      skipped.push(path)
      continue
    }
    if (entry.kind === 'absent' || entry.kind === 'directory') {
      if (before) changes.set(path, { entry: null })
      continue
    }
    options.inspect(path, entry.bytes)
    const sha = hashObject('blob', entry.bytes, options.base.objectFormat)
    if (before?.sha === sha && before.mode === entry.mode) continue
    changes.set(path, { entry: { mode: entry.mode, sha }, bytes: entry.bytes })
  }
  return { changes, skipped }
}

async function writeObjects(
  gitDir: string,
  base: TrustedBase,
  changes: Map<string, Change>,
): Promise<void> {
  const objects = join(gitDir, 'objects')
  const commit = await writeLooseObject(
    objects,
    'commit',
    base.commit,
    base.objectFormat,
  )
  if (commit !== base.sha)
    throw new Error('The recorded base commit is damaged')
  for (const change of changes.values()) {
    if (change.entry) {
      await writeLooseObject(objects, 'blob', change.bytes, base.objectFormat)
    }
  }
}

/**
 * The base tree from its listing (it must come out as the commit's own
 * tree), then the changes on top: the new root tree's id.
 */
async function writeTree(
  git: (args: string[], input?: string) => Promise<string>,
  base: TrustedBase,
  changes: Map<string, Change>,
): Promise<string> {
  const format = base.objectFormat
  await git(
    ['update-index', '-z', '--index-info'],
    formatIndexInfo(base.entries, format),
  )
  const rebuilt = (await git(['write-tree', '--missing-ok'])).trim()
  if (rebuilt !== base.tree) {
    throw new Error(
      `Could not rebuild the tree of ${base.sha} from its listing (got ${rebuilt}, expected ${base.tree}); nothing was committed.`,
    )
  }
  const updates = [...changes].map(
    ([path, change]): [string, TreeEntry | null] => [path, change.entry],
  )
  await git(
    ['update-index', '-z', '--index-info'],
    formatIndexInfo(updates, format),
  )
  return (await git(['write-tree', '--missing-ok'])).trim()
}

/**
 * Reads the new tree back from the private store and checks it differs from
 * the base in exactly the changed paths, each holding what was hashed.
 */
async function assertTreeMatches(
  git: (args: string[]) => Promise<string>,
  tree: string,
  base: TrustedBase,
  changes: Map<string, Change>,
): Promise<void> {
  const after = parseTreeListing(
    await git(['ls-tree', '-r', '-z', '--full-tree', tree]),
  )
  const expected = new Map(base.entries)
  for (const [path, change] of changes) {
    if (change.entry) expected.set(path, change.entry)
    else expected.delete(path)
  }
  const differing = [...new Set([...after.keys(), ...expected.keys()])].filter(
    (path) => {
      const [a, b] = [after.get(path), expected.get(path)]
      return a?.mode !== b?.mode || a?.sha !== b?.sha
    },
  )
  if (differing.length > 0) {
    throw new Error(
      `The commit's tree does not hold exactly the listed changes (${differing.slice(0, 5).join(', ')} differ); nothing was committed. A path that is both a file and a directory cannot be committed.`,
    )
  }
}
