import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A fresh empty directory under `parent` (the system's temp directory by
 * default), by its real path: macOS's /tmp is a link, and path checks
 * compare real paths.
 */
export async function makeTempDir(
  prefix: string,
  parent = tmpdir(),
): Promise<string> {
  return realpath(await mkdtemp(join(parent, prefix)))
}

/** Removes directories and all they hold; a missing one is no error. */
export async function removeDirs(
  ...paths: (string | undefined)[]
): Promise<void> {
  for (const path of paths) {
    if (path !== undefined) await rm(path, { recursive: true, force: true })
  }
}

export interface TempWorkspace {
  /** The temporary directory holding the others; remove it to clean up. */
  root: string
  /** An empty working directory inside root. */
  workdir: string
  /** root/outside: a sibling of workdir that tools must not reach. */
  outside: string
}

/**
 * A temporary root with an empty working directory in it (`ws` unless
 * named) and, with `outside: true`, an empty sibling `outside`.
 */
export async function makeTempWorkspace(
  prefix: string,
  options: { workdirName?: string; outside?: boolean } = {},
): Promise<TempWorkspace> {
  const root = await makeTempDir(prefix)
  const workspace = {
    root,
    workdir: join(root, options.workdirName ?? 'ws'),
    outside: join(root, 'outside'),
  }
  await mkdir(workspace.workdir)
  if (options.outside) await mkdir(workspace.outside)
  return workspace
}
