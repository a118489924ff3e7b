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
    budgetMinutes: 30,
    toolTimeoutSeconds: 120,
    thinking: false,
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
  })
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
