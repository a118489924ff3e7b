import {
  composeRun,
  type RunPlan,
  type RunSettings,
} from '../../engine/compose-run.js'
import type { ModelPrice } from '../../engine/pricing.js'
import { runAgent, type AgentResult } from '../../engine/run-agent.js'
import { openTranscript } from '../../log/transcript.js'
import * as core from '@actions/core'
import { createProvider } from '../../providers/create-provider.js'
import type { LLMProvider } from '../../providers/provider.js'
import type { RetryEvent } from '../../providers/retry.js'
import type { EngineEvent } from '../../schema/index.js'
import {
  FileToolHost,
  readFileToolWorkerSource,
} from '../../tools/file-tool-host.js'
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
import { buildActionTaskPlan } from './task-plan.js'

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
  plan?: RunPlan
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
  const { primary, fallback } = await createProviders(input, () => retries++)
  const redact = (text: string): string => redactSecrets(text, input.secrets)
  const log = createActionLogger({ language: inputs.logLanguage, redact })
  const fileToolHost = startFileToolHost(input.wrapCommand)
  const toolCalls = collectToolCalls()
  const turnUsage = collectTurnUsage()
  const transcript = openTranscript(input.transcriptPath, redact)
  try {
    const run = composeRun({
      ...settingsOf(input),
      plan:
        input.plan ??
        buildActionTaskPlan({
          workdir: input.workdir,
          instructions: inputs.instructions,
          task: input.request.task,
          threadContext: input.request.threadContext,
        }),
      provider: primary,
      price: inputs.price,
      fallback,
      wrapCommand: input.wrapCommand,
      fileToolHost,
      redact,
      onEvent: (event) => {
        transcript.onEvent(event)
        toolCalls.onEvent(event)
        turnUsage.onEvent(event)
        log.onEvent(event)
        input.onEvent?.(event)
      },
    })
    const result = await runAgent(run.options)
    // The switch happened inside a model call: told then, kept for the summary.
    result.contextNotes.unshift(...run.fallbackNotes)
    return {
      result,
      // A command's text is the model's: keep a secret it wrote out of the summary.
      toolCalls: toolCalls.records.map((record) =>
        record.detail === undefined
          ? record
          : { ...record, detail: redact(record.detail) },
      ),
      turnUsage: turnUsage.records,
      model: run.options.provider.model,
      retries,
    }
  } finally {
    log.flush()
    transcript.close()
    await fileToolHost?.close()
  }
}

/** The primary provider and the fallback (with its own price), retries logged. */
async function createProviders(
  input: AgentPhaseInput,
  countRetry: () => void,
): Promise<{
  primary: LLMProvider
  fallback: { provider: LLMProvider; price: ModelPrice | undefined } | undefined
}> {
  const { inputs } = input
  const shared = {
    reasoning: inputs.reasoning,
    env: input.env,
    idleTimeoutMs: inputs.modelIdleTimeoutSeconds * 1000,
    onRetry: (event: RetryEvent) => {
      countRetry()
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
  if (!inputs.fallback) return { primary, fallback: undefined }
  const provider = await createProvider({
    ...shared,
    provider: inputs.fallback.provider,
    model: inputs.fallback.model,
    apiKey: inputs.fallback.apiKey,
    baseURL: inputs.fallback.baseUrl,
  })
  // `pricing` is the primary's; the fallback has the built-in table's.
  return { primary, fallback: { provider, price: inputs.fallback.price } }
}

/** The action's inputs and budget as the run's limits. */
function settingsOf(input: AgentPhaseInput): RunSettings {
  const { inputs } = input
  return {
    workdir: input.workdir,
    env: input.childEnv,
    maxTurns: inputs.maxTurns,
    toolTimeoutMs: inputs.toolTimeoutSeconds * 1000,
    maxParallelTools: inputs.maxParallelTools,
    maxTotalTokens: inputs.maxTokens,
    maxCostUsd: inputs.maxCostUsd,
    contextWindow: inputs.contextWindow,
    thinking: inputs.thinking,
    stream: inputs.stream,
    deadline: input.deadline,
    handoverUntil: input.handoverUntil,
    signal: input.signal,
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
