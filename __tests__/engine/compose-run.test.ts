import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  buildTaskPlan,
  composeRun,
  type ComposeRunInput,
} from '../../src/engine/compose-run.js'
import { contextWindowOf } from '../../src/engine/context-window.js'
import type { ModelPrice } from '../../src/engine/pricing.js'
import { runAgent } from '../../src/engine/run-agent.js'
import {
  ProviderError,
  type LLMProvider,
} from '../../src/providers/provider.js'
import type { EngineEvent, StreamEvent } from '../../src/schema/index.js'
import { readOnlyTools } from '../../src/tools/tool-lists.js'
import {
  call,
  ScriptedProvider,
  textReply,
  toolReply,
} from '../helpers/scripted-provider.js'
import { toolsNamedIn } from '../helpers/composed-run.js'

let workdir: string

beforeEach(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'harness9-compose-'))
})

afterEach(async () => {
  await rm(workdir, { recursive: true, force: true })
})

function input(overrides: Partial<ComposeRunInput> = {}): ComposeRunInput {
  return {
    plan: buildTaskPlan({
      workdir,
      setting: 'from a terminal',
      task: 'Fix the bug.',
    }),
    provider: new ScriptedProvider([]),
    price: undefined,
    workdir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    maxTurns: 7,
    toolTimeoutMs: 5000,
    onEvent: () => {},
    ...overrides,
  }
}

function systemPromptOf(run: ReturnType<typeof composeRun>): string {
  const system = run.options.messages[0]
  expect(system.role).toBe('system')
  return system.content
}

test('a task run has the four built-in tools, and its prompt names exactly them', () => {
  const run = composeRun(input())
  const registered = run.options.registry
    .getAvailableTools()
    .map((tool) => tool.name)
  expect(registered).toEqual(['read_file', 'write_file', 'edit_file', 'bash'])
  expect(run.toolNames).toEqual(registered)
  expect(toolsNamedIn(systemPromptOf(run)).sort()).toEqual(
    [...registered].sort(),
  )
  expect(systemPromptOf(run)).toContain(
    'Work with the tools: read_file, write_file, edit_file and bash.',
  )
  expect(run.options.messages[1]).toEqual({
    role: 'user',
    content: 'Fix the bug.',
  })
})

test('another tool list plugs into the same seam: the prompt names only the tools registered', () => {
  const run = composeRun(
    input({
      plan: buildTaskPlan({
        workdir,
        setting: 'from a terminal',
        task: 'Look around.',
        tools: readOnlyTools,
      }),
    }),
  )
  expect(run.toolNames).toEqual(['read_file', 'bash'])
  const prompt = systemPromptOf(run)
  expect(toolsNamedIn(prompt)).toEqual(['read_file', 'bash'])
  expect(prompt).not.toContain('write_file')
  expect(prompt).not.toContain('edit_file')
})

test("the shared prompt has no CI paragraph; a caller's paragraphs come after it, in order", () => {
  const plain = systemPromptOf(composeRun(input()))
  expect(plain).toContain(
    `You are harness9, a coding agent running headless from a terminal over the directory ${workdir}.`,
  )
  expect(plain).not.toMatch(/untrusted-thread-content|commit|CI|workflow/)
  const withParagraphs = systemPromptOf(
    composeRun(
      input({
        plan: buildTaskPlan({
          workdir,
          setting: 'somewhere',
          task: 'x',
          paragraphs: ['First extra.', '  ', 'Second extra.\n'],
        }),
      }),
    ),
  )
  expect(withParagraphs.endsWith('\n\nFirst extra.\n\nSecond extra.')).toBe(
    true,
  )
})

test('the options both callers share: budget note, handover, limits, and the model window by default', () => {
  const signal = new AbortController().signal
  const run = composeRun(
    input({
      maxParallelTools: 2,
      maxTotalTokens: 1000,
      maxCostUsd: 0.5,
      thinking: true,
      stream: true,
      deadline: 1_000,
      handoverUntil: 2_000,
      signal,
    }),
  )
  expect(run.options).toMatchObject({
    workdir,
    maxTurns: 7,
    toolTimeoutMs: 5000,
    maxParallelTools: 2,
    maxTotalTokens: 1000,
    maxCostUsd: 0.5,
    thinking: true,
    stream: true,
    deadline: 1_000,
    budgetNote: true,
    handover: { until: 2_000 },
    signal,
    contextWindow: contextWindowOf('scripted-model'),
  })
  expect(composeRun(input({ contextWindow: 4096 })).options.contextWindow).toBe(
    4096,
  )
})

