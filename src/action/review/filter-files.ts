import { runGit } from '../git/run-git.js'
import type { ChangedFile } from './diff-index.js'

/** Lock files by name: machine-written, long, and not worth a reviewer's time. */
const LOCK_FILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'bun.lock',
  'Cargo.lock',
  'Gemfile.lock',
  'composer.lock',
  'poetry.lock',
  'Pipfile.lock',
  'uv.lock',
  'go.sum',
  'mix.lock',
  'pubspec.lock',
  'Podfile.lock',
  'flake.lock',
  'packages.lock.json',
  'gradle.lockfile',
])

export interface FilteredFiles {
  reviewed: ChangedFile[]
  /** Paths left out: lock files, linguist-generated or -vendored. */
  leftOut: string[]
}

/**
 * Leaves out lock files and files the repository's .gitattributes marks
 * `linguist-generated` or `linguist-vendored` (as GitHub's own diff view
 * collapses them). `workdir` is a checkout of the head, or undefined.
 */
export async function filterReviewedFiles(
  files: readonly ChangedFile[],
  workdir: string | undefined,
): Promise<FilteredFiles> {
  const marked = workdir
    ? await listMarkedFiles(
        workdir,
        files.map((file) => file.path),
      )
    : new Set<string>()
  const reviewed: ChangedFile[] = []
  const leftOut: string[] = []
  for (const file of files) {
    const name = file.path.split('/').at(-1) ?? file.path
    if (LOCK_FILES.has(name) || marked.has(file.path)) leftOut.push(file.path)
    else reviewed.push(file)
  }
  return { reviewed, leftOut }
}

/** The paths whose linguist-generated or linguist-vendored attribute is set. */
async function listMarkedFiles(
  workdir: string,
  paths: readonly string[],
): Promise<Set<string>> {
  if (paths.length === 0) return new Set()
  const output = await runGit(
    ['check-attr', '-z', '--stdin', 'linguist-generated', 'linguist-vendored'],
    { cwd: workdir, input: paths.map((path) => `${path}\0`).join('') },
  )
  // -z output: path NUL attribute NUL value NUL, repeated.
  const fields = output.split('\0')
  const marked = new Set<string>()
  for (let index = 0; index + 2 < fields.length; index += 3) {
    const value = fields[index + 2]
    if (value === 'set' || value === 'true') marked.add(fields[index])
  }
  return marked
}
