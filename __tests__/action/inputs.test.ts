import {
  InputError,
  missingKeyMessage,
  parseInputs,
} from '../../src/action/inputs.js'

function inputs(values: Record<string, string>, env: NodeJS.ProcessEnv = {}) {
  return parseInputs((name) => values[name] ?? '', env)
}

test('defaults match action.yml', () => {
  expect(inputs({ 'api-key': 'sk-x' })).toEqual({
    task: '',
    labelTrigger: '',
    assigneeTrigger: '',
    fixCiAttempts: 2,
    triggerPhrase: '/agent',
    provider: 'openai',
    model: undefined,
    apiKey: 'sk-x',
    baseUrl: undefined,
    maxTurns: 30,
    maxTokens: undefined,
    maxCostUsd: undefined,
    contextWindow: 1_047_576, // gpt-4.1, the default model
    // gpt-4.1, the default model, from the built-in table.
    price: { input: 2, cachedInput: 0.5, cacheWrite: 2, output: 8 },
    budgetMinutes: 30,
    toolTimeoutSeconds: 120,
    maxParallelTools: 8,
    maxProcesses: 256,
    maxMemoryMb: 2048,
    maxFileSizeMb: 1024,
    thinking: false,
    reasoning: 'off',
    stream: true,
    logLanguage: 'zh',
    instructions: '',
    commit: false,
    pullRequest: false,
    branchPrefix: 'harness9/',
    githubToken: '',
    allowedBots: [],
    sandbox: 'auto',
    network: true,
    protectedPaths: [],
    allowWorkflowChanges: false,
    uploadArtifacts: true,
    modelIdleTimeoutSeconds: 120,
    mode: 'task',
    reviewFailOn: 'never',
    reviewMaxLines: 3000,
    checkRun: false,
    reviewerLogin: '',
  })
})

test('review inputs: mode, the severity to fail on, the size limit', () => {
  expect(
    inputs({
      mode: 'review',
      'review-fail-on': 'major',
      'review-max-lines': '500',
      'check-run': 'true',
      'reviewer-login': 'harness9-bot',
    }),
  ).toMatchObject({
    mode: 'review',
    reviewFailOn: 'major',
    reviewMaxLines: 500,
    checkRun: true,
    reviewerLogin: 'harness9-bot',
  })
  expect(() => inputs({ mode: 'reveiw' })).toThrow(
    "Input 'mode' must be 'task' or 'review', got 'reveiw'.",
  )
  expect(() => inputs({ 'review-fail-on': 'high' })).toThrow(
    "Input 'review-fail-on' must be 'never' or 'critical' or 'major' or 'minor' or 'nit', got 'high'.",
  )
})

