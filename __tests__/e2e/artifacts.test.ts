import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { answer, callTool, e2ePerTest } from '../helpers/e2e.js'
import {
  startResultsServer,
  type ResultsServer,
} from '../helpers/results-server.js'

// When no push is possible, the commit survives the runner as a patch: in
// the job summary and, with the transcript, in a workflow artifact uploaded
// through our artifact client to a loopback results service that speaks
// the protocol as @actions/artifact does.

const e2e = e2ePerTest()
let results: ResultsServer
let scratch: string
beforeEach(async () => {
  results = await startResultsServer()
  scratch = mkdtempSync(join(tmpdir(), 'harness9-artifact-'))
  // An origin that refuses everything: no branch can be pushed anywhere.
  e2e.repo.git(['remote', 'set-url', 'origin', join(scratch, 'gone.git')])
  e2e.llm.enqueue(
    callTool('bash', { command: 'printf "fixed\\n" > fix.txt' }),
    answer('Fixed.'),
  )
})
afterEach(async () => {
  await results.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** The files in a zip, and one file's text, read back with unzip. */
function unzip(zip: Buffer, file?: string): string {
  const path = join(scratch, 'artifact.zip')
  writeFileSync(path, zip)
  return execFileSync('unzip', file ? ['-p', path, file] : ['-Z1', path], {
    encoding: 'utf8',
  })
}

test('an unpushable commit: failed step, the patch in the summary, patch and transcript in the artifact', async () => {
  const run = await e2e.run({
    inputs: { task: 'Fix it', commit: 'true' },
    env: { ...results.env(), GITHUB_JOB: 'agent' },
  })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('failed')
  expect(run.outputs['commit-sha']).toMatch(/^[0-9a-f]{40}$/)
  expect(run.stdout).toContain('could not be pushed')
  expect(run.summary).toContain('The commit as a patch')
  expect(run.summary).toContain('+fixed')

  expect(results.calls.map((call) => call.method)).toEqual([
    'CreateArtifact',
    'FinalizeArtifact',
  ])
  const [[name, zip]] = [...results.artifacts]
  expect(name).toMatch(/^harness9-agent-1-[0-9a-z]+$/)
  const files = unzip(zip).split('\n').filter(Boolean)
  expect(files).toEqual([
    expect.stringMatching(/^harness9-transcript-4242-\d+\.jsonl$/),
    'harness9-unpushed.patch',
  ])
  const patch = unzip(zip, 'harness9-unpushed.patch')
  expect(patch).toContain('+fixed')
  expect(patch).toContain(`From ${run.outputs['commit-sha']}`)
  // The patch applies: the work can be recovered from the artifact alone.
  e2e.repo.git(['checkout', '--quiet', '-f', 'main'])
  e2e.repo.git(['clean', '-fdq'])
  writeFileSync(join(scratch, 'p.patch'), patch)
  e2e.repo.git(['apply', join(scratch, 'p.patch')])
  expect(e2e.repo.git(['status', '--porcelain'])).toBe('?? fix.txt\n')
  expect(unzip(zip, files[0])).toContain('"role":"assistant"')
})

test('upload-artifacts: false uploads nothing', async () => {
  const run = await e2e.run({
    inputs: { task: 'Fix it', commit: 'true', 'upload-artifacts': 'false' },
    env: results.env(),
  })
  expect(run.outputs.status).toBe('failed')
  expect(run.summary).toContain('The commit as a patch')
  expect(results.calls).toEqual([])
})
