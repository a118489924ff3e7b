import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestRepo, type TestRepo } from '../helpers/git-repo.js'
import {
  startGithubServer,
  type GithubServer,
} from '../helpers/github-server.js'
import { parseOutputFile, runAction } from '../helpers/run-action.js'
import { ROOT } from './model-server-process.js'
import {
  loadWorkflow,
  resolveExpressions,
  stepById,
  stepByName,
  type Job,
  type Step,
} from './workflow-files.js'

// A rehearsal of .github/workflows/dogfood.yml on this machine: its own
// steps' shell scripts start the scripted model, `node dist/index.js` runs
// with the inputs its `uses: ./` steps give, and its check steps' scripts
// judge the outputs. Only what needs GitHub itself (apt-get, sudo, `gh api`)
// is left to the real runner; its local equivalent is asserted here.

const dogfood = loadWorkflow('dogfood.yml')
const RUN_ATTEMPT = '1'

let temp: string
let repo: TestRepo
let github: GithubServer
const processGroups: number[] = []

beforeEach(async () => {
  temp = mkdtempSync(join(tmpdir(), 'harness9-dogfood-'))
  repo = createTestRepo()
  github = await startGithubServer({ defaultBranch: 'main' })
})
afterEach(async () => {
  for (const group of processGroups.splice(0)) {
    try {
      process.kill(-group, 'SIGTERM')
    } catch {
      // The group is gone already: the server stopped on its own.
    }
  }
  expect(github.misses).toEqual([])
  await github.close()
  repo.cleanup()
  rmSync(temp, { recursive: true, force: true })
})

interface StepRun {
  code: number | null
  output: string
  /** What the step wrote to GITHUB_OUTPUT. */
  outputs: Record<string, string>
}

/**
 * Runs a `run:` step as the runner does (`bash -e`), in its own process
 * group so that a server it leaves in the background can be stopped.
 */
async function runStep(
  step: Step,
  cwd: string,
  env: Record<string, string>,
): Promise<StepRun> {
  const outputFile = join(temp, `output-${Math.random()}`)
  writeFileSync(outputFile, '')
  const child = spawn('bash', ['-e', '-c', step.run ?? 'false'], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: temp,
      RUNNER_TEMP: temp,
      GITHUB_OUTPUT: outputFile,
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  processGroups.push(child.pid!)
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<number | null>((resolve) =>
    child.on('close', resolve),
  )
  return {
    code,
    output,
    outputs: parseStepOutputs(readFileSync(outputFile, 'utf8')),
  }
}

/** GITHUB_OUTPUT as a shell step writes it: `name=value` lines, or heredoc blocks. */
function parseStepOutputs(text: string): Record<string, string> {
  const outputs = parseOutputFile(text)
  for (const line of text.split('\n')) {
    const match = /^([\w-]+)=(.*)$/.exec(line)
    if (match) outputs[match[1]] = match[2]
  }
  return outputs
}

/** The values of `${{ steps.<id>.outputs.<name> }}` and the github context. */
function contextValues(
  stepOutputs: Record<string, Record<string, string>>,
): Record<string, string> {
  const values: Record<string, string> = {
    'github.run_attempt': RUN_ATTEMPT,
    'github.token': 'unused-here',
  }
  for (const [id, outputs] of Object.entries(stepOutputs)) {
    for (const [name, value] of Object.entries(outputs))
      values[`steps.${id}.outputs.${name}`] = value
  }
  return values
}

function resolveRecord(
  record: Record<string, unknown> | undefined,
  values: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record ?? {}).map(([name, value]) => [
      name,
      resolveExpressions(String(value), values),
    ]),
  )
}

/** What GitHub sends for a push, and for a same-repository pull request. */
const EVENTS: Record<string, unknown> = {
  push: {
    ref: 'refs/heads/main',
    repository: { name: 'widgets', owner: { login: 'acme' } },
  },
  pull_request: {
    action: 'synchronize',
    number: 7,
    pull_request: {
      number: 7,
      title: 'A change',
      body: 'Its description.',
      head: {
        ref: 'feature',
        sha: '0'.repeat(40),
        repo: { full_name: 'acme/widgets' },
      },
      base: { ref: 'main', repo: { full_name: 'acme/widgets' } },
    },
    repository: { name: 'widgets', owner: { login: 'acme' } },
  },
}

