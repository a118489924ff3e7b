import { ProviderError } from './provider.js'

/** Attempts in all, the first one included. */
export const DEFAULT_MAX_ATTEMPTS = 4
/** First backoff wait; it doubles on each retry (0.5 s, 1 s, 2 s). */
export const DEFAULT_RETRY_BASE_DELAY_MS = 500
/** A server that asks for a longer wait than this is not waited for. */
export const MAX_RETRY_WAIT_MS = 60_000

/** Told before each retry's wait: why, which attempt comes next, how long. */
export interface RetryEvent {
  provider: string
  /** The failure that is retried, as one sentence. */
  reason: string
  /** The attempt about to start (2 for the first retry). */
  attempt: number
  maxAttempts: number
  waitMs: number
}

export interface RetryPolicy {
  provider: string
  maxAttempts: number
  baseDelayMs: number
  signal?: AbortSignal
  /** Epoch ms: a wait that would end after it is not started. */
  deadline?: number
  /**
   * An attempt that receives nothing (no response, no stream event) for
   * this long is aborted and retried like a cut stream.
   */
  idleTimeoutMs?: number
  /** Called before each retry, so the log and the summary can show it. */
  onRetry?: (event: RetryEvent) => void
  /** Maps an SDK or transport failure to our error; ours pass through. */
  toProviderError: (error: unknown) => ProviderError
}

/**
 * HTTP statuses worth another attempt: timeouts, conflicts, rate limits and
 * server errors (Anthropic's 529 "overloaded" included).
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500
}

/**
 * Runs `call`, retrying what `waitToRetry` allows. `call` gets the signal
 * of its attempt: the caller's, plus the idle timeout's.
 */
export async function withRetry<T>(
  call: (signal: AbortSignal | undefined) => Promise<T>,
  policy: RetryPolicy,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const idle = startIdleWatch(policy)
    try {
      return await call(idle.signal)
    } catch (error) {
      await waitToRetry(idle.failure() ?? error, attempt, policy)
    } finally {
      idle.stop()
    }
  }
}

/**
 * The streaming form: a failed attempt restarts the whole request. Events of
 * the failed attempt were already yielded (text is shown live), so a caller
 * may see some text twice; the `message-end` is built from the successful
 * attempt alone, and tool calls are only yielded once a reply is complete.
 */
export async function* withStreamRetry<T>(
  call: (signal: AbortSignal | undefined) => AsyncGenerator<T>,
  policy: RetryPolicy,
): AsyncGenerator<T> {
  for (let attempt = 1; ; attempt++) {
    const idle = startIdleWatch(policy)
    try {
      for await (const event of call(idle.signal)) {
        idle.stop() // the consumer's time (tools, logs) is not the API's
        yield event
        idle.restart()
      }
      const stalled = idle.failure()
      if (stalled) throw stalled
      return
    } catch (error) {
      await waitToRetry(idle.failure() ?? error, attempt, policy)
    } finally {
      idle.stop()
    }
  }
}

interface IdleWatch {
  /** The caller's signal, aborted too when the attempt goes idle. */
  signal: AbortSignal | undefined
  /** The retryable error, once the attempt went idle. */
  failure(): ProviderError | undefined
  restart(): void
  stop(): void
}

/**
 * Aborts an attempt that receives nothing for `idleTimeoutMs`: a server
 * that accepts the connection and then sends nothing would otherwise hold
 * the run until its whole budget is gone.
 */
function startIdleWatch(policy: RetryPolicy): IdleWatch {
  const ms = policy.idleTimeoutMs
  if (ms === undefined || !(ms > 0)) {
    return {
      signal: policy.signal,
      failure: () => undefined,
      restart: () => {},
      stop: () => {},
    }
  }
  const controller = new AbortController()
  let failure: ProviderError | undefined
  let timer: NodeJS.Timeout | undefined
  const restart = (): void => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      failure = new ProviderError(
        `${policy.provider} sent nothing for ${ms / 1000} s (model-idle-timeout)`,
        { provider: policy.provider, retryable: true },
      )
      controller.abort(failure)
    }, ms)
  }
  restart()
  return {
    signal: policy.signal
      ? AbortSignal.any([policy.signal, controller.signal])
      : controller.signal,
    failure: () => failure,
    restart,
    stop: () => clearTimeout(timer),
  }
}

