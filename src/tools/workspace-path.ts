import { readlink, realpath } from 'node:fs/promises'
import path from 'node:path'
import { ToolError } from './base-tool.js'

// Kernel pseudo-filesystems: reading /proc/self/environ would hand the
// process's secrets to the model, and /dev holds devices that never end.
// Only reachable when the workspace is `/`, but then they must stay shut.
const OFF_LIMITS_ROOTS = ['/proc', '/sys', '/dev']

/** The `path` argument of the file tools, as their schemas describe it. */
export const PATH_PROPERTY = {
  type: 'string',
  description: 'File path relative to the workspace root.',
} as const

// A chain of dangling links longer than this is a loop (Linux allows 40).
const MAX_LINK_HOPS = 40

/**
 * Resolves a model-supplied path against the workspace and returns its real
 * path. Throws a ToolError unless the path, after following every symbolic
 * link, is the workspace or inside it. `workdir` must be a real path.
 */
export async function resolveWorkspacePath(
  workdir: string,
  inputPath: string,
): Promise<string> {
  const named = `Path ${JSON.stringify(inputPath)}`
  // An empty path would silently mean the workspace root itself.
  if (inputPath === '') {
    throw new ToolError(
      `${named} is empty: give a file path inside the workspace, relative to its root.`,
    )
  }
  // The OS cuts a path at NUL, so the checked and the opened path could differ.
  if (inputPath.includes('\0')) {
    throw new ToolError(
      `${named} contains a NUL byte: paths must stay inside the workspace and be plain text.`,
    )
  }
  // Lexical check first: catches `..`, absolute paths and `/work-evil`.
  const joined = path.resolve(workdir, inputPath)
  if (!isInside(workdir, joined)) {
    throw new ToolError(
      `${named} is outside the workspace (${workdir}): paths must stay inside the workspace. Use a path relative to its root.`,
    )
  }
  // Then the real path: a symbolic link inside may point anywhere.
  const real = await resolveRealPath(joined, inputPath)
  if (!isInside(workdir, real)) {
    throw new ToolError(
      `${named} leads through a symbolic link to ${real}, outside the workspace (${workdir}): paths must stay inside the workspace.`,
    )
  }
  const root = OFF_LIMITS_ROOTS.find((off) => isInside(off, real))
  if (root) {
    throw new ToolError(
      `${named} resolves into ${root}, which is off limits: paths must stay inside the workspace and out of /proc, /sys and /dev.`,
    )
  }
  return real
}

/**
 * Refuses a resolved path inside a `.git` directory (the workspace's, or a
 * nested repository's): hooks and config there would run code or redirect
 * git behind the reviewer's back.
 */
export function assertNotInGitDir(workdir: string, resolved: string): void {
  const relative = path.relative(workdir, resolved)
  // Lower-cased because macOS and Windows file systems ignore case.
  const parts = relative.toLowerCase().split(path.sep)
  if (parts.includes('.git')) {
    throw new ToolError(
      `Path ${JSON.stringify(relative)} is inside .git: writes into .git are not allowed. Change files of the working tree only.`,
    )
  }
}

/** True when `target` is `root` itself or below it (never a sibling prefix). */
function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target)
  return (
    relative === '' ||
    (relative !== '..' &&
      !relative.startsWith(`..${path.sep}`) &&
      !path.isAbsolute(relative))
  )
}

/**
 * fs.realpath for a path that may not exist yet (write_file creates it):
 * the real path of the nearest existing parent plus the missing rest. A
 * dangling symbolic link is followed to where a write would land.
 */
async function resolveRealPath(
  target: string,
  inputPath: string,
  hops = 0,
): Promise<string> {
  try {
    return await realpath(target)
  } catch (error) {
    const code = errorCode(error)
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      throw unresolvable(inputPath, code)
    }
  }
  // Not a link (EINVAL) or not there at all: go on through the parent.
  const link = await readlink(target).catch(() => null)
  if (link !== null) {
    if (hops >= MAX_LINK_HOPS) throw unresolvable(inputPath, 'ELOOP')
    const next = path.resolve(path.dirname(target), link)
    return resolveRealPath(next, inputPath, hops + 1)
  }
  const parent = path.dirname(target)
  if (parent === target) return target
  const realParent = await resolveRealPath(parent, inputPath, hops)
  return path.join(realParent, path.basename(target))
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error)
}

function unresolvable(inputPath: string, code: string): ToolError {
  return new ToolError(
    `Path ${JSON.stringify(inputPath)} could not be resolved (${code}): paths must stay inside the workspace and lead to a real file.`,
  )
}
