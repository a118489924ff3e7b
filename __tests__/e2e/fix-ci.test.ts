import {
  answer,
  callTool,
  loadEvent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
  firstUserMessageSent,
} from '../helpers/e2e.js'
import { pushPullRequestHead } from '../helpers/git-repo.js'
import type { GithubServerOptions } from '../helpers/github-server.js'

/**
 * Fix-CI end to end through the bundle: a failed `workflow_run` of a pull
 * request from this repository (the fix pushed onto the PR's branch) or from
 * a fork (the fix on a new branch with a PR), its failed job's log served by
 * the loopback GitHub server.
 */

const RUN_ID = 777
const FAILING_LOG = [
  '2026-01-05T10:00:00.0000000Z ##[group]Run npm test',
  '2026-01-05T10:00:01.0000000Z > widgets@1.0.0 test',
  ...Array.from(
    { length: 400 },
    (_, index) => `2026-01-05T10:00:02.0000000Z PASS src/ok-${index}.test.ts`,
  ),
  '2026-01-05T10:00:03.0000000Z FAIL src/parse.test.ts',
  '2026-01-05T10:00:03.0000000Z   Expected: 3, Received: 2',
  '2026-01-05T10:00:04.0000000Z ##[error]Process completed with exit code 1.',
].join('\n')

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

const firstUserMessage = () => firstUserMessageSent(e2e.llm)

function server(extra: GithubServerOptions = {}): GithubServerOptions {
  return {
    permissions: { alice: 'write' },
    jobs: {
      [RUN_ID]: [
        { id: 51, name: 'test', conclusion: 'failure', log: FAILING_LOG },
        { id: 52, name: 'lint', conclusion: 'success', log: 'lint fine' },
      ],
    },
    ...extra,
  }
}

/** Pushes branch `feature` with one commit and returns its sha. */
function pushFeature(): string {
  return pushPullRequestHead(e2e.repo, {
    branch: 'feature',
    file: 'parse.txt',
    content: 'two\n',
    message: 'feature',
    pull: 35,
    pushBranch: true,
  })
}

function workflowRun(
  headSha: string,
  conclusion = 'failure',
): Record<string, unknown> {
  const base = loadEvent('issue-comment-issue')
  return {
    action: 'completed',
    workflow_run: {
      id: RUN_ID,
      name: 'CI',
      conclusion,
      head_sha: headSha,
      head_branch: 'feature',
      head_repository: { full_name: 'acme/widgets' },
      html_url: `https://github.com/acme/widgets/actions/runs/${RUN_ID}`,
      triggering_actor: { login: 'alice', id: 1001, type: 'User' },
      pull_requests: [{ number: 35, base: { ref: 'main' } }],
    },
    repository: base.repository,
    sender: { login: 'alice', id: 1001, type: 'User' },
  }
}

test("a failed run gets the failed job's log and its fix fast-forwards the PR's branch", async () => {
  const options = server()
  e2e = await startE2E(options)
  const headSha = pushFeature()
  options.pulls = {
    35: {
      headRef: 'feature',
      headRepo: 'acme/widgets',
      headSha,
      title: 'Parse more',
      body: 'Adds parsing.',
    },
  }
  e2e.llm.enqueue(
    callTool('bash', { command: 'printf "three\\n" > parse.txt' }),
    answer('Fixed the off-by-one in parse.'),
  )
  const run = await e2e.run({
    eventName: 'workflow_run',
    payload: workflowRun(headSha),
    inputs: { commit: 'true' },
  })
  expect(run.outputs.status).toBe('completed')

  const user = firstUserMessage()
  expect(user).toMatch(
    new RegExp(
      `^The CI workflow 'CI' failed on commit ${headSha.slice(0, 7)} of pull request #35`,
    ),
  )
  expect(user).toContain('source="log of the failed job \'test\'"')
  expect(user).toContain('FAIL src/parse.test.ts\n  Expected: 3, Received: 2')
  expect(user).toContain('##[error]Process completed with exit code 1.')
  expect(user).not.toContain('lint fine')
  expect(user).not.toContain('2026-01-05T10:00:03') // timestamps cost room
  expect(Buffer.byteLength(user)).toBeLessThan(12_000) // the 400 PASS lines are cut

  // The fix is a fast-forward of the PR's branch.
  const head = e2e.repo.originGit(['rev-parse', 'feature']).trim()
  expect(head).toBe(run.outputs['commit-sha'])
  expect(e2e.repo.originGit(['rev-parse', `${head}~1`]).trim()).toBe(headSha)
  expect(e2e.repo.originGit(['show', 'feature:parse.txt'])).toBe('three\n')

  // The status comment on the PR keeps the fix-CI marker to the end.
  const reply = e2e.github.comments.get(1001)
  expect(reply?.issueNumber).toBe(35)
  expect(reply?.body).toContain('<!-- harness9:fix-ci -->')
  expect(reply?.body).toContain('### ✅ Done')
  const paths = e2e.github.requests.map((r) => `${r.method} ${r.path}`)
  expect(paths).toContain(
    `GET /repos/acme/widgets/actions/runs/${RUN_ID}/jobs?filter=latest&per_page=100`,
  )
  expect(paths).toContain('GET /repos/acme/widgets/actions/jobs/51/logs')
  expect(paths).not.toContain('GET /repos/acme/widgets/actions/jobs/52/logs')
})

/**
 * A fork's commit reaches this repository only as `refs/pull/36/head`; the
 * local branch is gone, so the action must fetch it from there.
 */
function pushForkPull(): string {
  const sha = pushPullRequestHead(e2e.repo, {
    branch: 'fork-work',
    file: 'parse.txt',
    content: 'two\n',
    message: 'fork work',
    pull: 36,
  })
  e2e.repo.git(['push', '-q', 'origin', 'main:release'])
  e2e.repo.git(['branch', '-q', '-D', 'fork-work'])
  return sha
}