test("the provider follows the input, then the key's shape, then the environment", () => {
  expect(inputs({ provider: 'anthropic', 'api-key': 'k' }).provider).toBe(
    'anthropic',
  )
  expect(inputs({ 'api-key': 'sk-ant-api03-xyz' }).provider).toBe('anthropic')
  expect(inputs({ 'api-key': 'sk-proj-xyz' }).provider).toBe('openai')
  expect(inputs({}, { ANTHROPIC_API_KEY: 'a' })).toMatchObject({
    provider: 'anthropic',
    apiKey: 'a',
  })
  expect(
    inputs({}, { OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' }),
  ).toMatchObject({ provider: 'openai', apiKey: 'o' })
})

test.each([
  [
    'max-turns',
    'ten',
    "Input 'max-turns' must be a positive integer, got 'ten'.",
  ],
  ['max-turns', '0', "Input 'max-turns' must be a positive integer, got '0'."],
  [
    'max-tokens',
    '-5',
    "Input 'max-tokens' must be a positive integer, got '-5'.",
  ],
  [
    'budget-minutes',
    'soon',
    "Input 'budget-minutes' must be a positive number, got 'soon'.",
  ],
  [
    'tool-timeout',
    '0',
    "Input 'tool-timeout' must be a positive number, got '0'.",
  ],
  [
    'model-idle-timeout',
    'never',
    "Input 'model-idle-timeout' must be a positive number, got 'never'.",
  ],
  [
    'upload-artifacts',
    'sometimes',
    "Input 'upload-artifacts' must be true or false, got 'sometimes'.",
  ],
  [
    'max-parallel-tools',
    '0',
    "Input 'max-parallel-tools' must be a positive integer, got '0'.",
  ],
  [
    'max-memory-mb',
    '2G',
    "Input 'max-memory-mb' must be a positive integer, got '2G'.",
  ],
  ['thinking', 'yes', "Input 'thinking' must be true or false, got 'yes'."],
  [
    'log-language',
    'fr',
    "Input 'log-language' must be 'zh' or 'en', got 'fr'.",
  ],
  [
    'sandbox',
    'docker',
    "Input 'sandbox' must be 'auto' or 'bwrap' or 'none', got 'docker'.",
  ],
  [
    'provider',
    'gemini',
    "Input 'provider' must be 'openai' or 'anthropic', got 'gemini'.",
  ],
])(
  '%s=%s is one sentence naming the input and the value',
  (name, value, message) => {
    expect(() => inputs({ [name]: value })).toThrow(new InputError(message))
  },
)

test('numbers, booleans and lists are read as workflow authors write them', () => {
  const parsed = inputs({
    'max-turns': '5',
    'max-tokens': '200000',
    'budget-minutes': '1.5',
    'tool-timeout': '45',
    'max-parallel-tools': '3',
    'max-processes': '64',
    'max-memory-mb': '512',
    'max-file-size-mb': '10',
    thinking: 'True',
    stream: 'false',
    'allowed-bots': 'renovate[bot], dependabot[bot]\nmy-app[bot]',
    'protected-paths': 'infra/\n# a comment\nsecrets/*.pem',
  })
  expect(parsed).toMatchObject({
    maxTurns: 5,
    maxTokens: 200000,
    budgetMinutes: 1.5,
    toolTimeoutSeconds: 45,
    maxParallelTools: 3,
    maxProcesses: 64,
    maxMemoryMb: 512,
    maxFileSizeMb: 10,
    thinking: true,
    stream: false,
    allowedBots: ['renovate[bot]', 'dependabot[bot]', 'my-app[bot]'],
    protectedPaths: ['infra/', 'secrets/*.pem'],
  })
})

test('the missing-key sentence names the input and the secret', () => {
  expect(missingKeyMessage('anthropic')).toBe(
    "No API key for anthropic: set the input 'api-key' (for example api-key: ${{ secrets.ANTHROPIC_API_KEY }}) or the ANTHROPIC_API_KEY environment variable.",
  )
})

test('max-cost takes a positive number of USD', () => {
  expect(inputs({ 'api-key': 'k', 'max-cost': '0.5' }).maxCostUsd).toBe(0.5)
  expect(() => inputs({ 'api-key': 'k', 'max-cost': 'lots' })).toThrow(
    "Input 'max-cost' must be a positive number, got 'lots'.",
  )
})

test('max-cost for a model without a known price names the pricing input', () => {
  expect(() =>
    inputs({ 'api-key': 'k', model: 'my-local-model', 'max-cost': '1' }),
  ).toThrow(
    "Input 'max-cost' needs the price of model 'my-local-model', which harness9 does not know: set the input 'pricing' (for example pricing: input=3,output=15).",
  )
})

test('pricing adds a model or overrides the built-in price', () => {
  expect(
    inputs({
      'api-key': 'k',
      model: 'my-local-model',
      pricing: 'input=1,output=2',
    }).price,
  ).toEqual({ input: 1, cachedInput: 1, cacheWrite: 1, output: 2 })
  expect(
    inputs({ 'api-key': 'k', model: 'gpt-4.1', pricing: 'output=9' }).price,
  ).toEqual({ input: 2, cachedInput: 0.5, cacheWrite: 2, output: 9 })
  expect(inputs({ 'api-key': 'k', model: 'my-local-model' }).price).toBe(
    undefined,
  )
})

test('a malformed pricing input says what a price looks like', () => {
  expect(() => inputs({ 'api-key': 'k', pricing: 'input=cheap' })).toThrow(
    "Input 'pricing' is not valid: 'input=cheap' is not a price: write key=USD-per-million-tokens with a key of input, output, cache-read, cache-write.",
  )
  expect(() =>
    inputs({ 'api-key': 'k', model: 'my-local-model', pricing: 'input=1' }),
  ).toThrow(
    "Input 'pricing' is not valid: both input= and output= are needed for a model without a built-in price.",
  )
})

test('context-window: the known window of the model, or the input', () => {
  expect(inputs({ 'api-key': 'sk-x', model: 'gpt-4o' }).contextWindow).toBe(
    128_000,
  )
  expect(
    inputs({ 'api-key': 'sk-x', 'context-window': '32000' }).contextWindow,
  ).toBe(32_000)
  expect(() => inputs({ 'api-key': 'sk-x', 'context-window': 'big' })).toThrow(
    /context-window/,
  )
})

test('no fallback-model, no fallback', () => {
  expect(inputs({ 'api-key': 'sk-x' }).fallback).toBeUndefined()
})

test('a fallback on the same provider shares its key and endpoint and has the built-in price', () => {
  expect(
    inputs({
      'api-key': 'sk-x',
      'base-url': 'http://proxy.example/v1',
      pricing: 'input=100,output=100',
      'fallback-model': 'gpt-4.1-mini',
    }).fallback,
  ).toEqual({
    provider: 'openai',
    model: 'gpt-4.1-mini',
    apiKey: 'sk-x',
    baseUrl: 'http://proxy.example/v1',
    // `pricing` is the primary's: the fallback keeps the table's price.
    price: { input: 0.4, cachedInput: 0.1, cacheWrite: 0.4, output: 1.6 },
  })
})

test('a fallback on another provider reads its own key, or the fallback inputs', () => {
  const env = { ANTHROPIC_API_KEY: 'sk-ant-env' }
  const fromEnv = inputs(
    {
      'api-key': 'sk-x',
      'base-url': 'http://proxy.example/v1',
      'fallback-provider': 'anthropic',
      'fallback-model': 'claude-haiku-4-5',
    },
    env,
  ).fallback
  expect(fromEnv).toMatchObject({
    provider: 'anthropic',
    apiKey: 'sk-ant-env',
    baseUrl: undefined,
  })
  const given = inputs(
    {
      'api-key': 'sk-x',
      'fallback-provider': 'anthropic',
      'fallback-model': 'claude-haiku-4-5',
      'fallback-api-key': 'sk-ant-given',
      'fallback-base-url': 'http://127.0.0.1:9/',
    },
    env,
  ).fallback
  expect(given).toMatchObject({
    apiKey: 'sk-ant-given',
    baseUrl: 'http://127.0.0.1:9/',
  })
})

test('fallback inputs without fallback-model, or a wrong fallback-provider, are input errors', () => {
  expect(() =>
    inputs({ 'api-key': 'sk-x', 'fallback-provider': 'anthropic' }),
  ).toThrow(InputError)
  expect(() =>
    inputs({
      'api-key': 'sk-x',
      'fallback-model': 'm',
      'fallback-provider': 'groq',
    }),
  ).toThrow(
    "Input 'fallback-provider' must be 'openai' or 'anthropic', got 'groq'.",
  )
})

test('max-cost with a fallback of unknown price is an input error naming pricing', () => {
  expect(() =>
    inputs({
      'api-key': 'sk-x',
      'max-cost': '1',
      'fallback-model': 'my-local-model',
    }),
  ).toThrow(
    /Input 'max-cost' needs the price of the fallback model 'my-local-model'.*'pricing' applies to the primary model only/,
  )
  expect(
    inputs({ 'api-key': 'sk-x', 'max-cost': '1', 'fallback-model': 'gpt-4o' })
      .maxCostUsd,
  ).toBe(1)
})
