import {
  parseCliArgs,
  USAGE,
  UsageError,
  type CliCommand,
} from '../../src/cli/parse-args.js'

const CWD = '/home/user/project'

function parseRun(argv: string[]) {
  const command: CliCommand = parseCliArgs(argv, CWD)
  if (command.kind !== 'run')
    throw new Error(`expected a run, got ${command.kind}`)
  return command.options
}

function usageErrorOf(argv: string[]): UsageError {
  try {
    parseCliArgs(argv, CWD)
  } catch (error) {
    if (error instanceof UsageError) return error
    throw error
  }
  throw new Error(`parseCliArgs(${JSON.stringify(argv)}) did not throw`)
}

test('a bare task runs with the defaults', () => {
  expect(parseRun(['Fix the failing test'])).toEqual({
    task: 'Fix the failing test',
    workdir: CWD,
    provider: undefined,
    model: undefined,
    baseUrl: undefined,
    maxTurns: 30,
    timeoutMinutes: undefined,
    toolTimeoutSeconds: 120,
    thinking: false,
    reasoning: 'off',
    stream: true,
    logLanguage: 'zh',
    transcript: undefined,
    sandbox: 'auto',
  })
})

test('every option is read into its field', () => {
  const options = parseRun([
    '--workdir',
    '/tmp/elsewhere',
    '--provider',
    'anthropic',
    '--model',
    'claude-opus-4-1',
    '--base-url',
    'http://127.0.0.1:9/v1',
    '--max-turns',
    '7',
    '--timeout',
    '2.5',
    '--tool-timeout',
    '45',
    '--thinking',
    '--reasoning',
    'high',
    '--no-stream',
    '--log-lang',
    'en',
    '--transcript',
    'run.jsonl',
    '--sandbox',
    'none',
    'Add a flag',
  ])
  expect(options).toEqual({
    task: 'Add a flag',
    workdir: '/tmp/elsewhere',
    provider: 'anthropic',
    model: 'claude-opus-4-1',
    baseUrl: 'http://127.0.0.1:9/v1',
    maxTurns: 7,
    timeoutMinutes: 2.5,
    toolTimeoutSeconds: 45,
    thinking: true,
    reasoning: 'high',
    stream: false,
    logLanguage: 'en',
    transcript: 'run.jsonl',
    sandbox: 'none',
  })
})

test('options may use the --name=value form and come after the task', () => {
  const options = parseRun(['do it', '--provider=openai', '--max-turns=3'])
  expect([options.task, options.provider, options.maxTurns]).toEqual([
    'do it',
    'openai',
    3,
  ])
})

test('several positionals join into one task', () => {
  expect(parseRun(['fix', 'the', 'bug']).task).toBe('fix the bug')
})

test('a task that looks like an option goes after --', () => {
  expect(parseRun(['--', '--help me']).task).toBe('--help me')
})

test('--no-stream turns streaming off and --thinking turns planning on', () => {
  expect(parseRun(['t']).stream).toBe(true)
  expect(parseRun(['--no-stream', 't']).stream).toBe(false)
  expect(parseRun(['t']).thinking).toBe(false)
  expect(parseRun(['--thinking', 't']).thinking).toBe(true)
})

test.each([
  ['--help'],
  ['-h'],
  ['--help', 'a task'],
  ['--provider', 'openai', '-h'],
])('%s asks for help', (...argv) => {
  expect(parseCliArgs(argv, CWD)).toEqual({ kind: 'help' })
})

test.each([['--version'], ['-v'], ['-v', 'a task']])(
  '%s asks for the version',
  (...argv) => {
    expect(parseCliArgs(argv, CWD)).toEqual({ kind: 'version' })
  },
)

test('--sandbox takes auto, bwrap or none and nothing else', () => {
  expect(parseRun(['--sandbox', 'bwrap', 't']).sandbox).toBe('bwrap')
  expect(parseRun(['--sandbox=auto', 't']).sandbox).toBe('auto')
  expect(usageErrorOf(['--sandbox', 'docker', 't']).message).toBe(
    "--sandbox must be auto, bwrap or none, got 'docker'.",
  )
})

