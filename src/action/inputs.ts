/**
 * The action's inputs, read and checked in one place. Every mistake a
 * workflow author can make becomes one sentence naming the input to fix.
 */
import { contextWindowOf } from '../engine/context-window.js'
import {
  findModelPrice,
  resolveModelPrice,
  type ModelPrice,
} from '../engine/pricing.js'
import {
  findConfiguredProvider,
  isProviderName,
  listProviders,
  PROVIDER_TABLE,
  providerRow,
  type ProviderName,
  type ProviderRow,
} from '../providers/create-provider.js'
import {
  REASONING_LEVELS,
  type ReasoningLevel,
} from '../providers/reasoning-level.js'
import { errorMessage } from '../util/error-message.js'
import { parseProtectedPaths } from './git/protected-paths.js'
import type { SandboxMode } from '../sandbox/choose-sandbox.js'
import type { Severity } from '../tools/review-comment.js'

export type { SandboxMode }

export interface ActionInputs {
  task: string
  triggerPhrase: string
  /** A label that starts a run on the issue or PR it is added to ('' = off). */
  labelTrigger: string
  /** A login whose assignment to an issue starts a run ('' = off). */
  assigneeTrigger: string
  /** Automatic fix-CI runs per pull request; 0 turns fix-CI off. */
  fixCiAttempts: number
  provider: ProviderName
  model: string | undefined
  apiKey: string
  baseUrl: string | undefined
  maxTurns: number
  /** Input plus output tokens for the run; undefined means no limit. */
  maxTokens: number | undefined
  /** USD for the run; undefined means no limit. */
  maxCostUsd: number | undefined
  /** The model's price: built in, or from the `pricing` input; undefined when unknown. */
  price: ModelPrice | undefined
  /**
   * Where the run continues once the primary's retries are exhausted on a
   * rate limit, overload, server error or spent quota; undefined: nowhere.
   */
  fallback: FallbackInputs | undefined
  /** Input tokens the model takes: the `context-window` input, else the known window. */
  contextWindow: number
  budgetMinutes: number
  toolTimeoutSeconds: number
  /** The most tool calls of one turn running at once. */
  maxParallelTools: number
  /** Per tool call: processes (in the sandbox), memory and file size. */
  maxProcesses: number
  maxMemoryMb: number
  maxFileSizeMb: number
  thinking: boolean
  reasoning: ReasoningLevel
  stream: boolean
  logLanguage: 'zh' | 'en'
  instructions: string
  commit: boolean
  pullRequest: boolean
  branchPrefix: string
  githubToken: string
  allowedBots: string[]
  sandbox: SandboxMode
  network: boolean
  protectedPaths: string[]
  allowWorkflowChanges: boolean
  /** Upload the transcript (and an unpushed patch) as a workflow artifact. */
  uploadArtifacts: boolean
  /** A model request with no bytes for this long is retried. */
  modelIdleTimeoutSeconds: number
  /** `review`: one pull request review instead of a task. */
  mode: 'task' | 'review'
  reviewFailOn: Severity | 'never'
  reviewMaxLines: number
  checkRun: boolean
  /** A review request for this login starts a review. */
  reviewerLogin: string
}

/** A mistake in the workflow file: its message is shown as the step's failure. */
export class InputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

/** The `fallback-*` inputs, the provider's defaults filled in. */
export interface FallbackInputs {
  provider: ProviderName
  model: string
  apiKey: string
  baseUrl: string | undefined
  /** The built-in price of the model (`pricing` is the primary's); undefined when unknown. */
  price: ModelPrice | undefined
}

type GetInput = (name: string) => string

