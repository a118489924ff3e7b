import { runAgent, type AgentResult } from '../../engine/run-agent.js'
import { buildSystemPrompt } from '../../engine/system-prompt.js'
import { openTranscript } from '../../log/transcript.js'
import * as core from '@actions/core'
import { createProvider } from '../../providers/create-provider.js'
import { FallbackProvider } from '../../providers/fallback-provider.js'
import type { RetryEvent } from '../../providers/retry.js'
import type { EngineEvent, Message } from '../../schema/index.js'
import { createDefaultRegistry } from '../../tools/default-registry.js'
import {
  FileToolHost,
  readFileToolWorkerSource,
} from '../../tools/file-tool-host.js'
import type { Registry } from '../../tools/registry.js'
import type { ActionInputs } from '../inputs.js'
import { createActionLogger } from '../report/log-sink.js'
import { preloadOwnCode } from '../guard/preload-own-code.js'
import type { RunRequest } from '../request/resolve-request.js'
import {
  collectToolCalls,
  collectTurnUsage,
  type ToolCallRecord,
  type TurnUsageRecord,
} from '../report/run-report.js'
import { redactSecrets } from '../guard/secret-guard.js'

export interface AgentPhaseInput {
  inputs: ActionInputs
  request: RunRequest
  workdir: string
  /** The allow-listed environment of the model's processes. */
  childEnv: Record<string, string>
  wrapCommand: ((argv: string[]) => string[]) | undefined
  /** Epoch ms when the loop must stop, wrap-up time already set aside. */
  deadline: number
  /** Aborted when the job is cancelled: the tools' process groups are killed. */
  signal?: AbortSignal
  /** Epoch ms by which a handover call (after a limit stopped the loop) must end. */
  handoverUntil: number
  transcriptPath: string
  secrets: string[]
  env: NodeJS.ProcessEnv
  /** Also sees every engine event (the live progress comment). */
  onEvent?: (event: EngineEvent) => void
  /** Review mode's own tools and prompt; default: the four tools and the task. */
  custom?: {
    registry: (options: {
      bashTimeoutMs: number
      fileToolHost: FileToolHost | undefined
    }) => Registry
    messages: Message[]
  }
}

export interface AgentPhaseResult {
  result: AgentResult
  toolCalls: ToolCallRecord[]
  turnUsage: TurnUsageRecord[]
  model: string
  /** Model requests retried (5xx, cut streams, idle timeouts). */
  retries: number
}

