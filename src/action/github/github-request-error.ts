import { isJsonObject, readString } from './json-fields.js'
import { errorMessage } from '../../util/error-message.js'

// Token shapes GitHub issues; a message is scrubbed of them before it is shown.
const TOKEN_PATTERN =
  /\b(?:gh[pousr]_[A-Za-z0-9_]{16,}|github_pat_[A-Za-z0-9_]{20,})\b|\b(?:token|bearer)\s+[A-Za-z0-9_.\-]{16,}/gi

/** A failed GitHub REST call, with a sentence naming what failed. */
export class GitHubRequestError extends Error {
  /** HTTP status, when GitHub answered at all. */
  readonly status: number | undefined

  constructor(message: string, status: number | undefined) {
    super(message)
    this.name = 'GitHubRequestError'
    this.status = status
  }
}

/**
 * Turns whatever Octokit threw into a GitHubRequestError:
 * "Could not <what>: GitHub answered HTTP 403 (Resource not accessible)."
 * The original error is not kept as `cause`, so no request detail can leak.
 */
export function toGitHubRequestError(
  what: string,
  error: unknown,
): GitHubRequestError {
  const status = readStatus(error)
  const apiMessage = readApiMessage(error)
  if (status !== undefined && apiMessage !== undefined) {
    return new GitHubRequestError(
      scrubTokens(
        `Could not ${what}: GitHub answered HTTP ${status} (${apiMessage}).`,
      ),
      status,
    )
  }
  if (causeNames(error).some((name) => /^(Timeout|Abort)Error$/.test(name))) {
    return new GitHubRequestError(
      `Could not ${what}: the request timed out.`,
      undefined,
    )
  }
  const detail = errorMessage(error)
  const code = readCauseCode(error)
  const withCode =
    code && !detail.includes(code) ? `${detail} (${code})` : detail
  return new GitHubRequestError(
    scrubTokens(`Could not ${what}: ${describeDetail(withCode)}.`),
    undefined,
  )
}

/**
 * "fetch failed" says little: the system error code (ECONNREFUSED, …) sits in
 * the causes.
 */
function readCauseCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && isJsonObject(current); depth++) {
    const code = readString(current, 'code')
    if (code) return code
    const nested = Array.isArray(current.errors) ? current.errors[0] : undefined
    current = isJsonObject(current.cause) ? current.cause : nested
  }
  return undefined
}

function describeDetail(detail: string): string {
  return (
    detail.trim().replace(/\.$/, '') || 'the request failed with no message'
  )
}

/**
 * Names along the `cause` chain; a timeout may come from another realm, so no
 * instanceof.
 */
function causeNames(error: unknown): string[] {
  const names: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 5 && isJsonObject(current); depth++) {
    const name = readString(current, 'name')
    if (name) names.push(name)
    current = current.cause
  }
  return names
}

/**
 * Octokit's RequestError carries `status` and `response`; a network error has
 * no response.
 */
function readStatus(error: unknown): number | undefined {
  if (!isJsonObject(error) || !isJsonObject(error.response)) return undefined
  const status = error.status
  return typeof status === 'number' ? status : undefined
}

function readApiMessage(error: unknown): string | undefined {
  if (!isJsonObject(error) || !isJsonObject(error.response)) return undefined
  const data = error.response.data
  const message = readString(data, 'message')
  if (message) return [message, ...readErrorDetails(data)].join(': ')
  if (typeof data === 'string' && data.trim()) return data.trim().slice(0, 200)
  return 'no message'
}

/**
 * "Validation Failed" alone says little; GitHub puts the reason in `errors`.
 */
function readErrorDetails(data: unknown): string[] {
  if (!isJsonObject(data) || !Array.isArray(data.errors)) return []
  return data.errors.flatMap((item: unknown) => {
    const message = readString(item, 'message')
    return message ? [message] : []
  })
}

/** Replaces anything shaped like a GitHub token with `***`. */
export function scrubTokens(text: string): string {
  return text.replace(TOKEN_PATTERN, '***')
}