/** Sleeps before the next attempt, or throws the error that ends the call. */
async function waitToRetry(
  error: unknown,
  attempt: number,
  policy: RetryPolicy,
): Promise<void> {
  if (policy.signal?.aborted) throw abortedError(policy, error)
  const failure =
    error instanceof ProviderError ? error : policy.toProviderError(error)
  if (!failure.retryable) throw failure
  if (attempt >= policy.maxAttempts) {
    throw attempt > 1
      ? giveUp(failure, `gave up after ${attempt} attempts`)
      : failure
  }
  const requested = retryAfterMs(failure.cause)
  const delay = requested ?? backoffMs(attempt, policy.baseDelayMs)
  if (delay > MAX_RETRY_WAIT_MS) {
    throw giveUp(failure, `the API asked to wait ${Math.ceil(delay / 1000)} s`)
  }
  if (policy.deadline !== undefined && Date.now() + delay > policy.deadline) {
    throw giveUp(failure, 'no time left to retry before the deadline')
  }
  policy.onRetry?.({
    provider: policy.provider,
    reason: failure.message,
    attempt: attempt + 1,
    maxAttempts: policy.maxAttempts,
    waitMs: Math.round(delay),
  })
  try {
    await sleep(delay, policy.signal)
  } catch (abort) {
    throw abortedError(policy, abort)
  }
}

function backoffMs(attempt: number, baseDelayMs: number): number {
  // Jitter takes off up to a quarter so parallel runs do not retry in step.
  return baseDelayMs * 2 ** (attempt - 1) * (1 - Math.random() * 0.25)
}

function giveUp(failure: ProviderError, why: string): ProviderError {
  return new ProviderError(`${failure.message} (${why})`, {
    provider: failure.provider,
    status: failure.status,
    retryable: failure.retryable,
    cause: failure.cause,
  })
}

function abortedError(policy: RetryPolicy, cause: unknown): ProviderError {
  const reason: unknown = policy.signal?.reason
  // Duck-typed: a DOMException or an Error from another realm says it too.
  const message: unknown =
    typeof reason === 'object' && reason !== null
      ? Reflect.get(reason, 'message')
      : undefined
  const why = typeof message === 'string' && message ? `: ${message}` : ''
  return new ProviderError(`${policy.provider} request was aborted${why}`, {
    provider: policy.provider,
    cause: reason ?? cause,
  })
}

/**
 * The wait a response asked for, from `retry-after-ms` (OpenAI) or
 * `retry-after` (seconds or an HTTP date, RFC 9110 §10.2.3).
 */
export function retryAfterMs(
  cause: unknown,
  now: number = Date.now(),
): number | undefined {
  if (!hasHeaders(cause)) return undefined
  const milliseconds = Number.parseFloat(
    cause.headers.get('retry-after-ms') ?? '',
  )
  if (Number.isFinite(milliseconds)) return Math.max(0, milliseconds)
  const raw = cause.headers.get('retry-after')
  if (raw === null) return undefined
  const seconds = Number.parseFloat(raw)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(raw)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

interface HeaderReader {
  get(name: string): string | null
}

// Duck-typed: the SDKs' `Headers` may come from another realm than ours.
function hasHeaders(value: unknown): value is { headers: HeaderReader } {
  if (typeof value !== 'object' || value === null) return false
  const headers: unknown = Reflect.get(value, 'headers')
  return (
    typeof headers === 'object' &&
    headers !== null &&
    typeof Reflect.get(headers, 'get') === 'function'
  )
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted()
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
