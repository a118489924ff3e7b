import { realpath } from 'node:fs/promises'
import { resolve } from 'node:path'
import { runGit } from './run-git.js'

export interface GitDirs {
  /** The repository's own git directory (`.git`), as a real path. */
  gitDir: string
  /** Where config, refs and objects live (gitDir unless a linked worktree). */
  commonDir: string
}

/** Asks git where the repository of `workdir` keeps its files. */
export async function readGitDirs(workdir: string): Promise<GitDirs> {
  const output = await runGit(
    ['rev-parse', '--absolute-git-dir', '--git-common-dir'],
    { cwd: workdir },
  )
  const [gitDir, commonDir] = output.split('\n')
  if (!gitDir || !commonDir) {
    throw new Error(`'${workdir}' is not inside a git repository`)
  }
  return {
    gitDir: await realpath(gitDir),
    commonDir: await realpath(resolve(workdir, commonDir)),
  }
}
