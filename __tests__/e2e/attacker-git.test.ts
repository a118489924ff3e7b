import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { answer, callTool, e2ePerTest } from '../helpers/e2e.js'
import { markerExists, runPlainGit, tryPlainGit } from '../helpers/git-repo.js'
import { TEST_GITHUB_TOKEN } from '../helpers/run-action.js'
import {
  exfiltrateToolResults,
  expectModelSawNoSecret,
  findSecrets,
  lastToolResultsSent,
} from './attacker-kit.js'

const e2e = e2ePerTest({ defaultBranch: 'main' })

const lastToolResults = () => lastToolResultsSent(e2e.llm)

const BASIC_CREDENTIAL = Buffer.from(
  `x-access-token:${TEST_GITHUB_TOKEN}`,
).toString('base64')
const EXTRAHEADER = `AUTHORIZATION: basic ${BASIC_CREDENTIAL}`

// Proves the removal of the checkout's credentials: the sandbox is off, so
// .git/config is as readable to the model as to anyone, and only the removal
// keeps the token out of it.
test('the token actions/checkout leaves in .git/config never reaches the model', async () => {
  // As actions/checkout up to v5 leaves it.
  e2e.repo.git(['config', 'http.https://github.com/.extraheader', EXTRAHEADER])
  expect(e2e.repo.git(['config', '--get-regexp', 'extraheader'])).toContain(
    BASIC_CREDENTIAL,
  )
  e2e.llm.enqueue(
    callTool('bash', {
      command: 'git config --get-regexp extraheader; cat .git/config',
    }),
    callTool('bash', { command: 'git config --show-origin --list' }),
    exfiltrateToolResults,
  )
  const run = await e2e.run({
    inputs: { task: 'Look at the git config', sandbox: 'none' },
  })
  expect(run.exitCode).toBe(0)
  const [config, list] = lastToolResults()
  expect(config).toContain('[remote "origin"]') // the probe did read the file
  expect(list).toContain('remote.origin.url=')
  expectModelSawNoSecret(e2e.llm)
  expect(findSecrets(run.summary)).toEqual([])
  expect(run.stdout).toContain(
    'Removed from the checkout before the model runs: http.https://github.com/.extraheader in .git/config',
  )
})

// actions/checkout v6 keeps the header in a file of its own that .git/config
// includes; the file is deleted and the include removed.
test('the token in a credentials file that .git/config includes never reaches the model', async () => {
  const credentials = join(e2e.repo.root, 'git-credentials-0a1b2c3d.config')
  writeFileSync(
    credentials,
    `[http "https://github.com/"]\n\textraheader = ${EXTRAHEADER}\n`,
  )
  e2e.repo.git([
    'config',
    `includeIf.gitdir:${e2e.repo.workdir}/.git.path`,
    credentials,
  ])
  expect(e2e.repo.git(['config', '--get-regexp', 'extraheader'])).toContain(
    BASIC_CREDENTIAL,
  )
  e2e.llm.enqueue(
    callTool('bash', {
      command: `git config --get-regexp extraheader; cat .git/config; cat ${credentials}`,
    }),
    exfiltrateToolResults,
  )
  const run = await e2e.run({
    inputs: { task: 'Look at the git config', sandbox: 'none' },
  })
  expect(run.exitCode).toBe(0)
  expect(lastToolResults()[0]).toContain('No such file or directory')
  expectModelSawNoSecret(e2e.llm)
})

// Proves the hardening of the action's own git (hooks path to an empty
// directory, fsmonitor off, the config restored): the planted hook is real, a
// plain `git commit` afterwards runs it, yet the action's commit and push did not.
test('hooks, fsmonitor, hooksPath and a push URL planted by the model do not run or redirect the commit', async () => {
  const marker = (name: string) => join(e2e.repo.root, `marker-${name}`)
  const evil = join(e2e.repo.root, 'evil.git')
  runPlainGit(['init', '--quiet', '--bare', evil], e2e.repo.root)
  const script = (name: string) =>
    `#!/bin/sh\\necho ran >> ${marker(name)}\\ncat >/dev/null\\n`
  const plant = [
    `printf '${script('pre-commit')}' > .git/hooks/pre-commit`,
    `printf '${script('pre-push')}' > .git/hooks/pre-push`,
    `printf '${script('fsmonitor')}' > .git/fsmonitor.sh`,
    `mkdir -p .git/evil-hooks && printf '${script('hooks-path')}' > .git/evil-hooks/pre-commit`,
    `printf '${script('clean-filter')}' > .git/clean.sh`,
    'chmod +x .git/hooks/pre-commit .git/hooks/pre-push .git/fsmonitor.sh .git/evil-hooks/pre-commit .git/clean.sh',
    'git config core.fsmonitor "$PWD/.git/fsmonitor.sh"',
    'git config core.hooksPath "$PWD/.git/evil-hooks"',
    'git config filter.evil.clean "$PWD/.git/clean.sh"',
    `git remote set-url --push origin ${evil}`,
    "printf '* filter=evil\\n' > .gitattributes",
    'echo planted',
  ].join(' && ')
  e2e.llm.enqueue(
    callTool('bash', { command: plant }),
    callTool('write_file', { path: 'src/fix.txt', content: 'fixed\n' }),
    answer('Fixed.'),
  )
  const run = await e2e.run({
    inputs: { task: 'Fix it', commit: 'true', sandbox: 'bwrap' },
  })
  expect(lastToolResults()[0]).toBe('planted\n')
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  expect(run.outputs['commit-sha']).toMatch(/^[0-9a-f]{40}$/)
  expect(e2e.repo.originGit(['show', 'harness9/run-4242:src/fix.txt'])).toBe(
    'fixed\n',
  )
  expect(runPlainGit(['for-each-ref'], evil)).toBe('') // the push went to origin only
  for (const name of [
    'pre-commit',
    'pre-push',
    'fsmonitor',
    'hooks-path',
    'clean-filter',
  ]) {
    expect([name, markerExists(marker(name))]).toEqual([name, false])
  }
  // The model's config is gone again; its hook file is still there, and real.
  expect(
    tryPlainGit(['config', '--get', 'core.fsmonitor'], e2e.repo.workdir),
  ).toBeUndefined()
  e2e.repo.git(['commit', '--quiet', '--allow-empty', '-m', 'control'])
  expect(markerExists(marker('pre-commit'))).toBe(true)
})