/** Reads every input through `getInput` (trimmed text, '' when unset). */
export function parseInputs(
  getInput: GetInput,
  env: NodeJS.ProcessEnv,
): ActionInputs {
  const read = (name: string): string => getInput(name).trim()
  const provider = chooseProvider(read('provider'), read('api-key'), env)
  const model = read('model') || providerRow(provider).defaultModel
  const price = modelPrice(read('pricing'), model)
  const maxCostUsd = read('max-cost')
    ? positiveNumber(read, 'max-cost', 0)
    : undefined
  if (maxCostUsd !== undefined && !price) {
    throw new InputError(
      `Input 'max-cost' needs the price of model '${model}', which harness9 does not know: set the input 'pricing' (for example pricing: input=3,output=15).`,
    )
  }
  const apiKey =
    read('api-key') || env[providerRow(provider).keyVariable]?.trim() || ''
  const baseUrl = read('base-url') || undefined
  const fallback = parseFallback(read, env, { provider, apiKey, baseUrl })
  if (fallback && maxCostUsd !== undefined && !fallback.price) {
    throw new InputError(
      `Input 'max-cost' needs the price of the fallback model '${fallback.model}', which harness9 does not know: ` +
        `the input 'pricing' applies to the primary model only, so pick a fallback-model from the built-in price table or drop max-cost.`,
    )
  }
  return {
    task: read('task'),
    triggerPhrase: read('trigger-phrase') || '/agent',
    labelTrigger: read('label-trigger'),
    assigneeTrigger: read('assignee-trigger').replace(/^@/, ''),
    fixCiAttempts:
      read('fix-ci-attempts') === '0'
        ? 0
        : positiveInteger(read, 'fix-ci-attempts', 2),
    provider,
    model: read('model') || undefined,
    apiKey,
    baseUrl,
    maxTurns: positiveInteger(read, 'max-turns', 30),
    maxTokens: read('max-tokens')
      ? positiveInteger(read, 'max-tokens', 0)
      : undefined,
    maxCostUsd,
    price,
    fallback,
    contextWindow: read('context-window')
      ? positiveInteger(read, 'context-window', 0)
      : contextWindowOf(model),
    budgetMinutes: positiveNumber(read, 'budget-minutes', 30),
    toolTimeoutSeconds: positiveNumber(read, 'tool-timeout', 120),
    maxParallelTools: positiveInteger(read, 'max-parallel-tools', 8),
    maxProcesses: positiveInteger(read, 'max-processes', 256),
    maxMemoryMb: positiveInteger(read, 'max-memory-mb', 2048),
    maxFileSizeMb: positiveInteger(read, 'max-file-size-mb', 1024),
    thinking: boolean(read, 'thinking', false),
    reasoning: oneOf(read, 'reasoning', REASONING_LEVELS, 'off'),
    stream: boolean(read, 'stream', true),
    logLanguage: oneOf(read, 'log-language', ['zh', 'en'], 'zh'),
    instructions: getInput('instructions').trim(),
    commit: boolean(read, 'commit', false),
    pullRequest: boolean(read, 'pull-request', false),
    branchPrefix: read('branch-prefix') || 'harness9/',
    githubToken: read('github-token'),
    allowedBots: list(read('allowed-bots')),
    sandbox: oneOf(read, 'sandbox', ['auto', 'bwrap', 'none'], 'auto'),
    network: boolean(read, 'network', true),
    protectedPaths: parseProtectedPaths(getInput('protected-paths')),
    allowWorkflowChanges: boolean(read, 'allow-workflow-changes', false),
    uploadArtifacts: boolean(read, 'upload-artifacts', true),
    modelIdleTimeoutSeconds: positiveNumber(read, 'model-idle-timeout', 120),
    mode: oneOf(read, 'mode', ['task', 'review'], 'task'),
    reviewFailOn: oneOf(
      read,
      'review-fail-on',
      ['never', 'critical', 'major', 'minor', 'nit'],
      'never',
    ),
    reviewMaxLines: positiveInteger(read, 'review-max-lines', 3000),
    checkRun: boolean(read, 'check-run', false),
    reviewerLogin: read('reviewer-login'),
  }
}

/** The built-in price of `model`, with the `pricing` input's rates on top. */
function modelPrice(pricing: string, model: string): ModelPrice | undefined {
  try {
    return resolveModelPrice(model, pricing)
  } catch (error) {
    throw new InputError(
      `Input 'pricing' is not valid: ${errorMessage(error)}.`,
    )
  }
}

/**
 * The fallback, when `fallback-model` is set. Its provider defaults to the
 * primary's; on the same provider it shares the primary's key and
 * endpoint unless told otherwise, on another it reads that one's variable.
 */