test("the tools run with the caller's command wrapper and the run's tool timeout", async () => {
  const run = composeRun(
    input({
      toolTimeoutMs: 4000,
      // A wrapper as a sandbox would be: it changes how bash starts.
      wrapCommand: (argv) => ['env', 'WRAPPED=by-the-caller', ...argv],
    }),
  )
  const bash = run.options.registry
    .getAvailableTools()
    .find((tool) => tool.name === 'bash')
  expect(bash?.description).toContain('4 s')
  const result = await run.options.registry.execute(
    call('1', 'bash', { command: 'echo "$WRAPPED" > wrapped.txt' }),
    { workdir, env: run.options.env, timeoutMs: 4000 },
  )
  expect(result.isError).toBe(false)
  expect(await readFile(join(workdir, 'wrapped.txt'), 'utf8')).toBe(
    'by-the-caller\n',
  )
})

test("bash can be contained by the caller (the command's lazy sandbox), made with its wrapper", async () => {
  const made: string[] = []
  const run = composeRun(
    input({
      containBash: (makeBash) => {
        made.push('bash')
        return makeBash((argv) => ['env', 'CONTAINED=yes', ...argv])
      },
    }),
  )
  expect(made).toEqual(['bash'])
  expect(run.toolNames).toEqual([
    'read_file',
    'write_file',
    'edit_file',
    'bash',
  ])
  const result = await run.options.registry.execute(
    call('1', 'bash', { command: 'echo "$CONTAINED" > contained.txt' }),
    { workdir, env: run.options.env, timeoutMs: 4000 },
  )
  expect(result.isError).toBe(false)
  expect(await readFile(join(workdir, 'contained.txt'), 'utf8')).toBe('yes\n')
})

/** A primary whose every call fails as an overloaded server does. */
class OverloadedProvider implements LLMProvider {
  readonly name = 'overloaded'
  readonly model = 'primary-model'
  calls = 0

  async generate(): Promise<never> {
    this.calls++
    throw new ProviderError('Overloaded (key sk-secret-123)', {
      provider: this.name,
      status: 503,
    })
  }

  async *generateStream(): AsyncGenerator<StreamEvent> {
    return this.generate()
  }
}

test('a fallback switch is a redacted notice of the turn under way, kept for the summary, priced at the fallback price', async () => {
  await writeFile(join(workdir, 'a.txt'), 'hello\n')
  const primary = new OverloadedProvider()
  const fallback = new ScriptedProvider([
    toolReply(call('1', 'read_file', { path: 'a.txt' })),
    textReply('Done.'),
  ])
  // $1 per million of everything: each scripted reply costs $0.000015.
  const fallbackPrice: ModelPrice = {
    input: 1,
    cachedInput: 1,
    cacheWrite: 1,
    output: 1,
  }
  const events: EngineEvent[] = []
  const run = composeRun(
    input({
      provider: primary,
      price: undefined,
      fallback: { provider: fallback, price: fallbackPrice },
      redact: (text) => text.replaceAll('sk-secret-123', '***'),
      onEvent: (event) => events.push(event),
    }),
  )
  const result = await runAgent(run.options)
  expect(result.stopReason).toBe('completed')
  expect(primary.calls).toBe(1)
  expect(fallback.unexpected).toEqual([])
  const text =
    'Model fallback: primary-model failed (Overloaded (key ***)); the rest of the run uses scripted-model.'
  expect(run.fallbackNotes).toEqual([text])
  expect(events).toContainEqual(
    expect.objectContaining({ type: 'notice', turn: 1, text }),
  )
  expect(run.options.provider.model).toBe('scripted-model')
  expect(result.costUsd).toBeCloseTo(0.00003, 10)
})
