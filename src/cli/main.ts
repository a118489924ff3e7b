import { realpath, stat } from 'node:fs/promises'
import {
  buildTaskPlan,
  composeRun,
  type RunSettings,
} from '../engine/compose-run.js'
import {
  findModelPrice,
  resolveModelPrice,
  type ModelPrice,
} from '../engine/pricing.js'
import { runAgent } from '../engine/run-agent.js'
import {
  createDeferredWriter,
  type DeferredWriter,
} from '../log/deferred-writer.js'
import { renderEvent } from '../log/render-event.js'
import { openTranscript } from '../log/transcript.js'
import { createProvider, detectProvider } from '../providers/create-provider.js'
import type { LLMProvider } from '../providers/provider.js'
import type { EngineEvent } from '../schema/index.js'
import { buildCliEnv } from './cli-env.js'
import {
  prepareCliSandbox,
  type CliSandbox,
  type SandboxNotice,
} from './cli-sandbox.js'
import {
  parseCliArgs,
  USAGE,
  UsageError,
  type CliOptions,
} from './parse-args.js'
import { VERSION } from './version.js'
import { errorMessage } from '../util/error-message.js'

export interface CliIo {
  argv: string[]
  env: NodeJS.ProcessEnv
  cwd: string
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Aborted on Ctrl-C. */
  signal: AbortSignal
}

/** Runs `harness9 …` and returns the exit status: 0 only when the run completed. */
export async function main(io: CliIo): Promise<number> {
  let command
  try {
    command = parseCliArgs(io.argv, io.cwd)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`harness9: ${error.message}\nTry 'harness9 --help'.\n`)
    return 2
  }
  if (command.kind === 'help') {
    io.stdout(`${USAGE}\n`)
    return 0
  }
  if (command.kind === 'version') {
    io.stdout(`harness9 ${VERSION}\n`)
    return 0
  }
  try {
    return await runTask(command.options, io)
  } catch (error) {
    io.stderr(`harness9: ${errorMessage(error)}\n`)
    return 1
  }
}

async function runTask(options: CliOptions, io: CliIo): Promise<number> {
  const workdir = await resolveWorkdir(options.workdir)
  const provider = await createProvider({
    provider: options.provider ?? detectProvider(io.env),
    model: options.model,
    baseURL: options.baseUrl,
    reasoning: options.reasoning,
    env: io.env,
  })
  const price = cliPrice(provider.model, options)
  const fallback = options.fallbackModel
    ? await createProvider({
        provider: options.provider ?? detectProvider(io.env),
        model: options.fallbackModel,
        baseURL: options.baseUrl,
        reasoning: options.reasoning,
        env: io.env,
      })
    : undefined
  if (
    fallback &&
    options.maxCostUsd !== undefined &&
    !findModelPrice(fallback.model)
  ) {
    throw new Error(
      `--max-cost needs the price of the fallback model '${fallback.model}', which harness9 does not know: --pricing applies to --model only, so pick a --fallback-model from the built-in price table.`,
    )
  }
  const sandbox = await prepareCliSandbox({
    mode: options.sandbox,
    workdir,
    env: io.env,
    toolEnv: buildCliEnv(io.env),
  })
  if (sandbox.notice) io.stderr(describeSandbox(sandbox.notice))
  try {
    return await runInTerminal(options, io, {
      provider,
      fallback,
      price,
      workdir,
      sandbox,
    })
  } finally {
    // What the tools left running ends with the run, whatever ended it.
    await sandbox.release()
  }
}