function parseFallback(
  read: (name: string) => string,
  env: NodeJS.ProcessEnv,
  primary: {
    provider: ProviderName
    apiKey: string
    baseUrl: string | undefined
  },
): FallbackInputs | undefined {
  const model = read('fallback-model')
  const named = read('fallback-provider')
  if (!model) {
    if (named || read('fallback-api-key') || read('fallback-base-url')) {
      throw new InputError(
        `Inputs 'fallback-provider', 'fallback-api-key' and 'fallback-base-url' need 'fallback-model'.`,
      )
    }
    return undefined
  }
  if (named && !isProviderName(named)) {
    throw new InputError(
      `Input 'fallback-provider' must be ${QUOTED_PROVIDER_NAMES}, got '${named}'.`,
    )
  }
  const provider = isProviderName(named) ? named : primary.provider
  const same = provider === primary.provider
  return {
    provider,
    model,
    apiKey:
      read('fallback-api-key') ||
      (same
        ? primary.apiKey
        : env[providerRow(provider).keyVariable]?.trim() || ''),
    baseUrl: read('fallback-base-url') || (same ? primary.baseUrl : undefined),
    price: findModelPrice(model),
  }
}

const QUOTED_PROVIDER_NAMES = listProviders((row) => `'${row.name}'`)

/**
 * The provider input wins; else the one whose key prefix the `api-key`
 * has; else the first whose environment variable is set; else the first.
 */
function chooseProvider(
  named: string,
  apiKey: string,
  env: NodeJS.ProcessEnv,
): ProviderName {
  if (isProviderName(named)) return named
  if (named) {
    throw new InputError(
      `Input 'provider' must be ${QUOTED_PROVIDER_NAMES}, got '${named}'.`,
    )
  }
  const [first] = PROVIDER_TABLE
  if (apiKey) {
    const owner = PROVIDER_TABLE.find(
      (row: ProviderRow) =>
        row.keyPrefix !== undefined && apiKey.startsWith(row.keyPrefix),
    )
    return (owner ?? first).name
  }
  return findConfiguredProvider(env) ?? first.name
}

/** The one sentence for a missing key, naming the input and the secret. */
export function missingKeyMessage(provider: ProviderName): string {
  const variable = providerRow(provider).keyVariable
  return (
    `No API key for ${provider}: set the input 'api-key' ` +
    `(for example api-key: \${{ secrets.${variable} }}) ` +
    `or the ${variable} environment variable.`
  )
}

function positiveInteger(
  read: GetInput,
  name: string,
  fallback: number,
): number {
  const raw = read(name)
  if (raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new InputError(
      `Input '${name}' must be a positive integer, got '${raw}'.`,
    )
  }
  return Number(raw)
}

function positiveNumber(
  read: GetInput,
  name: string,
  fallback: number,
): number {
  const raw = read(name)
  if (raw === '') return fallback
  const value = Number(raw)
  if (!/^\d*\.?\d+$/.test(raw) || !(value > 0)) {
    throw new InputError(
      `Input '${name}' must be a positive number, got '${raw}'.`,
    )
  }
  return value
}

// The YAML 1.2 core schema's booleans, as @actions/core's getBooleanInput reads them.
const TRUE_WORDS = ['true', 'True', 'TRUE']
const FALSE_WORDS = ['false', 'False', 'FALSE']

function boolean(read: GetInput, name: string, fallback: boolean): boolean {
  const raw = read(name)
  if (raw === '') return fallback
  if (TRUE_WORDS.includes(raw)) return true
  if (FALSE_WORDS.includes(raw)) return false
  throw new InputError(`Input '${name}' must be true or false, got '${raw}'.`)
}

function oneOf<T extends string>(
  read: GetInput,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = read(name)
  if (raw === '') return fallback
  if ((allowed as readonly string[]).includes(raw)) return raw as T
  const choices = allowed.map((choice) => `'${choice}'`).join(' or ')
  throw new InputError(`Input '${name}' must be ${choices}, got '${raw}'.`)
}

/** Comma- or newline-separated values. */
function list(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}
