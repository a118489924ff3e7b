import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AnthropicProvider } from '../../src/providers/anthropic.js'
import {
  createProvider,
  detectProvider,
  PROVIDER_TABLE,
  providerRow,
} from '../../src/providers/create-provider.js'
import { OpenAIProvider } from '../../src/providers/openai.js'
import { ProviderError } from '../../src/providers/provider.js'
import { startLlmServer } from '../helpers/llm-server.js'

const DEFAULT_OPENAI_MODEL = providerRow('openai').defaultModel
const DEFAULT_ANTHROPIC_MODEL = providerRow('anthropic').defaultModel

test('each provider with its default model', async () => {
  const env = { OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' }
  const openai = await createProvider({ provider: 'openai', env })
  const anthropic = await createProvider({ provider: 'anthropic', env })
  expect(openai).toBeInstanceOf(OpenAIProvider)
  expect(anthropic).toBeInstanceOf(AnthropicProvider)
  expect([openai.name, openai.model]).toEqual(['openai', DEFAULT_OPENAI_MODEL])
  expect([anthropic.name, anthropic.model]).toEqual([
    'anthropic',
    DEFAULT_ANTHROPIC_MODEL,
  ])
  expect([DEFAULT_OPENAI_MODEL, DEFAULT_ANTHROPIC_MODEL]).toEqual([
    'gpt-4.1',
    'claude-sonnet-4-6',
  ])
})

test('a model and key given as options are used', async () => {
  const provider = await createProvider({
    provider: 'anthropic',
    model: 'claude-opus-4-1',
    apiKey: 'explicit',
    env: {},
  })
  expect(provider.model).toBe('claude-opus-4-1')
})

test('a missing key fails with the sentence naming the variable', async () => {
  await expect(createProvider({ provider: 'openai', env: {} })).rejects.toThrow(
    'OpenAI API key missing: set OPENAI_API_KEY.',
  )
})

test('the SDK modules are loaded only by dynamic import', () => {
  const source = readFileSync(
    join(import.meta.dirname, '../../src/providers/create-provider.ts'),
    'utf8',
  )
  expect(source).toContain("await import('./openai.js')")
  expect(source).toContain("await import('./anthropic.js')")
  expect(source).not.toMatch(/from '\.\/(openai|anthropic)\.js'/)
})

test.each([
  [{ OPENAI_API_KEY: 'o' }, 'openai'],
  [{ ANTHROPIC_API_KEY: 'a' }, 'anthropic'],
  [{ OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' }, 'openai'],
  [{ OPENAI_API_KEY: '', ANTHROPIC_API_KEY: 'a' }, 'anthropic'],
])('detectProvider(%j) is %s', (env, expected) => {
  expect(detectProvider(env)).toBe(expected)
})

test('detectProvider without any key names both variables', () => {
  expect(() => detectProvider({ OPENAI_API_KEY: '' })).toThrow(
    'No API key found: set OPENAI_API_KEY or ANTHROPIC_API_KEY',
  )
})

describe.each(PROVIDER_TABLE.map((row) => [row.name, row] as const))(
  'the table row of %s',
  (_name, row) => {
    test('its loader gives the adapter createProvider builds, named and with its default model', async () => {
      const Adapter = await row.load()
      const env = { [row.keyVariable]: 'key' }
      const direct = new Adapter({ model: row.defaultModel, env })
      const created = await createProvider({ provider: row.name, env })
      expect(created).toBeInstanceOf(Adapter)
      expect([direct.name, direct.model]).toEqual([row.name, row.defaultModel])
      expect([created.name, created.model]).toEqual([
        row.name,
        row.defaultModel,
      ])
      const chosen = await createProvider({
        provider: row.name,
        model: 'another-model',
        env,
      })
      expect(chosen.model).toBe('another-model')
    })

    test('its adapter sends its key variable to its base-URL variable', async () => {
      const server = await startLlmServer()
      try {
        server.enqueue({
          status: 400,
          json: { error: { type: 'invalid_request_error', message: 'no' } },
        })
        const provider = await createProvider({
          provider: row.name,
          maxRetries: 0,
          env: {
            [row.keyVariable]: 'key-from-the-row-variable',
            [row.baseUrlVariable]: `${server.url}/row-base`,
          },
        })
        const failure = provider.generate(
          [{ role: 'user', content: 'hi' }],
          null,
        )
        await expect(failure).rejects.toBeInstanceOf(ProviderError)
        await expect(failure).rejects.toThrow(
          `${row.name} request failed (HTTP 400): no`,
        )
        expect(server.requests).toHaveLength(1)
        const [request] = server.requests
        expect(request?.path).toMatch(/^\/row-base\//)
        expect(Object.values(request?.headers ?? {}).join('\n')).toContain(
          'key-from-the-row-variable',
        )
        expect(server.misses).toEqual([])
      } finally {
        await server.close()
      }
    })

    test('a missing key names its label and key variable', async () => {
      await expect(
        createProvider({ provider: row.name, env: {} }),
      ).rejects.toThrow(`${row.label} API key missing: set ${row.keyVariable}.`)
    })
  },
)

test('detectProvider follows the table order and names every key variable', () => {
  const everyKey = Object.fromEntries(
    PROVIDER_TABLE.map((row) => [row.keyVariable, 'key']),
  )
  expect(detectProvider(everyKey)).toBe(PROVIDER_TABLE[0].name)
  for (const [index, row] of PROVIDER_TABLE.entries()) {
    const laterKeys = Object.fromEntries(
      PROVIDER_TABLE.slice(index).map((later) => [later.keyVariable, 'key']),
    )
    expect(detectProvider(laterKeys)).toBe(row.name)
  }
  for (const row of PROVIDER_TABLE) {
    expect(() => detectProvider({})).toThrow(row.keyVariable)
  }
})
