import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const DIST = join(import.meta.dirname, '..', '..', 'dist')
const SCRIPTS = {
  main: join(DIST, 'index.js'),
  post: join(DIST, 'post', 'index.js'),
}

export const TEST_API_KEY = 'sk-test-harness9-0123456789abcdef'
export const TEST_GITHUB_TOKEN = 'ghs_test0123456789TOKENabcdefghijklmnop'

export interface ActionRun {
  exitCode: number | null
  stdout: string
  stderr: string
  /** GITHUB_OUTPUT, parsed. */
  outputs: Record<string, string>
  /** GITHUB_STEP_SUMMARY's content ('' when nothing was written). */
  summary: string
  /** GITHUB_STATE, parsed: what `core.saveState` left for the post step. */
  state: Record<string, string>
  durationMs: number
}

export interface RunActionOptions {
  /** Action inputs by their action.yml names (`api-key`, `max-turns`, …). */
  inputs: Record<string, string>
  eventName: string
  payload: unknown
  workspace: string
  apiUrl: string
  /** Extra environment for the action process. */
  env?: Record<string, string>
  /** The main step (default) or the `post:` step. */
  script?: 'main' | 'post'
  /** The post step's view of what the main step saved (STATE_* variables). */
  savedState?: Record<string, string>
  /** Told when the process starts: a test sends it signals. */
  onSpawn?: (child: ChildProcess, runnerTemp: string) => void
  /** The entry to run; default: this checkout's dist/index.js. */
  action?: string
}

/**
 * Starts `node dist/index.js` the way the runner does: inputs as INPUT_*
 * variables, the event payload in a file, the summary and outputs as files.
 * The process's environment holds nothing else of the test's.
 */
export async function runAction(options: RunActionOptions): Promise<ActionRun> {
  const temp = mkdtempSync(join(tmpdir(), 'harness9-runner-'))
  const files = {
    event: join(temp, 'event.json'),
    summary: join(temp, 'summary.md'),
    output: join(temp, 'output.txt'),
    state: join(temp, 'state.txt'),
  }
  writeFileSync(files.event, JSON.stringify(options.payload))
  writeFileSync(files.summary, '')
  writeFileSync(files.output, '')
  writeFileSync(files.state, '')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: temp,
    LANG: 'C.UTF-8',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/widgets',
    GITHUB_RUN_ID: '4242',
    RUNNER_TEMP: temp,
    ...inputVariables({ 'github-token': TEST_GITHUB_TOKEN, ...options.inputs }),
    ...stateVariables(options.savedState ?? {}),
    ...options.env,
  }
  const started = Date.now()
  const child = spawn(
    process.execPath,
    [options.action ?? SCRIPTS[options.script ?? 'main']],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  options.onSpawn?.(child, temp)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exitCode = await new Promise<number | null>((resolve) =>
    child.on('close', resolve),
  )
  return {
    exitCode,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(files.output, 'utf8')),
    summary: existsSync(files.summary)
      ? readFileSync(files.summary, 'utf8')
      : '',
    state: parseOutputFile(readFileSync(files.state, 'utf8')),
    durationMs: Date.now() - started,
  }
}

/** As @actions/core reads them: INPUT_ + the name upper-cased, spaces as `_`. */
function inputVariables(
  inputs: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      value,
    ]),
  )
}

/** As the runner hands saved state to the post step: STATE_<name>. */
function stateVariables(state: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(state).map(([name, value]) => [`STATE_${name}`, value]),
  )
}

/** GITHUB_OUTPUT's `name<<DELIMITER` … `DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[index])
    if (!match) continue
    const [, name, delimiter] = match
    const value: string[] = []
    for (index++; index < lines.length && lines[index] !== delimiter; index++)
      value.push(lines[index])
    outputs[name] = value.join('\n')
  }
  return outputs
}

/** The workflow commands the runner would act on: lines of stdout outside stop-commands pauses. */
export function activeWorkflowCommands(stdout: string): string[] {
  const active: string[] = []
  let resumeToken: string | undefined
  for (const line of stdout.split('\n')) {
    if (resumeToken !== undefined) {
      if (line === `::${resumeToken}::`) resumeToken = undefined
      continue
    }
    const stop = /^::stop-commands::(.+)$/.exec(line)
    if (stop) resumeToken = stop[1]
    else if (line.trimStart().startsWith('::')) active.push(line.trimStart())
  }
  return active
}