/** Starts the job's model step, then runs its `uses: ./` step with its inputs. */
async function rehearse(job: Job, eventName = 'push') {
  const model = await runStep(stepById(job, 'model'), ROOT, {})
  expect({ code: model.code, output: model.output }).toEqual({
    code: 0,
    output: '',
  })
  const agentStep = stepById(job, 'agent')
  expect(agentStep.uses).toBe('./')
  const outputs: Record<string, Record<string, string>> = {
    model: model.outputs,
  }
  const inputs = resolveRecord(agentStep.with, contextValues(outputs))
  const run = await runAction({
    eventName,
    payload: EVENTS[eventName],
    workspace: repo.workdir,
    apiUrl: github.url,
    inputs,
  })
  outputs.agent = run.outputs
  return { run, inputs, values: contextValues(outputs) }
}

async function runCheck(
  job: Job,
  name: string,
  values: Record<string, string>,
) {
  const step = stepByName(job, name)
  return runStep(step, repo.workdir, resolveRecord(step.env, values))
}

test('the auto job: the model step starts the script server and base-url points at it', async () => {
  const job = dogfood.jobs.auto
  const { run, inputs, values } = await rehearse(job)
  expect(inputs['base-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
  expect(inputs.sandbox).toBe('auto')
  expect(run.stderr).toBe('')
  expect(run.exitCode).toBe(0)
  expect(run.stdout).toContain('::group::Turn 1')
  expect(run.summary).toContain('## harness9: ✅ Completed')

  // The auto-log job's patterns hold for this log, as GitHub stores it.
  const logCheck = stepByName(
    dogfood.jobs['auto-log'],
    'Check the grouped log of the auto job',
  )
  const patterns = [
    ...(logCheck.run ?? '').matchAll(/^grep -F '(.+)' "\$log"$/gm),
  ].map((match) => match[1])
  expect(patterns).toHaveLength(4)
  const storedLog = run.stdout.replace(/^::(group|endgroup)::/gm, '##[$1]')
  for (const pattern of patterns) expect(storedLog).toContain(pattern)

  const outputsCheck = await runCheck(job, 'Check the outputs', values)
  expect(outputsCheck).toMatchObject({ code: 0 })
  const scriptCheck = await runCheck(
    job,
    "Check that the model's script was played to the end",
    values,
  )
  expect(scriptCheck.output).toContain('"pending":0,"misses":[]')
  expect(scriptCheck.code).toBe(0)
})

test('the auto job fails its checks when the run does not do what the script says', async () => {
  const job = dogfood.jobs.auto
  const { run, values } = await rehearse(job)
  expect(run.outputs.status).toBe('completed')
  // The same check step, judging a run whose file came out otherwise.
  writeFileSync(join(repo.workdir, 'dogfood-output', 'hello.txt'), 'other\n')
  const check = await runCheck(job, 'Check the outputs', values)
  expect(check.code).not.toBe(0)
  expect(check.output).toContain(
    "test other = 'hello, edited, from the dogfood run'",
  )
})

test.each([
  ['push', `dogfood/attempt-${RUN_ATTEMPT}-run-4242`],
  ['pull_request', `dogfood/attempt-${RUN_ATTEMPT}-issue-7-4242`],
])(
  'the bwrap-commit job on %s: bubblewrap runs the tools, and the commit lands on a throwaway branch',
  async (eventName, expectedBranch) => {
    const job = dogfood.jobs['bwrap-commit']
    const { run, inputs, values } = await rehearse(job, eventName)
    expect(inputs).toMatchObject({ sandbox: 'bwrap', commit: 'true' })
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.summary).toContain('bubblewrap sandbox')
    expect(run.outputs.status).toBe('completed')
    expect(JSON.parse(run.outputs['changed-files'])).toEqual([
      'dogfood-output/hello.txt',
    ])
    // What the job's `gh api` checks assert on GitHub, asserted on the bare origin.
    const branch = run.outputs.branch
    expect(branch).toBe(expectedBranch)
    expect(repo.originGit(['rev-parse', `refs/heads/${branch}`]).trim()).toBe(
      run.outputs['commit-sha'],
    )
    expect(
      repo.originGit([
        'show',
        `${run.outputs['commit-sha']}:dogfood-output/hello.txt`,
      ]),
    ).toBe('hello from the dogfood run\n')

    const scriptCheck = await runCheck(
      job,
      "Check that the model's script was played to the end",
      values,
    )
    expect(scriptCheck.output).toContain('"pending":0,"misses":[]')
    expect(scriptCheck.code).toBe(0)
  },
)