function forkRun(headSha: string): Record<string, unknown> {
  const payload = workflowRun(headSha)
  const run = payload.workflow_run as Record<string, unknown>
  return {
    ...payload,
    workflow_run: {
      ...run,
      head_branch: 'fork-work',
      head_repository: { full_name: 'mallory/widgets' },
      pull_requests: [], // GitHub lists none for a fork
    },
  }
}

test("a fork PR's failed run is fixed on a new branch with a PR into its base", async () => {
  const options = server()
  e2e = await startE2E(options)
  const headSha = pushForkPull()
  options.pulls = {
    36: {
      headRef: 'fork-work',
      headRepo: 'mallory/widgets',
      headSha,
      baseRef: 'release',
      title: 'Parse more (fork)',
      body: 'Adds parsing from a fork.',
    },
  }
  e2e.llm.enqueue(
    callTool('bash', { command: 'printf "three\\n" > parse.txt' }),
    answer('Fixed the off-by-one in parse.'),
  )
  const run = await e2e.run({
    eventName: 'workflow_run',
    payload: forkRun(headSha),
    inputs: { commit: 'true' },
  })
  expect(run.outputs.status).toBe('completed')

  const user = firstUserMessage()
  expect(user).toMatch(
    new RegExp(
      `^The CI workflow 'CI' failed on commit ${headSha.slice(0, 7)} of pull request #36`,
    ),
  )
  expect(user).toContain('FAIL src/parse.test.ts\n  Expected: 3, Received: 2')

  // The PR was found through REST, its head fetched from refs/pull/36/head.
  const paths = e2e.github.requests.map((r) => `${r.method} ${r.path}`)
  expect(paths).toContainEqual(
    expect.stringMatching(
      /^GET \/repos\/acme\/widgets\/pulls\?head=mallory(:|%3A)fork-work&state=open/,
    ),
  )
  expect(paths).toContain(
    'GET /repos/acme/widgets/collaborators/alice/permission',
  )

  expect(e2e.repo.git(['rev-parse', 'refs/remotes/origin/pr/36']).trim()).toBe(
    headSha,
  )

  // The fix is a new branch on origin, built on the fork's head commit.
  const sha = run.outputs['commit-sha']
  const branches = e2e.repo
    .originGit(['branch', '--format=%(refname:short)', '--contains', sha])
    .trim()
    .split('\n')
  expect(branches).toHaveLength(1)
  const branch = branches[0]
  expect(branch).not.toBe('fork-work')
  expect(e2e.repo.originGit(['rev-parse', `${sha}~1`]).trim()).toBe(headSha)
  expect(e2e.repo.originGit(['show', `${branch}:parse.txt`])).toBe('three\n')
  expect(e2e.repo.originGit(['rev-parse', 'release']).trim()).toBe(
    e2e.repo.originGit(['rev-parse', 'main']).trim(),
  )

  // A PR into the fork PR's base, linking the original PR and the failed run.
  const opened = e2e.github.requests.filter(
    (r) => r.method === 'POST' && r.path === '/repos/acme/widgets/pulls',
  )
  expect(opened).toHaveLength(1)
  const body = opened[0].body as Record<string, string>
  expect(body.head).toBe(branch)
  expect(body.base).toBe('release')
  expect(body.body).toContain('#36')
  expect(body.body).toContain(
    `(https://github.com/acme/widgets/actions/runs/${RUN_ID})`,
  )
  expect(body.body).toContain('mallory/widgets')

  // The status comment on the fork's PR keeps the marker that counts tries.
  const reply = e2e.github.comments.get(1001)
  expect(reply?.issueNumber).toBe(36)
  expect(reply?.body).toContain('<!-- harness9:fix-ci -->')
  expect(reply?.body).toContain('https://github.com/acme/widgets/pull/101')
})

test('a failed run that belongs to no pull request is skipped', async () => {
  const options = server()
  e2e = await startE2E(options)
  const payload = forkRun('b'.repeat(40))
  const run = await e2e.run({
    eventName: 'workflow_run',
    payload,
    inputs: { commit: 'true' },
  })
  expect(run.outputs.status).toBe('skipped')
  expect(run.summary).toContain('belongs to no open pull request')
  expect(e2e.llm.requests).toEqual([])
  expect(e2e.github.requests.filter((r) => r.method !== 'GET')).toEqual([])
})

test('after fix-ci-attempts tries on a PR it stops, saying so', async () => {
  const marked = (id: number) => ({
    id,
    login: 'github-actions[bot]',
    body: '<!-- harness9:fix-ci -->\n<!-- harness9 -->\n### ❌ Failed',
  })
  e2e = await startE2E(
    server({ issueComments: { 35: [marked(1), marked(2)] } }),
  )
  const run = await e2e.run({
    eventName: 'workflow_run',
    payload: workflowRun('a'.repeat(40)),
    inputs: { commit: 'true' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('skipped')
  expect(run.summary).toContain(
    "Fix-CI already ran 2 times on #35 ('fix-ci-attempts' is 2)",
  )
  expect(e2e.llm.requests).toEqual([])
  expect(e2e.github.requests.filter((r) => r.method !== 'GET')).toEqual([])
})

test('a successful run is skipped quietly without a call', async () => {
  e2e = await startE2E(server())
  const run = await e2e.run({
    eventName: 'workflow_run',
    payload: workflowRun('a'.repeat(40), 'success'),
  })
  expect(run.outputs.status).toBe('skipped')
  expect(e2e.github.requests).toEqual([])
  expect(e2e.llm.requests).toEqual([])
})