async function runInTerminal(
  options: CliOptions,
  io: CliIo,
  run: {
    provider: LLMProvider
    /** Where the run continues once the provider's retries run out. */
    fallback: LLMProvider | undefined
    price: ModelPrice | undefined
    workdir: string
    sandbox: CliSandbox
  },
): Promise<number> {
  const { workdir, sandbox, price } = run
  const transcript = options.transcript
    ? openTranscript(options.transcript)
    : undefined
  // The log is written while the run waits, never in its way; it is flushed
  // before anything else goes to the terminal.
  const logOutput = createDeferredWriter(io.stderr)
  const log = createTerminalLogger(options, logOutput)
  try {
    const composed = composeRun({
      ...cliSettings(options, run, io.signal),
      plan: buildTaskPlan({
        workdir,
        setting: 'from a terminal',
        task: options.task,
      }),
      provider: run.provider,
      price,
      // --pricing is the model's; the fallback has the built-in table's.
      fallback: run.fallback && {
        provider: run.fallback,
        price: findModelPrice(run.fallback.model),
      },
      // Said before the first command when the sandbox was not yet known.
      containBash: (makeBash) =>
        sandbox.contain(makeBash, (notice) =>
          logOutput.write(describeSandbox(notice)),
        ),
      warn: (message) => logOutput.write(`warning: ${message}\n`),
      onEvent: (event) => {
        transcript?.onEvent(event)
        log(event)
      },
    })
    const result = await runAgent(composed.options)
    logOutput.flush()
    // Only a completed run has an answer: text said before a limit or an
    // abort was a step on the way, and it is in the log already.
    if (result.stopReason === 'completed' && result.finalText) {
      io.stdout(`${result.finalText}\n`)
    } else if (result.handover) {
      // A limit stopped the run: what the model says is left is the answer.
      io.stdout(`${result.handover}\n`)
    }
    if (result.stopReason !== 'completed') {
      const why = result.error ? `: ${result.error.message}` : ''
      io.stderr(`harness9: the run stopped (${result.stopReason})${why}\n`)
      return result.stopReason === 'aborted' ? 130 : 1
    }
    return 0
  } finally {
    logOutput.flush()
    transcript?.close()
  }
}

/** The command's options as the run's limits; the workdir and env of the sandbox. */
function cliSettings(
  options: CliOptions,
  run: { workdir: string; sandbox: CliSandbox },
  signal: AbortSignal,
): RunSettings {
  const budget = cliDeadlines(options.timeoutMinutes)
  return {
    workdir: run.workdir,
    env: run.sandbox.env,
    maxTurns: options.maxTurns,
    toolTimeoutMs: options.toolTimeoutSeconds * 1000,
    maxCostUsd: options.maxCostUsd,
    contextWindow: options.contextWindow,
    thinking: options.thinking,
    stream: options.stream,
    deadline: budget.deadline,
    handoverUntil: budget.handoverUntil,
    signal,
  }
}

/** The sandbox line on stderr: a warning when the commands run as the user. */
function describeSandbox(notice: SandboxNotice): string {
  return `${notice.unsandboxed ? 'warning' : 'harness9'}: ${notice.text}\n`
}

/** The model's price for --max-cost and the cost figure; a clear error when it cannot work. */
function cliPrice(model: string, options: CliOptions): ModelPrice | undefined {
  let price: ModelPrice | undefined
  try {
    price = resolveModelPrice(model, options.pricing)
  } catch (error) {
    throw new Error(`--pricing is not valid: ${errorMessage(error)}.`)
  }
  if (options.maxCostUsd !== undefined && !price) {
    throw new Error(
      `--max-cost needs the price of model '${model}', which harness9 does not know: pass --pricing (for example --pricing input=3,output=15).`,
    )
  }
  return price
}

/** Most of --timeout for the loop; the rest (up to 30 s) for a handover. */
function cliDeadlines(timeoutMinutes: number | undefined): {
  deadline?: number
  handoverUntil?: number
} {
  if (timeoutMinutes === undefined) return {}
  const budgetMs = timeoutMinutes * 60_000
  const end = Date.now() + budgetMs
  return {
    deadline: end - Math.min(30_000, budgetMs * 0.1),
    handoverUntil: end,
  }
}

async function resolveWorkdir(dir: string): Promise<string> {
  const info = await stat(dir).catch(() => undefined)
  if (!info?.isDirectory())
    throw new Error(`--workdir '${dir}' is not a directory.`)
  return realpath(dir)
}

/**
 * Block logs to stderr. When streaming, text arrives live as deltas, so the
 * reply block's copy of the text would say it twice: its header is kept.
 * Blocks are rendered when written (see createDeferredWriter), in order,
 * once the run waits for the model (a phase starts, or text streams in).
 */
function createTerminalLogger(
  options: CliOptions,
  output: DeferredWriter,
): (event: EngineEvent) => void {
  let midLine = false
  const queue = (event: EngineEvent): void => {
    if (event.type === 'message') return
    if (event.type === 'text-delta') {
      output.write(() => {
        midLine = !event.text.endsWith('\n')
        return event.text
      })
      return
    }
    const shown =
      event.type === 'model-reply' && options.stream
        ? { ...event, message: { ...event.message, content: '' } }
        : event
    output.write(() => {
      const text = renderEvent(shown, { language: options.logLanguage })
      if (!text) return ''
      const separated = midLine ? `\n${text}` : text
      midLine = false
      return separated
    })
  }
  return (event) => {
    queue(event)
    // The run now waits for the model: what is queued goes out meanwhile.
    if (event.type === 'phase-start' || event.type === 'text-delta')
      output.flushWhenIdle()
  }
}
