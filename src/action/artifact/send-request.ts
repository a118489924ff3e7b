import { setTimeout as sleep } from 'node:timers/promises'

/** Why an artifact upload failed, in one sentence a workflow author can read. */
export class ArtifactUploadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ArtifactUploadError'
  }
}

/** The upload's time and how it retries, shared by all of its requests. */
export interface UploadLimits {
  /** Aborts when the time for the whole upload is up, at `deadline`. */
  signal: AbortSignal
  deadline: number
  /** The time the upload was given, for the message. */
  timeLeftMs: number
  /** A wait before each retry; as many retries as entries. */
  retryDelaysMs: readonly number[]
}

/** One HTTP request of the upload. */
export interface UploadRequest {
  /** What it is, for messages: "the results service's CreateArtifact". */
  what: string
  url: string
  method: 'POST' | 'PUT'
  headers: Record<string, string>
  body: string | Uint8Array
  /** Why a non-2xx answer failed, from its status and body. */
  describeRefusal(status: number, body: string): string
}

/** Statuses worth another try: overload, rate limit, a passing fault. */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504])

/**
 * Sends `request` and returns the 2xx answer's body; retries network faults
 * and retryable statuses after `retryDelaysMs`; stops when the signal
 * aborts. Every failure is an `ArtifactUploadError` of one sentence.
 */
export async function sendRequest(
  request: UploadRequest,
  limits: UploadLimits,
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const retry = attempt < limits.retryDelaysMs.length
    const outcome = await attemptRequest(request, limits)
    if (outcome.ok) return outcome.body
    if (!retry || !outcome.retryable) {
      const tries = attempt > 0 ? ` (${attempt + 1} attempts)` : ''
      throw new ArtifactUploadError(`${outcome.message}${tries}`)
    }
    try {
      await sleep(limits.retryDelaysMs[attempt], undefined, {
        signal: limits.signal,
      })
    } catch {
      throw outOfTime(request, limits)
    }
  }
}

type Outcome =
  | { ok: true; body: string }
  | { ok: false; message: string; retryable: boolean }

/** The body of a 2xx answer, or why there was none. */
async function attemptRequest(
  request: UploadRequest,
  limits: UploadLimits,
): Promise<Outcome> {
  if (limits.signal.aborted || Date.now() >= limits.deadline)
    throw outOfTime(request, limits)
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: limits.signal,
    })
    const body = await response.text()
    if (response.ok) return { ok: true, body }
    return {
      ok: false,
      message: request.describeRefusal(response.status, body),
      retryable: RETRYABLE_STATUSES.has(response.status),
    }
  } catch (error) {
    if (limits.signal.aborted) throw outOfTime(request, limits)
    return {
      ok: false,
      message: `could not reach ${request.what}: ${networkReason(error)}`,
      retryable: true,
    }
  }
}

function outOfTime(
  request: UploadRequest,
  limits: UploadLimits,
): ArtifactUploadError {
  return new ArtifactUploadError(
    `the upload took more than ${limits.timeLeftMs / 1000} s and stopped at ${request.what}`,
  )
}

/**
 * fetch's "fetch failed" hides the reason in its cause (ECONNREFUSED…).
 * Duck-typed: fetch's errors may come from another realm than `Error`.
 */
function networkReason(error: unknown): string {
  const { cause, message } = (error ?? {}) as {
    cause?: unknown
    message?: unknown
  }
  const { code, message: causeMessage } = (cause ?? {}) as {
    code?: unknown
    message?: unknown
  }
  if (typeof code === 'string') return code
  if (typeof causeMessage === 'string') return causeMessage
  return typeof message === 'string' ? message : String(error)
}
