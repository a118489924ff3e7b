import { ProviderError } from '../../src/providers/provider.js'
import {
  isRetryableStatus,
  retryAfterMs,
  withRetry,
  type RetryPolicy,
} from '../../src/providers/retry.js'
import { rejectionOf } from './conversation.js'

function withHeaders(headers: Record<string, string>) {
  return { headers: new Headers(headers) }
}

function policy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  return {
    provider: 'test',
    maxAttempts: 4,
    baseDelayMs: 10,
    toProviderError: (error) =>
      new ProviderError(`test failed: ${String(error)}`, { provider: 'test' }),
    ...overrides,
  }
}

function failure(retryable: boolean, cause?: unknown): ProviderError {
  return new ProviderError('test request failed (HTTP 503): busy', {
    provider: 'test',
    status: 503,
    retryable,
    cause,
  })
}

test('retry-after-ms, retry-after seconds and an HTTP date', () => {
  const now = Date.parse('2025-01-01T00:00:00Z')
  expect(retryAfterMs(withHeaders({ 'retry-after-ms': '250' }), now)).toBe(250)
  expect(retryAfterMs(withHeaders({ 'retry-after': '3' }), now)).toBe(3000)
  expect(
    retryAfterMs(
      withHeaders({ 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }),
      now,
    ),
  ).toBe(7000)
  expect(retryAfterMs(withHeaders({ 'retry-after': 'soon' }), now)).toBe(
    undefined,
  )
  expect(retryAfterMs(withHeaders({}), now)).toBe(undefined)
  expect(retryAfterMs(new Error('no headers'), now)).toBe(undefined)
})

test('retryable statuses', () => {
  expect([408, 409, 429, 500, 502, 503, 529].every(isRetryableStatus)).toBe(
    true,
  )
  expect([400, 401, 403, 404, 413, 422].some(isRetryableStatus)).toBe(false)
})

test('retries a retryable failure and returns the later result', async () => {
  let calls = 0
  const result = await withRetry(async () => {
    calls++
    if (calls < 3) throw failure(true)
    return 'ok'
  }, policy())
  expect([result, calls]).toEqual(['ok', 3])
})

test('a failure that is not retryable is thrown at once, unchanged', async () => {
  let calls = 0
  const thrown = failure(false)
  const error = await rejectionOf(
    withRetry(async () => {
      calls++
      throw thrown
    }, policy()),
  )
  expect(error).toBe(thrown)
  expect(calls).toBe(1)
})

test('other errors are mapped by the policy', async () => {
  const error = await rejectionOf(
    withRetry(async () => {
      throw new Error('boom')
    }, policy()),
  )
  expect(error.message).toBe('test failed: Error: boom')
})

test('a wait longer than a minute is not waited for', async () => {
  const asked = failure(true, withHeaders({ 'retry-after': '3600' }))
  const error = await rejectionOf(
    withRetry(async () => {
      throw asked
    }, policy()),
  )
  expect(error.message).toBe(
    'test request failed (HTTP 503): busy (the API asked to wait 3600 s)',
  )
})

test('an abort during the wait rejects at once, naming the reason', async () => {
  const controller = new AbortController()
  const slow = failure(true, withHeaders({ 'retry-after': '30' }))
  setTimeout(() => controller.abort(new Error('cancelled')), 20)
  const started = Date.now()
  const error = await rejectionOf(
    withRetry(
      async () => {
        throw slow
      },
      policy({ signal: controller.signal }),
    ),
  )
  expect(error.message).toBe('test request was aborted: cancelled')
  expect(Date.now() - started).toBeLessThan(1000)
})
