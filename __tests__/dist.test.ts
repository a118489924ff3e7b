import { execFileSync } from 'node:child_process'
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

// GitHub runs dist/ as committed, so a bundle that differs from a fresh build
// of src/ is a bug. This builds into a temp dir with the same script and
// compares every file.
const ROOT = join(import.meta.dirname, '..')

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort()
}

test('the committed dist/ is what `npm run build` makes from src/', () => {
  const out = mkdtempSync(join(tmpdir(), 'harness9-dist-'))
  try {
    execFileSync('npm', ['run', '-s', 'build'], {
      cwd: ROOT,
      env: { ...process.env, DIST_DIR: out },
      stdio: 'pipe',
    })
    const committed = join(ROOT, 'dist')
    expect(listFiles(committed)).toEqual(listFiles(out))
    const stale = listFiles(out).filter(
      (name) =>
        !readFileSync(join(out, name)).equals(
          readFileSync(join(committed, name)),
        ),
    )
    expect(stale.map((name) => relative(ROOT, join(committed, name)))).toEqual(
      [],
    )
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}, 180_000)
