import { parseArgs } from 'node:util'
import type { SandboxMode } from '../sandbox/choose-sandbox.js'
import { isLogLanguage, type LogLanguage } from '../log/labels.js'
import {
  isProviderName,
  listProviders,
  PROVIDER_TABLE,
  type ProviderName,
} from '../providers/create-provider.js'
import {
  isReasoningLevel,
  type ReasoningLevel,
} from '../providers/reasoning-level.js'
import { errorMessage } from '../util/error-message.js'

export interface CliOptions {
  task: string
  workdir: string
  provider: ProviderName | undefined
  model: string | undefined
  baseUrl: string | undefined
  maxTurns: number
  timeoutMinutes: number | undefined
  /** USD; the run stops with `cost_limit` and a handover. */
  maxCostUsd: number | undefined
  /** Tokens; undefined: the model's known window. */
  contextWindow: number | undefined
  /** `input=3,output=15,…` in USD per million tokens. */
  pricing: string | undefined
  /** Same provider, key and endpoint: used once the model's retries are exhausted. */
  fallbackModel: string | undefined
  toolTimeoutSeconds: number
  thinking: boolean
  reasoning: ReasoningLevel
  stream: boolean
  logLanguage: LogLanguage
  transcript: string | undefined
  sandbox: SandboxMode
}

export type CliCommand =
  { kind: 'run'; options: CliOptions } | { kind: 'help' } | { kind: 'version' }

/** A mistake on the command line; its message is printed with the usage hint. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

const PROVIDER_NAME_LIST = listProviders((row) => row.name)

export const USAGE = `Usage: harness9 [options] "task"

Runs the harness9 agent over a directory: it reads, edits and runs code with
four tools (read_file, write_file, edit_file, bash) until the task is done.

Options:
  --workdir DIR          directory to work in (default: the current one)
  --provider NAME        ${PROVIDER_NAME_LIST} (default: the one whose key is set)
  --model NAME           model name (default: the provider's default)
  --base-url URL         API endpoint (default: ${PROVIDER_TABLE.map((row) => row.baseUrlVariable).join(' / ')})
  --max-turns N          most turns before stopping (default 30)
  --timeout MINUTES      total time budget (default: none)
  --tool-timeout SECS    limit for one tool call (default 120)
  --max-cost USD         most USD for the run at the model's price (default: none)
  --pricing PRICES       the model's price per million tokens, e.g.
                         input=3,output=15,cache-read=0.3,cache-write=3.75
  --fallback-model NAME  model of the same provider to continue on when the
                         model's retries run out on 429, 529, 5xx or a quota
                         error (priced by the built-in table)
  --context-window N     the model's context window in tokens; past 80% older
                         tool results are elided, then summarised
                         (default: the model's known window, else 128000)
  --thinking             plan without tools before each action
  --reasoning LEVEL      off, low, medium or high: Anthropic extended thinking,
                         OpenAI reasoning_effort (default off)
  --no-stream            wait for whole replies instead of streaming
  --log-lang zh|en       language of the log labels (default zh)
  --transcript FILE      write every message to FILE as JSON lines
  --sandbox MODE         how the model's commands run: bwrap (in a bubblewrap
                         sandbox: the system read-only, only the workdir and
                         a private temporary home writable, your home
                         hidden), none (as you), or auto (default: bwrap
                         when it can start here, else none with a warning)
  -h, --help             show this help
  -v, --version          show the version

Keys come from ${listProviders((row) => row.keyVariable)}. Logs go to stderr, the
final answer to stdout; the exit status is 0 only when the run completed.

Without the sandbox (--sandbox none, or auto where bubblewrap cannot start)
the model's commands run with your own rights: they can read, change and
delete every file you can, your SSH keys and cloud logins included, and use
the network as you. Install bubblewrap (package bubblewrap) to contain them.`

export function parseCliArgs(argv: string[], cwd: string): CliCommand {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      allowNegative: true,
      options: {
        workdir: { type: 'string' },
        provider: { type: 'string' },
        model: { type: 'string' },
        'base-url': { type: 'string' },
        'max-turns': { type: 'string' },
        timeout: { type: 'string' },
        'tool-timeout': { type: 'string' },
        'max-cost': { type: 'string' },
        pricing: { type: 'string' },
        'fallback-model': { type: 'string' },
        'context-window': { type: 'string' },
        thinking: { type: 'boolean', default: false },
        reasoning: { type: 'string' },
        stream: { type: 'boolean', default: true },
        'log-lang': { type: 'string' },
        transcript: { type: 'string' },
        sandbox: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    })
  } catch (error) {
    throw new UsageError(errorMessage(error))
  }
  const { values, positionals } = parsed
  if (values.help) return { kind: 'help' }
  if (values.version) return { kind: 'version' }
  const task = positionals.join(' ').trim()
  if (!task)
    throw new UsageError(
      'No task given: pass it as the last argument, in quotes.',
    )
  return {
    kind: 'run',
    options: {
      task,
      workdir: values.workdir ?? cwd,
      provider: providerName(values.provider),
      model: values.model,
      baseUrl: values['base-url'],
      maxTurns: positive('--max-turns', values['max-turns'], 30, true),
      timeoutMinutes:
        values.timeout === undefined
          ? undefined
          : positive('--timeout', values.timeout, 0, false),
      maxCostUsd:
        values['max-cost'] === undefined
          ? undefined
          : positive('--max-cost', values['max-cost'], 0, false),
      pricing: values.pricing,
      fallbackModel: values['fallback-model'] || undefined,
      contextWindow:
        values['context-window'] === undefined
          ? undefined
          : positive('--context-window', values['context-window'], 0, true),
      toolTimeoutSeconds: positive(
        '--tool-timeout',
        values['tool-timeout'],
        120,
        false,
      ),
      thinking: values.thinking,
      reasoning: reasoningLevel(values.reasoning),
      stream: values.stream,
      logLanguage: logLanguage(values['log-lang']),
      transcript: values.transcript,
      sandbox: sandboxMode(values.sandbox),
    },
  }
}

function providerName(raw: string | undefined): CliOptions['provider'] {
  if (raw === undefined || isProviderName(raw)) return raw
  throw new UsageError(
    `--provider must be ${PROVIDER_NAME_LIST}, got '${raw}'.`,
  )
}

function sandboxMode(raw: string | undefined): SandboxMode {
  if (raw === undefined) return 'auto'
  if (raw === 'auto' || raw === 'bwrap' || raw === 'none') return raw
  throw new UsageError(`--sandbox must be auto, bwrap or none, got '${raw}'.`)
}

function reasoningLevel(raw: string | undefined): ReasoningLevel {
  if (raw === undefined) return 'off'
  if (isReasoningLevel(raw)) return raw
  throw new UsageError(
    `--reasoning must be off, low, medium or high, got '${raw}'.`,
  )
}

function logLanguage(raw: string | undefined): LogLanguage {
  if (raw === undefined) return 'zh'
  if (isLogLanguage(raw)) return raw
  throw new UsageError(`--log-lang must be zh or en, got '${raw}'.`)
}

function positive(
  name: string,
  raw: string | undefined,
  fallback: number,
  integer: boolean,
): number {
  if (raw === undefined) return fallback
  const value = Number(raw)
  const valid = integer
    ? /^\d+$/.test(raw) && value >= 1
    : /^\d*\.?\d+$/.test(raw) && value > 0
  if (!valid) {
    throw new UsageError(
      `${name} must be a positive ${integer ? 'integer' : 'number'}, got '${raw}'.`,
    )
  }
  return value
}
