import { randomBytes } from 'node:crypto'
import { lstat, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, relative } from 'node:path'
import { readGitDirs } from './git-dirs.js'
import {
  findLayoutChange,
  readGitLayout,
  type GitLayout,
} from './git-layout.js'
import { readOptionalFile, sameBytes } from './optional-file.js'
import { recordTrustedBase, type TrustedBase } from './trusted-base.js'

/**
 * The repository's config as it was before the model ran, put back before the
 * action runs git again, so whatever the model wrote into `.git/config`
 * (hooksPath, fsmonitor, filter drivers, credential helpers, include.path,
 * aliases, sshCommand, url.*.insteadOf, remote URLs, proxies) is gone.
 *
 * Restoring first checks that `.git` still leads to the same git directory
 * (git-layout.ts); if not, it refuses, and the action must not run git again.
 *
 * What this does not cover, by design:
 * - refs, objects, the index, packed-refs, `shallow`, alternates, `info/`
 *   (attributes, exclude): the model may have rewritten them. Hooks and
 *   fsmonitor are off on every call anyway (git-env.ts); the commit is built
 *   from `base`, recorded here, in a private repository (trusted-commit.ts),
 *   so none of them shapes what is pushed.
 * - the config of submodules (`.git/modules/...`): the action does not run
 *   git inside them, and `-c` settings reach any git they start.
 * - files the snapshot's config includes from elsewhere (the checkout's
 *   credentials include is removed before the snapshot).
 * - the working tree: the commit is made from it as it is; protected paths
 *   decide which of its changes are committed.
 * - a process the model left running: it could write again after the
 *   restore. The bash tool kills each command's process group.
 */
export interface GitConfigSnapshot {
  workdir: string
  layout: GitLayout
  /** `config` (and `config.worktree`) as they were; null content: absent. */
  files: SavedFile[]
  /** The commit HEAD pointed at; undefined in a repository with no commit. */
  headSha: string | undefined
  /** That commit and its tree, kept to build the action's commit on. */
  base: TrustedBase | undefined
}

interface SavedFile {
  path: string
  content: Buffer | null
  mode: number
}

/** Reads the config before the model runs (after removeCheckoutCredentials). */
export async function snapshotGitConfig(
  workdir: string,
): Promise<GitConfigSnapshot> {
  const { gitDir, commonDir } = await readGitDirs(workdir)
  const paths = [join(commonDir, 'config'), join(gitDir, 'config.worktree')]
  const base = await recordTrustedBase(workdir)
  return {
    workdir,
    layout: await readGitLayout(workdir, gitDir),
    files: await Promise.all([...new Set(paths)].map(saveFile)),
    headSha: base?.sha,
    base,
  }
}

/**
 * Puts the snapshot's config back, each file atomically (write beside, then
 * rename over whatever is there, a symbolic link included). Throws without
 * writing when the repository layout changed. Returns the files that had been
 * changed (relative to the working tree), for a log line.
 */
export async function restoreGitConfig(
  snapshot: GitConfigSnapshot,
): Promise<string[]> {
  const problem = await findLayoutChange(snapshot.layout)
  if (problem) {
    throw new Error(
      `The repository's .git changed during the run (${problem}); ` +
        'refusing to run git in it.',
    )
  }
  const changed: string[] = []
  for (const file of snapshot.files) {
    if (await isUnchanged(file)) continue
    await putBack(file)
    changed.push(relative(snapshot.workdir, file.path))
  }
  return changed
}

async function saveFile(path: string): Promise<SavedFile> {
  const content = await readOptionalFile(path)
  const mode = content === null ? 0o644 : (await lstat(path)).mode & 0o777
  return { path, content, mode }
}

/** Same bytes in a regular file (a symbolic link counts as a change). */
async function isUnchanged(file: SavedFile): Promise<boolean> {
  const current = await readOptionalFile(file.path).catch(() => undefined)
  return current !== undefined && sameBytes(current, file.content)
}

async function putBack(file: SavedFile): Promise<void> {
  const stats = await lstat(file.path).catch(() => undefined)
  // rename() cannot replace a directory; one planted in its place goes first.
  if (stats?.isDirectory() || file.content === null) {
    await rm(file.path, { force: true, recursive: true })
  }
  if (file.content === null) return
  const suffix = randomBytes(6).toString('hex')
  const name = `.${basename(file.path)}.${suffix}`
  const temporary = join(dirname(file.path), name)
  try {
    await writeFile(temporary, file.content, { flag: 'wx', mode: file.mode })
    await rename(temporary, file.path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw new Error(`Could not restore ${file.path}`, { cause: error })
  }
}
