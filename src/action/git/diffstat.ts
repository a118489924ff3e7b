import { runGit } from './run-git.js'

/**
 * `git diff --shortstat` of a commit against its parent, e.g.
 * `2 files changed, 10 insertions(+), 1 deletion(-)`, for the reply and the
 * summary. '' when git has nothing to say.
 */
export async function readDiffstat(
  workdir: string,
  sha: string,
): Promise<string> {
  const output = await runGit(
    ['diff', '--shortstat', '--no-ext-diff', '--no-textconv', `${sha}~1`, sha],
    { cwd: workdir },
  )
  return output.trim()
}
