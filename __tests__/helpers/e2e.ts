import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestRepo, type TestRepo } from './git-repo.js'
import {
  startGithubServer,
  type GithubServer,
  type GithubServerOptions,
} from './github-server.js'
import {
  openaiStream,
  startLlmServer,
  type LlmServer,
  type Reply,
} from './llm-server.js'
import {
  runAction,
  TEST_API_KEY,
  type ActionRun,
  type RunActionOptions,
} from './run-action.js'
import { withoutBudgetNote } from './budget-note.js'
import { perTest } from './per-test.js'

/** A workspace repo, a model server and a GitHub server, for one action run. */
export interface E2E {
  repo: TestRepo
  llm: LlmServer
  github: GithubServer
  run(
    options: {
      inputs?: Record<string, string>
      eventName?: string
      payload?: unknown
      env?: Record<string, string>
    } & Pick<RunActionOptions, 'script' | 'savedState' | 'onSpawn' | 'action'>,
  ): Promise<ActionRun>
  close(): Promise<void>
}

export async function startE2E(github: GithubServerOptions = {}): Promise<E2E> {
  const repo = createTestRepo()
  const llm = await startLlmServer()
  const server = await startGithubServer(github)
  return {
    repo,
    llm,
    github: server,
    run: (options) =>
      runAction({
        eventName: options.eventName ?? 'workflow_dispatch',
        payload: options.payload ?? {
          inputs: {},
          repository: { full_name: 'acme/widgets' },
        },
        workspace: repo.workdir,
        apiUrl: server.url,
        inputs: {
          provider: 'openai',
          'api-key': TEST_API_KEY,
          'base-url': `${llm.url}/v1`,
          ...options.inputs,
        },
        env: options.env,
        script: options.script,
        savedState: options.savedState,
        onSpawn: options.onSpawn,
        action: options.action,
      }),
    async close() {
      await llm.close()
      await server.close()
      repo.cleanup()
    },
  }
}

/**
 * The end of every e2e test: asserts that neither the model server nor the
 * GitHub server saw a request the test did not script, then closes all.
 */
export async function checkAndCloseE2E(e2e: E2E): Promise<void> {
  try {
    expect(e2e.llm.misses).toEqual([])
    expect(e2e.github.misses).toEqual([])
  } finally {
    await e2e.close()
  }
}

/** An E2E started before each test, checked and closed after it. */
export function e2ePerTest(github: GithubServerOptions = {}): E2E {
  return perTest(() => startE2E(github), checkAndCloseE2E)
}

export function loadEvent(name: string): Record<string, unknown> {
  const path = join(
    import.meta.dirname,
    '..',
    'fixtures',
    'events',
    `${name}.json`,
  )
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
}

let callCounter = 0

/** A streamed reply asking for one tool call. */
export function callTool(name: string, args: unknown): Reply {
  callCounter++
  return openaiStream.toolCalls([
    { id: `call_${callCounter}`, name, arguments: JSON.stringify(args) },
  ])
}

export function answer(text: string): Reply {
  return openaiStream.text(text)
}

/** Everything the model was sent, as one string, for leak checks. */
export function everythingSentToModel(llm: LlmServer): string {
  return llm.requests.map((request) => JSON.stringify(request.body)).join('\n')
}

/** The first user message of the model's first request (after the system prompt). */
export function firstUserMessageSent(llm: LlmServer): string {
  const sent = llm.requests[0].body as { messages: { content: string }[] }
  return sent.messages[1].content
}

/** The GitHub API calls that change something, as `METHOD path`, in order. */
export function githubWrites(github: GithubServer): string[] {
  return github.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.path}`)
}

/**
 * The text of the last message the model was sent in request `index`, the
 * budget note that follows it left aside.
 */
export function lastMessageSent(llm: LlmServer, index: number): string {
  const body = llm.requests[index].body as { messages: { content: unknown }[] }
  const messages = withoutBudgetNote(body.messages)
  const last = messages.at(-1)
  return typeof last?.content === 'string'
    ? last.content
    : JSON.stringify(last?.content)
}
