import { execFileSync, type ChildProcess } from 'node:child_process'
import {
  answer,
  callTool,
  loadEvent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
} from '../helpers/e2e.js'

// The runner cancels a job with SIGINT, then SIGTERM, then SIGKILL. These
// tests send the real signals to the real `node dist/index.js` and check
// that the run still publishes, keeps the work and leaves nothing running.

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

/** Command lines of the processes still running that contain `text`. */
function processesWith(text: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text) && !line.startsWith('ps '))
}

/** Polls every 100 ms, at most `ms`, until `check` is true. */
async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return check()
}

/** Sends `signal` once `ready` holds; the test fails if it never does. */
function signalWhen(
  ready: () => boolean,
  signals: NodeJS.Signals[],
): (child: ChildProcess) => void {
  return (child) => {
    void (async () => {
      const isReady = await waitFor(ready, 30_000)
      expect(isReady).toBe(true)
      for (const signal of signals) child.kill(signal)
    })()
  }
}

function statusComment(): string {
  const bodies = [...e2e.github.comments.values()].map((c) => c.body)
  expect(bodies).toHaveLength(1)
  return bodies[0]
}

test.each(['none', 'bwrap'])(
  'SIGINT during a tool call (sandbox %s): tools killed, work pushed, reply and summary say cancelled',
  async (sandbox) => {
    e2e = await startE2E({ permissions: { alice: 'admin' } })
    const marker = `297.${sandbox === 'none' ? 101 : 202}`
    e2e.llm.enqueue(
      callTool('bash', { command: 'printf "half done\\n" > fix.txt' }),
      // A background child and a foreground one: the whole group must go.
      callTool('bash', { command: `(sleep ${marker}1 &); sleep ${marker}2` }),
    )
    const run = await e2e.run({
      eventName: 'issue_comment',
      payload: loadEvent('issue-comment-issue'),
      inputs: { commit: 'true', 'pull-request': 'true', sandbox },
      onSpawn: signalWhen(
        () => processesWith(`sleep ${marker}2`).length > 0,
        ['SIGINT'],
      ),
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.status).toBe('cancelled')
    expect(run.stdout).toContain('Received SIGINT')
    expect(run.summary).toContain('## harness9: 🛑 Cancelled')
    expect(run.summary).toContain('The run was cancelled (SIGINT)')
    const reply = statusComment()
    expect(reply).toContain('### 🛑 Cancelled')
    expect(reply).not.toContain('Working on it')
    // The work done before the cancel is on origin, as work in progress.
    expect(e2e.repo.originGit(['show', 'harness9/issue-12-4242:fix.txt'])).toBe(
      'half done\n',
    )
    expect(
      e2e.repo.originGit([
        'log',
        '-1',
        '--format=%B',
        'harness9/issue-12-4242',
      ]),
    ).toContain('Work in progress: the run was cancelled.')
    expect(run.outputs['pull-request-url']).toMatch(/\/pull\/\d+$/)
    expect(await waitFor(() => processesWith(marker).length === 0, 3000)).toBe(
      true,
    )
  },
  60_000,
)

test('SIGTERM while the model is thinking: outputs, summary and reply are still published', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  e2e.llm.enqueue({ ...answer('too late'), delayMs: 30_000 })
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    onSpawn: signalWhen(() => e2e.llm.requests.length > 0, ['SIGTERM']),
  })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('cancelled')
  expect(run.durationMs).toBeLessThan(20_000) // not the model's 30 s
  expect(run.summary).toContain('## harness9: 🛑 Cancelled')
  expect(statusComment()).toContain('### 🛑 Cancelled')
})

test('the runner sequence SIGINT then SIGTERM: the reply is still written', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  e2e.llm.enqueue(callTool('bash', { command: 'sleep 297.303' }))
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { commit: 'true' },
    onSpawn: signalWhen(
      () => processesWith('sleep 297.303').length > 0,
      ['SIGINT', 'SIGTERM'],
    ),
  })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('cancelled')
  expect(statusComment()).toContain('### 🛑 Cancelled')
  expect(await waitFor(() => processesWith('297.303').length === 0, 3000)).toBe(
    true,
  )
})

describe('the post step', () => {
  test('finishes the reply when the main step was killed before it published', async () => {
    e2e = await startE2E({ permissions: { alice: 'admin' } })
    e2e.llm.enqueue({ ...answer('never seen'), delayMs: 30_000 })
    const main = await e2e.run({
      eventName: 'issue_comment',
      payload: loadEvent('issue-comment-issue'),
      onSpawn: signalWhen(() => e2e.llm.requests.length > 0, ['SIGKILL']),
    })
    expect(main.exitCode).toBe(null) // killed: nothing published
    expect(statusComment()).toContain('Working on it')
    const post = await e2e.run({
      eventName: 'issue_comment',
      payload: loadEvent('issue-comment-issue'),
      script: 'post',
      savedState: main.state,
    })
    expect(post.exitCode).toBe(0)
    const reply = statusComment()
    expect(reply).toContain('### ❌ Stopped without a report')
    expect(reply).toContain('https://github.com/acme/widgets/actions/runs/4242')
    expect(post.summary).toContain('## ❌ Stopped without a report')
  }, 60_000)

  test('does nothing after a main step that published', async () => {
    e2e = await startE2E({ permissions: { alice: 'admin' } })
    e2e.llm.enqueue(answer('Done.'))
    const main = await e2e.run({
      eventName: 'issue_comment',
      payload: loadEvent('issue-comment-issue'),
    })
    expect(main.exitCode).toBe(0)
    const published = statusComment()
    const requests = e2e.github.requests.length
    const post = await e2e.run({
      eventName: 'issue_comment',
      payload: loadEvent('issue-comment-issue'),
      script: 'post',
      savedState: main.state,
    })
    expect(post.exitCode).toBe(0)
    expect(post.stdout).toContain('The main step published its outcome')
    expect(statusComment()).toBe(published)
    expect(e2e.github.requests).toHaveLength(requests)
    expect(post.summary).toBe('')
  })
})
