import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runGit } from './run-git.js'
import { formatIndexInfo, type TrustedBase } from './trusted-base.js'

/**
 * Paths changed in the working tree relative to HEAD: modified, added,
 * deleted, renamed (both the old and the new path) and untracked files, not
 * ignored ones. Paths are relative to the top level of the repository, exactly
 * as git stores them (spaces, newlines and non-ASCII kept). Submodules count
 * only when their commit changed, so git never runs inside them.
 *
 * Call it after restoreGitConfig: `git status` runs the clean filters the
 * config names.
 */
export async function listChangedFiles(
  workdir: string,
  base?: TrustedBase,
): Promise<string[]> {
  if (base) return listChangesFromBase(workdir, base)
  const output = await runGit(
    [
      'status',
      '--porcelain=v1',
      '-z',
      '--untracked-files=all',
      '--ignore-submodules=dirty',
    ],
    { cwd: workdir },
  )
  return parsePorcelainStatus(output)
}

/**
 * Paths that differ between the working tree and the recorded base, found
 * with a private index built from the base's listing: the model's index
 * (assume-unchanged and skip-worktree bits, staged entries), HEAD and refs
 * play no part, so it cannot hide a change or add one. Deleted and modified
 * tracked paths first, then untracked ones that are not ignored.
 */
async function listChangesFromBase(
  workdir: string,
  base: TrustedBase,
): Promise<string[]> {
  const directory = await mkdtemp(join(tmpdir(), 'harness9-index-'))
  try {
    const options = {
      cwd: workdir,
      env: { GIT_INDEX_FILE: join(directory, 'index') },
    }
    await runGit(['update-index', '-z', '--index-info'], {
      ...options,
      input: formatIndexInfo(base.entries, base.objectFormat),
    })
    // Fills in the stat data, hashing the working files once.
    await runGit(['update-index', '-q', '--refresh'], {
      ...options,
      acceptExitCodes: [1],
    })
    const tracked = await runGit(
      ['diff-files', '--name-only', '-z', '--ignore-submodules=dirty'],
      options,
    )
    const untracked = await runGit(
      ['ls-files', '-z', '--others', '--exclude-standard'],
      options,
    )
    const paths = `${tracked}${untracked}`.split('\0').filter(Boolean)
    return [...new Set(paths)]
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

/**
 * Parses `git status --porcelain=v1 -z`: entries `XY <path>` separated by NUL;
 * a rename or copy is followed by one more field, the path it came from. A
 * renamed file's old path is listed (its deletion must be committed too); a
 * copy's source is not, since it did not change. A path staged as new and then
 * deleted from the working tree (`AD`, `RD`, `CD`) is not in HEAD and not on
 * disk: no change, not listed.
 */
export function parsePorcelainStatus(output: string): string[] {
  const fields = output.split('\0')
  const paths = new Set<string>()
  for (let index = 0; index < fields.length; index++) {
    const entry = fields[index]
    if (entry.length < 4) continue
    const [x, y] = [entry[0], entry[1]]
    const goneAgain = y === 'D' && 'ARC'.includes(x)
    if (!goneAgain) paths.add(entry.slice(3))
    if (x !== 'R' && x !== 'C' && y !== 'R' && y !== 'C') continue
    const source = fields[++index]
    if ((x === 'R' || y === 'R') && source) paths.add(source)
  }
  return [...paths]
}
