import {
  startGithubServer,
  type GithubServer,
  type GithubServerOptions,
} from './github-server.js'
import { startLlmServer, type LlmServer } from './llm-server.js'

/**
 * A fixture started before each test and stopped after it, reached through
 * one module-level constant that always stands for the current test's
 * instance: `const server = perTest(startLlmServer, (s) => s.close())`.
 * Reading it outside a test throws.
 */
export function perTest<T extends object>(
  start: () => Promise<T>,
  stop: (fixture: T) => Promise<void> | void,
): T {
  let current: T | undefined
  beforeEach(async () => {
    current = await start()
  })
  afterEach(async () => {
    const fixture = current
    current = undefined
    if (fixture) await stop(fixture)
  })
  const now = (): T => {
    if (!current) throw new Error('perTest: the fixture exists only in a test')
    return current
  }
  return new Proxy({} as T, {
    get(_target, property) {
      const fixture = now()
      const value: unknown = Reflect.get(fixture, property, fixture)
      return typeof value === 'function' ? value.bind(fixture) : value
    },
    has: (_target, property) => Reflect.has(now(), property),
  })
}

/**
 * A loopback LLM server per test. After each test it asserts that no request
 * went unscripted and, with `allServed`, that every scripted reply was used.
 */
export function llmServerPerTest(
  options: { allServed?: boolean } = {},
): LlmServer {
  return perTest(startLlmServer, async (server) => {
    try {
      expect(server.misses).toEqual([])
      if (options.allServed) expect(server.pending).toBe(0)
    } finally {
      await server.close()
    }
  })
}

/**
 * A loopback GitHub API per test, started with `options`. With `noMisses`
 * it asserts after each test that no request went unscripted.
 */
export function githubServerPerTest(
  options: GithubServerOptions = {},
  check: { noMisses?: boolean } = {},
): GithubServer {
  return perTest(
    () => startGithubServer(options),
    async (server) => {
      try {
        if (check.noMisses) expect(server.misses).toEqual([])
      } finally {
        await server.close()
      }
    },
  )
}