/** Runs the loop with grouped logs, a transcript and a record of every tool call. */
export async function runAgentPhase(
  input: AgentPhaseInput,
): Promise<AgentPhaseResult> {
  const { inputs } = input
  // Before the model can touch anything: see preloadOwnCode.
  await preloadOwnCode()
  let retries = 0
  const shared = {
    reasoning: inputs.reasoning,
    env: input.env,
    idleTimeoutMs: inputs.modelIdleTimeoutSeconds * 1000,
    onRetry: (event: RetryEvent) => {
      retries++
      logRetry(event, input.secrets)
    },
  }
  const primary = await createProvider({
    ...shared,
    provider: inputs.provider,
    model: inputs.model,
    apiKey: inputs.apiKey,
    baseURL: inputs.baseUrl,
  })
  // The switch happens inside a model call: it is told as an engine notice
  // of the turn under way, and kept for the summary.
  let turn = 0
  const fallbackNotes: string[] = []
  const provider = inputs.fallback
    ? new FallbackProvider(
        primary,
        await createProvider({
          ...shared,
          provider: inputs.fallback.provider,
          model: inputs.fallback.model,
          apiKey: inputs.fallback.apiKey,
          baseURL: inputs.fallback.baseUrl,
        }),
        (change) => {
          const text = redactSecrets(
            `Model fallback: ${change.from} failed (${change.reason}); the rest of the run uses ${change.to}.`,
            input.secrets,
          )
          fallbackNotes.push(text)
          onEvent({ type: 'notice', at: Date.now(), turn, text })
        },
      )
    : primary
  const primaryModel = primary.model
  const fallbackPrice = inputs.fallback?.price
  // `pricing` is the primary's; the fallback has the built-in table's.
  const priceOf = (model: string) =>
    model === primaryModel ? inputs.price : fallbackPrice
  const toolTimeoutMs = inputs.toolTimeoutSeconds * 1000
  const log = createActionLogger({
    language: inputs.logLanguage,
    redact: (text) => redactSecrets(text, input.secrets),
  })
  const fileToolHost = startFileToolHost(input.wrapCommand)
  const toolCalls = collectToolCalls()
  const turnUsage = collectTurnUsage()
  const transcript = openTranscript(input.transcriptPath, (line) =>
    redactSecrets(line, input.secrets),
  )
  const onEvent = (event: EngineEvent): void => {
    if (event.type === 'turn-start') turn = event.turn
    transcript.onEvent(event)
    toolCalls.onEvent(event)
    turnUsage.onEvent(event)
    log.onEvent(event)
    input.onEvent?.(event)
  }
  try {
    const result = await runAgent({
      provider,
      registry:
        input.custom?.registry({
          bashTimeoutMs: toolTimeoutMs,
          fileToolHost,
        }) ??
        createDefaultRegistry({
          bashTimeoutMs: toolTimeoutMs,
          wrapCommand: input.wrapCommand,
          fileToolHost,
        }),
      maxParallelTools: inputs.maxParallelTools,
      messages: input.custom?.messages ?? startingMessages(input),
      workdir: input.workdir,
      env: input.childEnv,
      maxTurns: inputs.maxTurns,
      maxTotalTokens: inputs.maxTokens,
      price: inputs.price,
      priceOf,
      maxCostUsd: inputs.maxCostUsd,
      contextWindow: inputs.contextWindow,
      budgetNote: true,
      handover: { until: input.handoverUntil },
      toolTimeoutMs,
      thinking: inputs.thinking,
      stream: inputs.stream,
      deadline: input.deadline,
      signal: input.signal,
      onEvent,
    })
    result.contextNotes.unshift(...fallbackNotes)
    return {
      result,
      // A command's text is the model's: keep a secret it wrote out of the summary.
      toolCalls: toolCalls.records.map((record) =>
        record.detail === undefined
          ? record
          : { ...record, detail: redactSecrets(record.detail, input.secrets) },
      ),
      turnUsage: turnUsage.records,
      model: provider.model,
      retries,
    }
  } finally {
    log.flush()
    transcript.close()
    await fileToolHost?.close()
  }
}

/** One line per retry: why, which attempt, how long the wait. */
function logRetry(event: RetryEvent, secrets: string[]): void {
  const wait = (event.waitMs / 1000).toFixed(1)
  core.info(
    redactSecrets(
      `[retry] ${event.provider} attempt ${event.attempt} of ${event.maxAttempts} in ${wait} s: ${event.reason}`,
      secrets,
    ),
  )
}

/**
 * The file tools run their I/O in a helper inside the same wrapper as bash.
 * Its source is read now, before the model can touch anything.
 */
function startFileToolHost(
  wrapCommand: ((argv: string[]) => string[]) | undefined,
): FileToolHost | undefined {
  const source = readFileToolWorkerSource()
  return source === undefined
    ? undefined
    : new FileToolHost({ source, wrapCommand })
}

function startingMessages(input: AgentPhaseInput): Message[] {
  const system = buildSystemPrompt({
    workdir: input.workdir,
    setting: 'ci',
    instructions: input.inputs.instructions,
  })
  const task = input.request.threadContext
    ? `${input.request.task}\n\n${input.request.threadContext}`
    : input.request.task
  return [
    { role: 'system', content: system },
    { role: 'user', content: task },
  ]
}
