// Protected paths: changes the action leaves out of its commit, whoever made
// them. `.github/` as a whole (workflows, the composite actions they run,
// dependabot, CODEOWNERS) and the other places of CODEOWNERS are protected
// unless `allow-workflow-changes` is true: a change there runs code with the
// repository's secrets or changes who must review. The input
// `protected-paths` adds more.
//
// Patterns, kept small on purpose. Matched against paths relative to the top
// of the repository, case-sensitive, always anchored at the top:
// - `docs/config.yml` protects that file; `docs` or `docs/` protects the
//   directory and everything below it (a trailing `/` is allowed, not needed);
// - `*` matches within one path segment: `secrets/*.pem`;
// - `**` matches any number of whole segments, none included: `**/*.pem`
//   (any depth), `deploy/**`;
// - a leading `/` is ignored. No `?`, `[...]` or `!`.
// A change that puts a file or symbolic link where a parent directory of a
// protected pattern is (`.github` itself) is protected too.

export const DEFAULT_PROTECTED_PATTERNS: readonly string[] = [
  '.github/',
  'CODEOWNERS',
  'docs/CODEOWNERS',
]

export interface ProtectedSplit {
  /** Paths the action may commit. */
  allowed: string[]
  /** Paths left out, to be named in the summary and the reply. */
  leftOut: string[]
}

/** Splits changed paths into the ones to commit and the protected ones. */
export function splitProtected(
  files: readonly string[],
  patterns: readonly string[],
  allowWorkflowChanges: boolean,
): ProtectedSplit {
  const all = allowWorkflowChanges
    ? patterns
    : [...DEFAULT_PROTECTED_PATTERNS, ...patterns]
  const matchers = all.map(compilePattern)
  const split: ProtectedSplit = { allowed: [], leftOut: [] }
  for (const file of files) {
    const isLeftOut = matchers.some((matches) => matches(file))
    ;(isLeftOut ? split.leftOut : split.allowed).push(file)
  }
  return split
}

/**
 * Reads the `protected-paths` input: one pattern a line or comma-separated;
 * a line starting with `#` is a comment.
 */
export function parseProtectedPaths(input: string): string[] {
  return input
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

function compilePattern(pattern: string): (path: string) => boolean {
  const normalized = pattern.replace(/^\/+/, '').replace(/\/+$/, '')
  if (normalized === '') return () => false
  const regex = new RegExp(`^${globToRegex(normalized)}$`)
  const literalParents = readLiteralParents(normalized)
  return (path) =>
    listSelfAndAncestors(path).some((candidate) => regex.test(candidate)) ||
    literalParents.includes(path)
}

function globToRegex(glob: string): string {
  let regex = ''
  let index = 0
  while (index < glob.length) {
    const atSegmentStart = index === 0 || glob[index - 1] === '/'
    const rest = glob.slice(index)
    if (atSegmentStart && rest.startsWith('**/')) {
      regex += '(?:.*/)?'
      index += 3
    } else if (atSegmentStart && rest === '**') {
      regex += '.*'
      index += 2
    } else if (rest.startsWith('*')) {
      regex += '[^/]*'
      index += rest.startsWith('**') ? 2 : 1
    } else {
      regex += glob[index].replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      index += 1
    }
  }
  return regex
}

/** `a/b/c` -> `a/b/c`, `a/b`, `a`. */
function listSelfAndAncestors(path: string): string[] {
  const segments = path.split('/')
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'))
}

/** `.github/workflows` -> `.github`: parents named literally in the pattern. */
function readLiteralParents(pattern: string): string[] {
  const segments = pattern.split('/')
  const parents: string[] = []
  for (let index = 1; index < segments.length; index++) {
    if (segments[index - 1].includes('*')) break
    parents.push(segments.slice(0, index).join('/'))
  }
  return parents
}
