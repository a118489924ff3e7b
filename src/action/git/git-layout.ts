import { readFile, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { readOptionalFile, sameBytes } from './optional-file.js'

/**
 * Which git directory a working tree leads to. Git finds its repository
 * through `.git` (a directory, a symbolic link or a `gitdir:` file) and then
 * `<gitdir>/commondir`, which sends it to another directory's config, refs
 * and objects. The model can change any of these; restoring `.git/config`
 * means nothing if git then reads another one.
 */
export interface GitLayout {
  workdir: string
  /** Real path of the git directory. */
  gitDir: string
  dotGit: DotGitState
  /** Content of `<gitDir>/commondir`, or null when there is none. */
  commonDirFile: Buffer | null
}

type DotGitState =
  { kind: 'directory'; realPath: string } | { kind: 'file'; content: Buffer }

export async function readGitLayout(
  workdir: string,
  gitDir: string,
): Promise<GitLayout> {
  return {
    workdir,
    gitDir,
    dotGit: await readDotGit(workdir),
    commonDirFile: await readOptionalFile(join(gitDir, 'commondir')),
  }
}

/** What changed since `before`, in a few words, or undefined. Reads no git. */
export async function findLayoutChange(
  before: GitLayout,
): Promise<string | undefined> {
  const dotGit = await readDotGit(before.workdir).catch(() => undefined)
  if (!dotGit) return '.git is missing'
  const dotGitChange = compareDotGit(before.dotGit, dotGit)
  if (dotGitChange) return dotGitChange
  const gitDir = await realpath(before.gitDir).catch(() => undefined)
  if (gitDir !== before.gitDir) return `${before.gitDir} moved`
  const commonDirFile = await readOptionalFile(
    join(before.gitDir, 'commondir'),
  ).catch(() => undefined)
  const same =
    commonDirFile !== undefined &&
    sameBytes(commonDirFile, before.commonDirFile)
  return same ? undefined : 'its commondir file was changed'
}

function compareDotGit(
  before: DotGitState,
  now: DotGitState,
): string | undefined {
  if (now.kind !== before.kind) return `.git is now a ${now.kind}`
  if (now.kind === 'directory' && before.kind === 'directory') {
    const moved = now.realPath !== before.realPath
    return moved ? `.git now leads to ${now.realPath}` : undefined
  }
  if (now.kind === 'file' && before.kind === 'file') {
    const same = now.content.equals(before.content)
    return same ? undefined : 'the gitfile was rewritten'
  }
  return undefined
}

async function readDotGit(workdir: string): Promise<DotGitState> {
  const path = join(workdir, '.git')
  // Follows a symbolic link: what counts is where it leads (realPath).
  const stats = await stat(path)
  if (stats.isFile()) return { kind: 'file', content: await readFile(path) }
  if (stats.isDirectory()) {
    return { kind: 'directory', realPath: await realpath(path) }
  }
  throw new Error(`${path} is neither a directory nor a gitfile`)
}
