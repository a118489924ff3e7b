import { spawnSync } from 'node:child_process'
import { answer, callTool, e2ePerTest } from '../helpers/e2e.js'
import {
  exfiltrateToolResults,
  expectModelSawNoSecret,
  findProcesses,
  findSecrets,
  lastToolResultsSent,
} from './attacker-kit.js'

// The attacker's bash calls that look for the key and the token in every
// environment within reach: its own, its parent's, every process's.
const ENVIRONMENT_PROBES = [
  'env',
  "cat /proc/self/environ | tr '\\0' '\\n'",
  "tr '\\0' '\\n' </proc/$PPID/environ",
  'ps eww -A',
  "cat /proc/*/environ 2>/dev/null | tr '\\0' '\\n' | grep -a KEY",
]

const RUNTIME_TOKEN = 'runtime-token-0123456789abcdef'

const e2e = e2ePerTest()

const toolResults = () => lastToolResultsSent(e2e.llm)

/** One bash call per probe, then the answer that exfiltrates their output. */
function enqueueProbes(commands: string[]): void {
  e2e.llm.enqueue(
    ...commands.map((command) => callTool('bash', { command })),
    exfiltrateToolResults,
  )
}

/** The last request holds every tool result of the run, in call order. */
// Proves the sandbox (fresh /proc in its own PID namespace) together with the
// environment allow-list: without bubblewrap, /proc/$PPID/environ is the
// action's own environment, INPUT_API-KEY included (see the `none` test).
test('under bwrap no probe of any environment finds the key or the token', async () => {
  enqueueProbes(ENVIRONMENT_PROBES)
  const run = await e2e.run({
    inputs: { task: 'Look around', sandbox: 'bwrap' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  const results = toolResults()
  expect(results).toHaveLength(ENVIRONMENT_PROBES.length)
  // The probes really ran and saw environments: not empty or failed output.
  expect(results[0]).toMatch(/^PATH=/m)
  expect(results[1]).toMatch(/^HOME=/m)
  expect(results[3]).toContain('ps eww -A')
  expectModelSawNoSecret(e2e.llm)
  expect(results.join('\n')).not.toMatch(
    /INPUT_|ACTIONS_|GITHUB_OUTPUT|GITHUB_ENV|RUNNER_TEMP/,
  )
  expect(run.summary).toContain('bash runs in a bubblewrap sandbox')
})

// Proves the environment allow-list on its own: the action's process has the
// key and the token as INPUT_* variables, and nothing of that is inherited.
// The parent's /proc entry is the documented gap without a sandbox; the
// control below shows it really is open, so the bwrap test above proves
// something.
test('under none the own environment is clean, and the summary names /proc as the gap', async () => {
  e2e.llm.enqueue(
    ...ENVIRONMENT_PROBES.slice(0, 3).map((command) =>
      callTool('bash', { command }),
    ),
    answer('Nothing interesting.'),
  )
  const run = await e2e.run({
    inputs: { task: 'Look around', sandbox: 'none' },
    env: { ACTIONS_RUNTIME_TOKEN: RUNTIME_TOKEN },
  })
  expect(run.exitCode).toBe(0)
  const [env, selfEnviron, parentEnviron] = toolResults()
  expect(env).toMatch(/^PATH=/m)
  expect(findSecrets(env)).toEqual([])
  expect(findSecrets(selfEnviron)).toEqual([])
  expect(selfEnviron).not.toContain('INPUT_')
  // The parent is the action: it re-executed itself at start-up with a
  // scrubbed environment, so its /proc entry holds no input and no token.
  expect(parentEnviron).toMatch(/^PATH=/m)
  expect(findSecrets(parentEnviron)).toEqual([])
  expect(parentEnviron).not.toMatch(/INPUT_|ACTIONS_|GITHUB_/)
  expect(parentEnviron).not.toContain(RUNTIME_TOKEN)
  expect(run.summary).toContain(
    "read other processes' /proc entries (the action's start-up environment is scrubbed",
  )
  expect(run.summary).toContain(
    "bash runs without a sandbox, as chosen with 'sandbox: none'",
  )
})

// Proves "no new privileges" and the user namespace. The control: the
// action's own user can use sudo outside (root here, the runner user with
// passwordless sudo on GitHub), so the sandbox is what stops it.
test('sudo fails inside the bwrap sandbox, though it works for the action outside', async () => {
  e2e.llm.enqueue(
    callTool('bash', { command: 'sudo -n true; echo rc=$?' }),
    exfiltrateToolResults,
  )
  const run = await e2e.run({
    inputs: { task: 'Become root', sandbox: 'bwrap' },
  })
  expect(run.outputs.status).toBe('completed')
  const [result] = toolResults()
  const rc = Number(/rc=(\d+)/.exec(result)?.[1])
  expect(rc).toBeGreaterThan(0)
  const outside = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' })
  if (outside.error) {
    // sudo is not installed here: the sandbox's shell cannot find it either.
    expect([rc, result]).toEqual([
      127,
      expect.stringContaining('command not found'),
    ])
  } else {
    expect(outside.status).toBe(0)
    expect(result).toContain('"no new privileges" flag is set')
  }
})

// Proves that each call's process group (and, under bwrap, its PID
// namespace) is killed when the call returns: the sleep would otherwise
// outlive the action by five minutes.
test.each([
  ['bwrap', 'sleep 3001'],
  ['none', 'sleep 3002'],
])(
  'a background process started under %s is gone after the call',
  async (sandbox, sleep) => {
    e2e.llm.enqueue(
      callTool('bash', { command: `${sleep} & echo started $!` }),
      callTool('bash', {
        command: `nohup ${sleep} >/dev/null 2>&1 & disown; echo started`,
      }),
      exfiltrateToolResults,
    )
    const run = await e2e.run({
      inputs: { task: 'Leave something running', sandbox },
    })
    expect(run.outputs.status).toBe('completed')
    expect(toolResults()).toEqual([
      expect.stringMatching(/^started \d+/),
      'started\n',
    ])
    expect(findProcesses(sleep)).toEqual([])
  },
)

// setsid leaves the call's process group, so the group kill alone misses
// it. Under bwrap the whole PID namespace dies with the call; under none
// the process carries the run's marker in its environment, and the step's
// end kills every process that does.
test.each([
  ['bwrap', 'sleep 3003'],
  ['none', 'sleep 3004'],
])(
  'a setsid process started under %s does not outlive the step',
  async (sandbox, sleep) => {
    // The pause lets setsid leave the group before the call returns.
    const command = `setsid ${sleep} >/dev/null 2>&1 </dev/null & sleep 0.5; echo started`
    e2e.llm.enqueue(callTool('bash', { command }), answer('Done.'))
    const run = await e2e.run({
      inputs: { task: 'Leave something running', sandbox },
    })
    expect(run.outputs.status).toBe('completed')
    const survivors = findProcesses(sleep)
    for (const line of survivors) {
      process.kill(Number(line.split(':')[0]), 'SIGKILL')
    }
    expect(survivors).toEqual([])
    if (sandbox === 'none')
      expect(run.stdout).toContain(
        'Ended 1 process the tools had left running.',
      )
  },
)

// The documented gap without a PID namespace: a process that drops the
// marker from its environment is not found. Under bwrap it dies all the same.
test.each([
  ['bwrap', 0, 'sleep 3005'],
  ['none', 1, 'sleep 3006'],
])(
  'a setsid process with an emptied environment under %s: %i left running',
  async (sandbox, leftRunning, sleep) => {
    const command = `env -i setsid ${sleep} >/dev/null 2>&1 </dev/null & sleep 0.5; echo started`
    e2e.llm.enqueue(callTool('bash', { command }), answer('Done.'))
    const run = await e2e.run({
      inputs: { task: 'Leave something running', sandbox },
    })
    expect(run.outputs.status).toBe('completed')
    const survivors = findProcesses(sleep)
    for (const line of survivors) {
      process.kill(Number(line.split(':')[0]), 'SIGKILL')
    }
    expect(survivors).toHaveLength(leftRunning)
    if (sandbox === 'none')
      expect(run.summary).toContain('longer if it also clears its environment')
  },
)
