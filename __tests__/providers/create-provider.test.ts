import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AnthropicProvider } from '../../src/providers/anthropic.js'
import {
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_MODEL,
  createProvider,
  detectProvider,
} from '../../src/providers/create-provider.js'
import { OpenAIProvider } from '../../src/providers/openai.js'

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
