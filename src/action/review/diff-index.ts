/**
 * Which lines of a pull request's diff can carry a review comment. GitHub
 * refuses the whole review when one comment points outside the diff, so each
 * finding is checked here first.
 */

export type DiffSide = 'LEFT' | 'RIGHT'

/** One changed file as the pulls "list files" or compare API returns it. */
export interface ChangedFile {
  path: string
  /** `added`, `modified`, `removed`, `renamed`, … */
  status: string
  additions: number
  deletions: number
  /** The unified diff hunks; absent for binary or very large files. */
  patch: string | undefined
}

/** A commentable line: which hunk it is in and whether it was changed. */
interface DiffLine {
  hunk: number
  changed: boolean
}

export interface FileDiff {
  path: string
  /** New-file line numbers: added and context lines. */
  right: Map<number, DiffLine>
  /** Old-file line numbers: removed and context lines. */
  left: Map<number, DiffLine>
}

export type DiffIndex = Map<string, FileDiff>

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/

/** Reads the hunks of one file's patch into commentable line numbers. */
export function parsePatch(path: string, patch: string): FileDiff {
  const file: FileDiff = { path, right: new Map(), left: new Map() }
  let oldLine = 0
  let newLine = 0
  let hunk = -1
  for (const line of patch.split('\n')) {
    const header = HUNK_HEADER.exec(line)
    if (header) {
      hunk++
      oldLine = Number(header[1])
      newLine = Number(header[2])
      continue
    }
    if (hunk < 0 || line.startsWith('\\')) continue // "\ No newline at end of file"
    if (line.startsWith('+')) {
      file.right.set(newLine++, { hunk, changed: true })
    } else if (line.startsWith('-')) {
      file.left.set(oldLine++, { hunk, changed: true })
    } else if (line.startsWith(' ') || line === '') {
      file.right.set(newLine++, { hunk, changed: false })
      file.left.set(oldLine++, { hunk, changed: false })
    }
  }
  return file
}

/** The index of every file that has a patch. */
export function buildDiffIndex(files: readonly ChangedFile[]): DiffIndex {
  const index: DiffIndex = new Map()
  for (const file of files) {
    if (file.patch !== undefined)
      index.set(file.path, parsePatch(file.path, file.patch))
  }
  return index
}

/**
 * Whether lines `start`..`end` on `side` are all in the diff and in one hunk,
 * which is what GitHub needs for a (multi-line) review comment.
 */
export function isInDiff(
  index: DiffIndex,
  path: string,
  side: DiffSide,
  start: number,
  end: number,
): boolean {
  const file = index.get(path)
  if (!file || start > end) return false
  const lines = side === 'RIGHT' ? file.right : file.left
  const first = lines.get(start)
  if (!first) return false
  for (let line = start; line <= end; line++) {
    if (lines.get(line)?.hunk !== first.hunk) return false
  }
  return true
}

/** Whether any line in `start`..`end` of the new file was added or changed. */
export function touchesChangedLine(
  index: DiffIndex,
  path: string,
  start: number,
  end: number,
): boolean {
  const file = index.get(path)
  if (!file) return false
  for (let line = start; line <= end; line++) {
    if (file.right.get(line)?.changed) return true
  }
  return false
}

/** Lines added plus lines removed. */
export function countChangedLines(files: readonly ChangedFile[]): number {
  return files.reduce((sum, file) => sum + file.additions + file.deletions, 0)
}
