import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { tryPlainGit } from '../helpers/git-repo.js'
import { e2ePerTest } from '../helpers/e2e.js'
import { anthropicStream, type Reply } from '../helpers/llm-server.js'
import { expectModelSawNoSecret, findSecrets } from './attacker-kit.js'

// The Anthropic wire carries `is_error` on each tool result, so the refusal
// is visible as the tool's own verdict, not guessed from the text.

interface ToolResultBlock {
  type: 'tool_result'
  tool_use_id: string
  content: unknown
  is_error?: boolean
}

let callCounter = 0
const e2e = e2ePerTest()

function callTool(name: string, args: unknown): Reply {
  callCounter++
  const call = {
    id: `toolu_${callCounter}`,
    name,
    arguments: JSON.stringify(args),
  }
  return anthropicStream.toolCalls([call])
}

/** The tool results of the last request, with their error flags. */
function lastToolResults(): ToolResultBlock[] {
  const body = e2e.llm.requests.at(-1)!.body as {
    messages: { content: unknown }[]
  }
  return body.messages.flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as { type: string }[]).filter(
          (block): block is ToolResultBlock => block.type === 'tool_result',
        )
      : [],
  )
}

function textOf(result: ToolResultBlock): string {
  return typeof result.content === 'string'
    ? result.content
    : JSON.stringify(result.content)
}

/** Runs the attacker's calls over the Anthropic wire; sandbox off, so only the file tools' own guard is tested. */
function runAttack(calls: Reply[]) {
  e2e.llm.enqueue(...calls, anthropicStream.text('Done.'))
  return e2e.run({
    inputs: {
      task: 'Read some files',
      provider: 'anthropic',
      'base-url': e2e.llm.url,
      sandbox: 'none',
    },
  })
}

// Proves the file tools' path guard: the action's own /proc/self/environ holds
// INPUT_API-KEY and INPUT_GITHUB-TOKEN, and /etc/passwd is readable by anyone,
// so only the guard stands between the model and them.
test('read_file refuses /proc/self/environ and a path out of the workspace, as errors without secrets', async () => {
  const run = await runAttack([
    callTool('read_file', { path: '/proc/self/environ' }),
    callTool('read_file', { path: '../../etc/passwd' }),
    callTool('read_file', { path: '../../../../../../proc/self/environ' }),
    callTool('read_file', { path: 'README.md' }),
  ])
  expect(run.exitCode).toBe(0)
  const results = lastToolResults()
  expect(results.map((result) => result.is_error === true)).toEqual([
    true,
    true,
    true,
    false,
  ])
  expect(textOf(results[0])).toContain('outside the workspace')
  expect(textOf(results[1])).toContain('outside the workspace')
  expect(textOf(results[1])).not.toContain('root:')
  expect(textOf(results[3])).toBe('# test\n')
  expectModelSawNoSecret(e2e.llm)
  expect(run.summary).toMatch(/\| 1 \| 1 \| `read_file` \| error \|/)
  expect(run.summary).toMatch(/\| 4 \| 4 \| `read_file` \| ok \|/)
})

// Proves the guard follows symbolic links: a link planted in the workspace
// (by the model's bash, or by the pull request itself) points at the secrets.
test('read_file refuses a symbolic link in the workspace that leads to /proc or /etc', async () => {
  const run = await runAttack([
    callTool('bash', {
      command:
        'ln -s /proc/self/environ env-link && ln -s /etc passwd-dir && echo linked',
    }),
    callTool('read_file', { path: 'env-link' }),
    callTool('read_file', { path: 'passwd-dir/passwd' }),
    callTool('write_file', { path: 'env-link', content: 'x' }),
  ])
  expect(run.exitCode).toBe(0)
  const results = lastToolResults()
  expect(results.map((result) => result.is_error === true)).toEqual([
    false,
    true,
    true,
    true,
  ])
  for (const result of results.slice(1))
    expect(textOf(result)).toContain('symbolic link')
  expect(findSecrets(JSON.stringify(results))).toEqual([])
  expectModelSawNoSecret(e2e.llm)
})

// Proves the `.git` write guard of the file tools: a hook written there would
// run for anyone who later commits in this checkout.
test('write_file and edit_file refuse to write into .git', async () => {
  const run = await runAttack([
    callTool('write_file', {
      path: '.git/hooks/pre-commit',
      content: '#!/bin/sh\necho owned\n',
    }),
    callTool('edit_file', {
      path: '.git/config',
      source_text: '[core]',
      target_text: '[core]\n\thooksPath = /tmp',
    }),
    callTool('write_file', { path: 'sub/../.git/config', content: '' }),
  ])
  expect(run.exitCode).toBe(0)
  const results = lastToolResults()
  expect(results.map((result) => result.is_error === true)).toEqual([
    true,
    true,
    true,
  ])
  for (const result of results) expect(textOf(result)).toContain('inside .git')
  expect(
    tryPlainGit(['config', '--get', 'core.hooksPath'], e2e.repo.workdir),
  ).toBeUndefined()
  expect(existsSync(join(e2e.repo.workdir, '.git/hooks/pre-commit'))).toBe(
    false,
  )
})