test('the usage text says that without the sandbox the commands run as you', () => {
  expect(USAGE).toContain(
    "Without the sandbox (--sandbox none, or auto where bubblewrap cannot start)\nthe model's commands run with your own rights",
  )
})

test('the usage text names every option', () => {
  for (const option of [
    '--workdir',
    '--provider',
    '--model',
    '--base-url',
    '--max-turns',
    '--timeout',
    '--tool-timeout',
    '--thinking',
    '--no-stream',
    '--log-lang',
    '--transcript',
    '--sandbox',
    '--help',
    '--version',
  ]) {
    expect(USAGE).toContain(option)
  }
})

test.each([[[]], [['']], [['   ']], [['--thinking']]])(
  'no task (%j) is a usage error',
  (argv) => {
    const error = usageErrorOf(argv)
    expect(error.name).toBe('UsageError')
    expect(error.message).toBe(
      'No task given: pass it as the last argument, in quotes.',
    )
  },
)

test.each([
  ['--max-turns', '0', 'a positive integer'],
  ['--max-turns', '-3', 'a positive integer'],
  ['--max-turns', '2.5', 'a positive integer'],
  ['--max-turns', 'ten', 'a positive integer'],
  ['--max-turns', '1e3', 'a positive integer'],
  ['--timeout', '0', 'a positive number'],
  ['--timeout', 'soon', 'a positive number'],
  ['--timeout', '', 'a positive number'],
  ['--tool-timeout', '0', 'a positive number'],
  ['--tool-timeout', '-1', 'a positive number'],
  ['--tool-timeout', '5s', 'a positive number'],
])('%s %j is a usage error', (option, value, kind) => {
  const error = usageErrorOf([`${option}=${value}`, 'task'])
  expect(error.message).toBe(`${option} must be ${kind}, got '${value}'.`)
})

test('a bad provider is a usage error naming the choices', () => {
  expect(usageErrorOf(['--provider', 'gemini', 'task']).message).toBe(
    "--provider must be openai or anthropic, got 'gemini'.",
  )
})

test('a bad reasoning level is a usage error naming the choices', () => {
  expect(usageErrorOf(['--reasoning', 'max', 'task']).message).toBe(
    "--reasoning must be off, low, medium or high, got 'max'.",
  )
})

test('a bad log language is a usage error naming the choices', () => {
  expect(usageErrorOf(['--log-lang', 'fr', 'task']).message).toBe(
    "--log-lang must be zh or en, got 'fr'.",
  )
})

test.each([
  [['--bogus', 'task'], "Unknown option '--bogus'"],
  [['-x', 'task'], "Unknown option '-x'"],
  [['--no-workdir', 'task'], "Unknown option '--no-workdir'"],
  [['task', '--model'], "Option '--model <value>' argument missing"],
  [['--thinking=yes', 'task'], "Option '--thinking' does not take an argument"],
])('%j is a usage error: %s', (argv, message) => {
  const error = usageErrorOf(argv)
  expect(error).toBeInstanceOf(UsageError)
  expect(error.message).toContain(message)
})

test('--context-window takes a whole number of tokens', () => {
  expect(parseRun(['--context-window', '32000', 'Go']).contextWindow).toBe(
    32_000,
  )
  expect(parseRun(['Go']).contextWindow).toBeUndefined()
  expect(usageErrorOf(['--context-window', '0.5', 'Go']).message).toContain(
    '--context-window',
  )
})

test('--fallback-model names the model to continue on', () => {
  expect(
    parseRun(['--fallback-model', 'gpt-4.1-mini', 'Go']).fallbackModel,
  ).toBe('gpt-4.1-mini')
  expect(parseRun(['Go']).fallbackModel).toBeUndefined()
})
