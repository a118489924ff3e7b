import { FallbackProvider } from '../providers/fallback-provider.js'
import type { LLMProvider } from '../providers/provider.js'
import type { EngineEvent } from '../schema/index.js'
import type { FileToolHost } from '../tools/file-tool-host.js'
import {
  builtInTools,
  registryOf,
  type ContainBash,
  type ToolList,
} from '../tools/tool-lists.js'
import { contextWindowOf } from './context-window.js'
import type { ModelPrice } from './pricing.js'
import type { AgentOptions } from './run-agent.js'
import { buildSystemPrompt } from './system-prompt.js'

/** What a run is for: the model's tools, its system prompt, its task. */
export interface RunPlan {
  tools: ToolList
  /** Built from the names of the registered tools, so it names no other. */
  systemPrompt: (toolNames: readonly string[]) => string
  /** The first user message. */
  task: string
}

/** The caller's limits and switches, passed to runAgent as they are. */
export interface RunSettings {
  workdir: string
  /** The environment tools run with (built by the caller, without secrets). */
  env: Record<string, string>
  maxTurns: number
  /** Each tool call's time limit; bash's own hard timeout too. */
  toolTimeoutMs: number
  maxParallelTools?: number
  maxTotalTokens?: number
  maxCostUsd?: number
  /** Default: the known window of the primary model. */
  contextWindow?: number
  thinking?: boolean
  stream?: boolean
  /** Epoch ms when the loop must stop. */
  deadline?: number
  /** Epoch ms by which a handover call after a limit must end. */
  handoverUntil?: number
  signal?: AbortSignal
}

export interface ComposeRunInput extends RunSettings {
  plan: RunPlan
  provider: LLMProvider
  /** The primary model's price. */
  price: ModelPrice | undefined
  /** Where the run continues once the provider's retries run out. */
  fallback?: { provider: LLMProvider; price: ModelPrice | undefined }
  /** Wraps bash's argv, e.g. in a sandbox. */
  wrapCommand?: (argv: string[]) => string[]
  /** Runs the file tools' I/O in a helper process; else in this one. */
  fileToolHost?: FileToolHost
  /** Puts bash where it runs (the command's lazy sandbox). */
  containBash?: ContainBash
  /** Sees every engine event: the caller's log, transcript, records. */
  onEvent: (event: EngineEvent) => void
  /** Told about a tool registered twice. */
  warn?: (message: string) => void
  /** Applied to the fallback notice: a provider's error may quote a secret. */
  redact?: (text: string) => string
}

export interface ComposedRun {
  options: AgentOptions
  /** The registered tools' names, in the order the model sees them. */
  toolNames: string[]
  /** The fallback switch, once it happened, as told in the run's notice. */
  fallbackNotes: string[]
}

/**
 * One run, as the action and the command both start it: the plan's tools in
 * a registry, the system prompt from their names, the fallback switch told
 * as a notice of the turn under way, and the options both callers share
 * (a budget note on each request, a handover when a limit stops the run,
 * each call priced at the model that answered it).
 */
export function composeRun(input: ComposeRunInput): ComposedRun {
  const registry = registryOf(
    input.plan.tools({
      bashTimeoutMs: input.toolTimeoutMs,
      wrapCommand: input.wrapCommand,
      fileToolHost: input.fileToolHost,
      containBash: input.containBash,
    }),
    { warn: input.warn },
  )
  const toolNames = registry.getAvailableTools().map((tool) => tool.name)
  let turn = 0
  const onEvent = (event: EngineEvent): void => {
    if (event.type === 'turn-start') turn = event.turn
    input.onEvent(event)
  }
  const fallbackNotes: string[] = []
  const { fallback, redact = (text: string) => text } = input
  const provider = fallback
    ? new FallbackProvider(input.provider, fallback.provider, (change) => {
        const text = redact(
          `Model fallback: ${change.from} failed (${change.reason}); the rest of the run uses ${change.to}.`,
        )
        fallbackNotes.push(text)
        onEvent({ type: 'notice', at: Date.now(), turn, text })
      })
    : input.provider
  const primaryModel = input.provider.model
  const options: AgentOptions = {
    provider,
    registry,
    messages: [
      { role: 'system', content: input.plan.systemPrompt(toolNames) },
      { role: 'user', content: input.plan.task },
    ],
    workdir: input.workdir,
    env: input.env,
    maxTurns: input.maxTurns,
    toolTimeoutMs: input.toolTimeoutMs,
    maxParallelTools: input.maxParallelTools,
    maxTotalTokens: input.maxTotalTokens,
    price: input.price,
    // The primary's price may be the caller's own; the fallback's is given.
    priceOf: (model) =>
      model === primaryModel ? input.price : fallback?.price,
    maxCostUsd: input.maxCostUsd,
    contextWindow: input.contextWindow ?? contextWindowOf(primaryModel),
    budgetNote: true,
    handover: { until: input.handoverUntil },
    thinking: input.thinking,
    stream: input.stream,
    deadline: input.deadline,
    signal: input.signal,
    onEvent,
  }
  return { options, toolNames, fallbackNotes }
}

/**
 * A task run's plan: the four built-in tools and the shared prompt, with
 * the caller's own paragraphs (the action's CI paragraph) after it.
 */
export function buildTaskPlan(options: {
  workdir: string
  setting: string
  task: string
  paragraphs?: readonly string[]
  tools?: ToolList
}): RunPlan {
  return {
    tools: options.tools ?? builtInTools,
    systemPrompt: (toolNames) =>
      buildSystemPrompt({
        workdir: options.workdir,
        setting: options.setting,
        toolNames,
        paragraphs: options.paragraphs,
      }),
    task: options.task,
  }
}
