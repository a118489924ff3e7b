import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './model-server-process.js'
import {
  loadWorkflow,
  parseWorkflow,
  readWorkflowFiles,
  triggersOf,
  type Step,
  type Workflow,
} from './workflow-files.js'

// What the workflows promise, read from their parsed YAML: the dogfood run
// needs no secret and talks to the scripted model, pull requests from forks
// can never run the head's code with a writing token, CI checks what the
// README says it checks, and a release moves only its major tag.

const workflows = new Map(
  [...readWorkflowFiles()].map(([name, text]) => [name, parseWorkflow(text)]),
)
const actionYml = readFileSync(join(ROOT, 'action.yml'), 'utf8')

/** The top-level keys of a section of action.yml (`inputs`, `outputs`). */
function actionKeys(section: string): string[] {
  const body = actionYml.split(new RegExp(`^${section}:\\n`, 'm'))[1]
  return [...body.split(/^\S/m)[0].matchAll(/^ {2}([a-z-]+):$/gm)].map(
    (match) => match[1],
  )
}

function allSteps(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs).flatMap((job) => job.steps)
}

const PR_HEAD =
  /github\.event\.pull_request\.head\.(sha|ref)|github\.head_ref|refs\/pull\/|gh pr checkout|pull\/\$\{\{/

/**
 * Steps that bring the pull request's head into a workflow started by
 * pull_request_target or workflow_run: there the token can write and the
 * secrets are available, so running the head's code hands both to anyone
 * who opens a pull request.
 */
function headCheckoutsWithPrivileges(workflow: Workflow): Step[] {
  const privileged = triggersOf(workflow).some(
    (event) => event === 'pull_request_target' || event === 'workflow_run',
  )
  if (!privileged) return []
  return allSteps(workflow).filter((step) => {
    const ref =
      String(step.with?.ref ?? '') + String(step.with?.repository ?? '')
    if (step.uses?.startsWith('actions/checkout@')) return PR_HEAD.test(ref)
    return PR_HEAD.test(step.run ?? '')
  })
}

describe('pull requests from forks', () => {
  test('no workflow checks out the PR head under pull_request_target or workflow_run', () => {
    for (const [name, workflow] of workflows)
      expect([name, headCheckoutsWithPrivileges(workflow)]).toEqual([name, []])
  })

  test('the check catches a checkout of the head, by ref or by a git command', () => {
    const byRef = parseWorkflow(`
on: pull_request_target
jobs:
  build:
    steps:
      - uses: actions/checkout@v5
        with:
          ref: \${{ github.event.pull_request.head.sha }}
`)
    const byCommand = parseWorkflow(`
on:
  pull_request_target:
    types: [opened]
jobs:
  build:
    steps:
      - uses: actions/checkout@v5
      - run: gh pr checkout \${{ github.event.number }}
`)
    const harmless = parseWorkflow(`
on: pull_request
jobs:
  build:
    steps:
      - uses: actions/checkout@v5
        with:
          ref: \${{ github.event.pull_request.head.sha }}
`)
    expect(headCheckoutsWithPrivileges(byRef)).toHaveLength(1)
    expect(headCheckoutsWithPrivileges(byCommand)).toHaveLength(1)
    expect(headCheckoutsWithPrivileges(harmless)).toEqual([])
  })

  test('every workflow sets its token permissions, and only these jobs may write', () => {
    const writers: string[] = []
    for (const [name, workflow] of workflows) {
      expect([name, workflow.permissions !== undefined]).toEqual([name, true])
      const scopes = [
        ['(top level)', workflow.permissions],
        ...Object.entries(workflow.jobs).map(([id, job]) => [
          id,
          job.permissions,
        ]),
      ] as Array<[string, unknown]>
      for (const [where, permissions] of scopes) {
        if (typeof permissions !== 'object' || permissions === null) continue
        for (const [scope, level] of Object.entries(permissions))
          if (level === 'write') writers.push(`${name} ${where} ${scope}`)
      }
    }
    expect(writers.sort()).toEqual([
      'agent.yml (top level) contents',
      'agent.yml (top level) issues',
      'agent.yml (top level) pull-requests',
      'dogfood.yml bwrap-commit contents',
      'release.yml (top level) contents',
    ])
  })

  test('every job has a timeout', () => {
    for (const [name, workflow] of workflows)
      for (const [id, job] of Object.entries(workflow.jobs))
        expect([name, id, typeof job['timeout-minutes']]).toEqual([
          name,
          id,
          'number',
        ])
  })
})

describe('dogfood.yml', () => {
  const dogfood = loadWorkflow('dogfood.yml')
  const text = readFileSync(join(ROOT, '.github/workflows/dogfood.yml'), 'utf8')
  const jobsUsingAction = Object.entries(dogfood.jobs).filter(([, job]) =>
    job.steps.some((step) => step.uses === './'),
  )

  test('runs on every push and pull request, and never on pull_request_target', () => {
    expect(triggersOf(dogfood)).toEqual(
      expect.arrayContaining(['push', 'pull_request']),
    )
    expect(triggersOf(dogfood)).not.toContain('pull_request_target')
  })

  test('needs no secret: the key is a plain word and no secret is read', () => {
    expect(text).not.toMatch(/secrets\./)
    for (const [, job] of jobsUsingAction) {
      const action = job.steps.find((step) => step.uses === './')!
      expect(action.with?.['api-key']).toMatch(/^[a-z-]+$/)
    }
  })

  test('each run of the action talks to the scripted model an earlier step started', () => {
    expect(jobsUsingAction.map(([id]) => id)).toEqual(['auto', 'bwrap-commit'])
    for (const [id, job] of jobsUsingAction) {
      const actionIndex = job.steps.findIndex((step) => step.uses === './')
      const baseUrl = String(job.steps[actionIndex].with?.['base-url'])
      const source = /^\$\{\{ steps\.([\w-]+)\.outputs\.base-url \}\}$/.exec(
        baseUrl,
      )
      expect([id, source !== null]).toEqual([id, true])
      const serverIndex = job.steps.findIndex((step) => step.id === source![1])
      expect([id, serverIndex >= 0 && serverIndex < actionIndex]).toEqual([
        id,
        true,
      ])
      const run = job.steps[serverIndex].run ?? ''
      expect(run).toMatch(/node scripts\/scripted-model-server\.mjs/)
      expect(run).toMatch(/base-url=.*>> "\$GITHUB_OUTPUT"/)
      const script = /--script (\S+)/.exec(run)?.[1] ?? ''
      expect([id, existsSync(join(ROOT, script))]).toEqual([id, true])
    }
  })

  test('one run with sandbox auto, one with sandbox bwrap and commit on a dogfood/ branch', () => {
    const withOf = (id: string) =>
      dogfood.jobs[id].steps.find((step) => step.uses === './')!.with!
    expect(withOf('auto')).toMatchObject({ sandbox: 'auto' })
    expect(withOf('auto').commit).toBeUndefined()
    expect(withOf('bwrap-commit')).toMatchObject({
      sandbox: 'bwrap',
      commit: true,
    })
    expect(String(withOf('bwrap-commit')['branch-prefix'])).toMatch(
      /^dogfood\//,
    )
  })

  test('the committing job skips pull requests from forks and deletes its branch whatever happens', () => {
    const job = dogfood.jobs['bwrap-commit']
    expect(job.if?.replace(/\s+/g, ' ')).toBe(
      "github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository",
    )
    const cleanup = job.steps.find((step) =>
      /git\/refs\/heads\/\$BRANCH/.test(step.run ?? ''),
    )
    expect(cleanup?.run).toMatch(/^gh api -X DELETE /)
    expect(cleanup?.if).toMatch(/^always\(\)/)
    // The fork-safe job never asks for a writing token.
    expect(dogfood.permissions).toEqual({ contents: 'read' })
    expect(dogfood.jobs.auto.permissions).toBeUndefined()
  })

  test('uses only inputs and outputs that action.yml declares', () => {
    const inputs = actionKeys('inputs')
    const outputs = actionKeys('outputs')
    for (const [, job] of jobsUsingAction) {
      const action = job.steps.find((step) => step.uses === './')!
      for (const name of Object.keys(action.with ?? {}))
        expect([name, inputs.includes(name)]).toEqual([name, true])
    }
    for (const match of text.matchAll(/steps\.agent\.outputs\.([\w-]+)/g))
      expect([match[1], outputs.includes(match[1])]).toEqual([match[1], true])
  })
})

describe('ci.yml', () => {
  const ci = loadWorkflow('ci.yml')
  const runs = (id: string) =>
    ci.jobs[id].steps.map((step) => step.run ?? step.uses ?? '').join('\n')

  test('runs on push and pull request, on ubuntu-latest with Node 24', () => {
    expect(triggersOf(ci)).toEqual(['push', 'pull_request'])
    for (const job of Object.values(ci.jobs)) {
      expect(job['runs-on']).toBe('ubuntu-latest')
      const setup = job.steps.find((step) =>
        step.uses?.startsWith('actions/setup-node@'),
      )
      expect(setup?.with?.['node-version']).toBe(24)
    }
  })

  test("runs the README's test command, the linters and the actionlint test", () => {
    expect(runs('test')).toMatch(/^npm ci\nnpm test$/m)
    expect(runs('test')).toContain('apt-get install -y -qq bubblewrap')
    expect(runs('lint')).toMatch(/^npm run lint$/m)
    expect(runs('actionlint')).toMatch(
      /^npm test -- __tests__\/ship\/actionlint\.test\.ts$/m,
    )
  })

  test('fails on a stale dist/ and uploads the difference', () => {
    const job = ci.jobs['check-dist']
    expect(runs('check-dist')).toMatch(/^npm run build$/m)
    const compare = job.steps.find((step) => step.id === 'diff')
    expect(compare?.run).toContain('git diff --quiet -- dist/')
    expect(compare?.run).toContain('exit 1')
    const upload = job.steps.find((step) =>
      step.uses?.startsWith('actions/upload-artifact@'),
    )
    expect(upload?.if).toBe("failure() && steps.diff.outcome == 'failure'")
  })
})

describe('agent.yml', () => {
  const agent = loadWorkflow('agent.yml')
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const readmeAgent = parseWorkflow(
    // The README's example whose trigger is a comment.
    /```yaml\n((?:(?!```)[\s\S])*?issue_comment:[\s\S]*?)```/.exec(
      readme,
    )?.[1] ?? 'README.md has no /agent workflow example',
  )

  test("is the README's /agent workflow: same triggers, permissions and condition", () => {
    expect(agent.on).toEqual(readmeAgent.on)
    expect(agent.permissions).toEqual(readmeAgent.permissions)
    expect(agent.jobs.agent.if).toBe(readmeAgent.jobs.agent.if)
  })

  test('runs the released action, with the key from a secret', () => {
    const action = agent.jobs.agent.steps.find((step) =>
      step.uses?.startsWith('harness9/action@'),
    )
    expect(action?.uses).toBe('harness9/action@v1')
    expect(String(action?.with?.['api-key'])).toMatch(/^\$\{\{ secrets\./)
  })

  test('without a key, one step says why and every other step is skipped', () => {
    const steps = agent.jobs.agent.steps
    const notice = steps.filter((step) => step.if === "env.HAS_KEY != 'true'")
    expect(notice).toHaveLength(1)
    expect(notice[0].run).toMatch(/::notice title=agent skipped::No .*secret/)
    for (const step of steps.filter((candidate) => candidate !== notice[0]))
      expect(step.if).toMatch(/env\.HAS_KEY == 'true'|steps\.agent\.outputs/)
  })
})

describe('release.yml', () => {
  const release = loadWorkflow('release.yml')
  const script = release.jobs.release.steps
    .map((step) => step.run ?? '')
    .join('\n')

  test('runs on a version tag only', () => {
    expect(release.on).toEqual({
      push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] },
    })
  })

  test('checks the version, takes the notes from the changelog, checks dist/, then publishes', () => {
    const order = [
      'scripts/release-notes.mjs --tag "$GITHUB_REF_NAME"',
      'npm run build',
      'git diff --quiet -- dist/',
      'gh release create "$GITHUB_REF_NAME" --verify-tag',
      'git push --force origin "refs/tags/$major"',
    ].map((text) => script.indexOf(text))
    expect(order.every((at) => at >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  test('the only force push in any workflow is of the major tag', () => {
    const forced = [...workflows.values()]
      .flatMap(allSteps)
      .flatMap((step) => (step.run ?? '').split('\n'))
      .filter((line) => /git push\b.*(--force|\s-f\b)/.test(line))
    expect(forced.map((line) => line.trim())).toEqual([
      'git push --force origin "refs/tags/$major"',
    ])
  })
})
