import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { answer, callTool, e2ePerTest } from '../helpers/e2e.js'

// A workflow put a workspace folder on PATH (`echo "$PWD/node_modules/.bin"
// >> $GITHUB_PATH` is common). The model, even inside bubblewrap, can write
// there: a `git` it plants would be run by the action itself, outside the
// sandbox, when it commits and pushes with the token.

const e2e = e2ePerTest({ defaultBranch: 'main' })
let markerDir: string
beforeEach(async () => {
  markerDir = mkdtempSync(join(tmpdir(), 'h9-planted-'))
})
afterEach(async () => {
  rmSync(markerDir, { recursive: true, force: true })
})

test.each(['bwrap', 'none'])(
  'under %s the action never runs a git the model planted on PATH',
  async (sandbox) => {
    const marker = join(markerDir, 'ran')
    // The planted git records that it ran and what it was given, then hands
    // over to the real one so the run goes on as if nothing happened.
    const planted = [
      '#!/bin/sh',
      `echo "git $*" >> ${marker}`,
      `env >> ${marker}.env`,
      'exec /usr/bin/git "$@"',
    ].join('\n')
    // npm ci in an earlier step made the folder; the model only adds to it.
    e2e.repo.write('node_modules/.bin/tsc', '#!/bin/sh\n')
    e2e.llm.enqueue(
      callTool('bash', {
        command:
          `mkdir -p node_modules/.bin && cat > node_modules/.bin/git <<'EOF'\n${planted}\nEOF\n` +
          'chmod +x node_modules/.bin/git && echo planted > src.txt && echo ok',
      }),
      answer('Done.'),
    )
    const run = await e2e.run({
      inputs: { task: 'Fix it', commit: 'true', sandbox },
      env: {
        PATH: `${e2e.repo.workdir}/node_modules/.bin:${process.env.PATH}`,
      },
    })
    expect(run.outputs.status).toBe('completed')
    // The planted file is there, first on PATH: only the action's choice
    // of binaries keeps it from running.
    expect(
      readFileSync(join(e2e.repo.workdir, 'node_modules/.bin/git'), 'utf8'),
    ).toContain(marker)
    expect(existsSync(marker)).toBe(false)
    expect(existsSync(`${marker}.env`)).toBe(false)
    expect(run.stdout).toContain(
      `left out of PATH for them: ${e2e.repo.workdir}/node_modules/.bin (inside ${e2e.repo.workdir}, which the model can write)`,
    )
    // The commit still went out, made by the real git.
    expect(e2e.repo.originGit(['show', 'harness9/run-4242:src.txt'])).toBe(
      'planted\n',
    )
  },
)
