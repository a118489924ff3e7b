import { accessSync, constants, realpathSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, isAbsolute, join, sep } from 'node:path'

/**
 * The programs the action itself runs outside the sandbox. Each is looked up
 * once, at start-up, in the directories of PATH that the model cannot write,
 * and only the absolute path found is used afterwards: a `git` the model
 * plants in `node_modules/.bin` (which workflows often put on PATH) must never
 * run with the push token.
 */
export const TRUSTED_PROGRAMS = [
  'git',
  'bwrap',
  'sudo',
  'sh',
  'apparmor_parser',
  'apt-get',
  'useradd',
  'userdel',
  'setpriv',
  'setfacl',
  'chown',
  'chmod',
  'kill',
  'env',
] as const

export type TrustedProgram = (typeof TRUSTED_PROGRAMS)[number]

/** Absolute paths of the programs found; a missing one is undefined. */
export type TrustedBinaries = Partial<Record<TrustedProgram, string>>

export interface TrustedPathOptions {
  /** The PATH as the workflow left it. */
  path: string
  /**
   * Directories whose whole tree the model can write: the workspace, the
   * runner's temporary directory, HOME, the system temporary directory.
   */
  writableRoots: readonly string[]
}

export interface TrustedPath {
  /** The kept directories, in PATH order, joined with ':'. */
  path: string
  /** The directories left out, each with why, for the log. */
  skipped: string[]
}

/** Where a system's own programs live when PATH names none of them. */
const SYSTEM_PATH = [
  '/usr/local/sbin',
  '/usr/local/bin',
  '/usr/sbin',
  '/usr/bin',
  '/sbin',
  '/bin',
]

/**
 * PATH without every directory the model could put a program in: relative
 * entries, entries inside a writable root, and directories that a user other
 * than root owns, or that group or others may write (themselves or any parent
 * directory). The system directories follow, for sudo and useradd that live
 * in sbin on most distributions.
 */
export function buildTrustedPath(options: TrustedPathOptions): TrustedPath {
  const roots = options.writableRoots
    .filter((root) => root !== '' && isAbsolute(root))
    .map((root) => realpathOr(root))
    .filter((root) => root !== '/')
  const kept: string[] = []
  const skipped: string[] = []
  for (const entry of [...options.path.split(delimiter), ...SYSTEM_PATH]) {
    if (entry === '' || kept.includes(entry)) continue
    const why = whyUntrusted(entry, roots)
    if (why === undefined) kept.push(entry)
    else if (!SYSTEM_PATH.includes(entry) || why !== 'does not exist')
      skipped.push(`${entry} (${why})`)
  }
  return { path: kept.join(delimiter), skipped: [...new Set(skipped)] }
}

/** The model-writable roots of the action's own environment. */
export function listWritableRoots(env: NodeJS.ProcessEnv): string[] {
  return [
    env.GITHUB_WORKSPACE,
    env.RUNNER_TEMP,
    env.RUNNER_WORKSPACE,
    env.HOME,
    env.TMPDIR,
    tmpdir(),
    '/tmp',
    '/var/tmp',
    '/dev/shm',
  ].filter((root): root is string => root !== undefined && root !== '')
}

/** Looks every program of TRUSTED_PROGRAMS up in `trustedPath`. */
export function resolveTrustedBinaries(trustedPath: string): TrustedBinaries {
  const found: TrustedBinaries = {}
  for (const name of TRUSTED_PROGRAMS) {
    const path = findExecutable(name, trustedPath)
    if (path !== undefined) found[name] = path
  }
  return found
}

/** The first executable file `name` in the directories of `searchPath`. */
export function findExecutable(
  name: string,
  searchPath: string,
): string | undefined {
  const candidates = name.includes('/')
    ? [name]
    : searchPath
        .split(delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => join(dir, name))
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK)
      return statSync(candidate).isFile()
    } catch {
      return false // not here: try the next directory
    }
  })
}

function whyUntrusted(
  entry: string,
  roots: readonly string[],
): string | undefined {
  if (!isAbsolute(entry)) return 'relative'
  let real: string
  try {
    real = realpathSync(entry)
  } catch {
    return 'does not exist'
  }
  const root = roots.find(
    (candidate) => real === candidate || real.startsWith(candidate + sep),
  )
  if (root !== undefined) return `inside ${root}, which the model can write`
  for (let dir = real; ; dir = dirname(dir)) {
    const info = statSync(dir)
    if (info.uid !== 0) return `${dir} is owned by uid ${info.uid}, not root`
    if ((info.mode & 0o022) !== 0)
      return `${dir} is writable by its group or by everyone`
    if (dir === '/') return undefined
  }
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path // not there yet: compare by name
  }
}
