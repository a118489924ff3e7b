import { ProviderError } from './provider.js'

/** Attempts in all, the first one included. */
export const DEFAULT_MAX_ATTEMPTS = 4
/** First backoff wait; it doubles on each retry (0.5 s, 1 s, 2 s). */
export const DEFAULT_RETRY_BASE_DELAY_MS = 500
/** A server that asks for a longer wait than this is not waited for. */
export const MAX_RETRY_WAIT_MS = 60_000

export interface RetryPolicy {
  provider: string
  maxAttempts: number
  baseDelayMs: number
  signal?: AbortSignal
  /** Epoch ms: a wait that would end after it is not started. */
  deadline?: number
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

/** Runs `call`, retrying what `waitToRetry` allows. */
export async function withRetry<T>(
  call: () => Promise<T>,
  policy: RetryPolicy,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      await waitToRetry(error, attempt, policy)
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
  call: () => AsyncGenerator<T>,
  policy: RetryPolicy,
): AsyncGenerator<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      yield* call()
      return
    } catch (error) {
      await waitToRetry(error, attempt, policy)
    }
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
