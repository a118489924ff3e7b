import { ProviderError } from './provider.js'
import { isRetryableStatus } from './retry.js'

/** What both SDKs' `APIError` carries: status, parsed error body, message. */
export interface ApiErrorFields {
  status: number | undefined
  error: unknown
  message: string
}

// Error types a stream may report after a 200 that clear up on their own
// (https://docs.anthropic.com/en/api/errors#error-shapes).
const RETRYABLE_ERROR_TYPES = new Set([
  'api_error',
  'overloaded_error',
  'rate_limit_error',
  'server_error',
  'timeout_error',
])

// An API message longer than this (a proxy's HTML page) is cut in the error.
const MAX_API_MESSAGE_CHARS = 500

/**
 * An SDK `APIError` as our error: `openai request failed (HTTP 401): Incorrect
 * API key provided`. Without a status it was an error event inside a stream.
 */
export function mapApiError(
  provider: string,
  error: ApiErrorFields,
): ProviderError {
  const apiMessage = truncate(
    findString(error.error, 'message') ?? withoutStatus(error.message),
  )
  const malformedToolCall = describeMalformedToolCall(error.error, apiMessage)
  if (malformedToolCall) {
    return new ProviderError(
      `${provider} rejected a tool call the model wrote: ${apiMessage}`,
      { provider, status: error.status, cause: error, malformedToolCall },
    )
  }
  if (error.status === undefined) {
    const type = findString(error.error, 'type') ?? ''
    return new ProviderError(
      `${provider} stream reported an error: ${apiMessage}`,
      { provider, retryable: RETRYABLE_ERROR_TYPES.has(type), cause: error },
    )
  }
  return new ProviderError(
    `${provider} request failed (HTTP ${error.status}): ${apiMessage}`,
    {
      provider,
      status: error.status,
      retryable: isRetryableStatus(error.status),
      cause: error,
    },
  )
}

/**
 * Groq (and servers that copy it) check a call against its schema and answer
 * `code: tool_use_failed` with the model's text in `failed_generation`,
 * in the stream or as a 400. What the model is told, or undefined.
 * https://console.groq.com/docs/tool-use
 */
function describeMalformedToolCall(
  body: unknown,
  apiMessage: string,
): string | undefined {
  if (findString(body, 'code') !== 'tool_use_failed') return undefined
  const generation = findString(body, 'failed_generation')
  return (
    `Your last tool call was malformed and did not run: ${apiMessage}` +
    (generation ? `\nWhat you wrote: ${truncate(generation)}` : '') +
    "\nWrite the call again with arguments that match the tool's schema."
  )
}

/** No response, or the connection dropped mid-response: worth a retry. */
export function mapConnectionError(
  provider: string,
  error: Error,
): ProviderError {
  // The root cause names the problem ("connect ECONNREFUSED 127.0.0.1:9");
  // the layers above it say "Connection error." and "fetch failed".
  let root: unknown = error
  while (hasCause(root)) root = root.cause
  return new ProviderError(
    `${provider} request failed (connection error): ${messageOf(root)}`,
    { provider, retryable: true, cause: error },
  )
}

/**
 * A failure outside the SDK's error classes. Reading a response body whose
 * connection dropped throws undici's `TypeError: terminated`, and a stream cut
 * inside an event leaves JSON that does not parse: both are retried.
 */
export function mapUnexpectedError(
  provider: string,
  error: unknown,
): ProviderError {
  if (isDroppedConnection(error)) return mapConnectionError(provider, error)
  return new ProviderError(`${provider} request failed: ${messageOf(error)}`, {
    provider,
    cause: error,
  })
}

/** A stream that ended before the API said the reply was complete. */
export function streamCutOffError(
  provider: string,
  cause?: unknown,
): ProviderError {
  const detail = cause === undefined ? '' : `: ${messageOf(cause)}`
  return new ProviderError(
    `${provider} stream was cut off before the reply was complete${detail}`,
    { provider, retryable: true, cause },
  )
}

/**
 * Re-yields an SDK stream, reporting a connection dropped mid-stream (or an
 * event cut in half) as a cut-off stream, which is retried.
 */
export async function* readStream<T>(
  provider: string,
  stream: AsyncIterable<T>,
): AsyncGenerator<T> {
  try {
    yield* stream
  } catch (error) {
    throw isDroppedConnection(error)
      ? streamCutOffError(provider, error)
      : error
  }
}

/** The output token limit ended the reply inside a tool call's arguments. */
export function outputLimitError(
  provider: string,
  stopReason: string,
): ProviderError {
  return new ProviderError(
    `${provider} reply hit the output token limit in the middle of a tool ` +
      `call (stop reason '${stopReason}'); raise the limit or ask for ` +
      'smaller steps',
    { provider },
  )
}

/** The one sentence a user sees when no key is configured. */
export function missingKeyError(provider: {
  name: string
  label: string
  keyVariable: string
}): ProviderError {
  return new ProviderError(
    `${provider.label} API key missing: set ${provider.keyVariable}.`,
    { provider: provider.name },
  )
}

/** An SDK's two error classes: what `mapSdkError` tells failures apart by. */
export interface SdkErrorClasses {
  APIConnectionError: abstract new (...args: never[]) => Error
  APIError: abstract new (...args: never[]) => Error & ApiErrorFields
}

/** A failure of an SDK call (or of reading its stream) as our error. */
export function mapSdkError(
  provider: string,
  error: unknown,
  sdk: SdkErrorClasses,
): ProviderError {
  // Connection and abort errors are APIErrors without a status: test first.
  if (error instanceof sdk.APIConnectionError) {
    return mapConnectionError(provider, error)
  }
  if (error instanceof sdk.APIError) return mapApiError(provider, error)
  return mapUnexpectedError(provider, error)
}

// By name, not `instanceof`: undici's errors come from Node's own realm,
// which is not the realm of a test runner's vm context.
function isDroppedConnection(error: unknown): error is Error {
  if (!(typeof error === 'object' && error !== null)) return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  return (
    name === 'SyntaxError' || (name === 'TypeError' && message === 'terminated')
  )
}

function hasCause(error: unknown): error is { cause: unknown } {
  return (
    typeof error === 'object' &&
    error !== null &&
    Reflect.get(error, 'cause') !== undefined
  )
}

function messageOf(error: unknown): string {
  const message: unknown =
    typeof error === 'object' && error !== null
      ? Reflect.get(error, 'message')
      : undefined
  return typeof message === 'string' ? message : String(error)
}

/**
 * `body.error.key`, else `body.key`: Anthropic nests the error in the body
 * (`{type: 'error', error: {type, message}}`), OpenAI's SDK unwraps it.
 */
function findString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const nested = findString(Reflect.get(body, 'error'), key)
  if (nested !== undefined) return nested
  const value: unknown = Reflect.get(body, key)
  return typeof value === 'string' && value !== '' ? value : undefined
}

// The SDKs prefix the status ("401 Incorrect API key"); ours says it already.
function withoutStatus(message: string): string {
  return message.replace(/^\d{3} /, '')
}

function truncate(text: string): string {
  return text.length > MAX_API_MESSAGE_CHARS
    ? `${text.slice(0, MAX_API_MESSAGE_CHARS)}…`
    : text
}
