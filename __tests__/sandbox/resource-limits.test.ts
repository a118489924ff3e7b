import { execFileSync } from 'node:child_process'
import {
  limitCommand,
  withResourceLimits,
} from '../../src/sandbox/resource-limits.js'

const LIMITS = {
  maxProcesses: 64,
  maxMemoryBytes: 512 * 1024 * 1024,
  maxFileSizeBytes: 5 * 1024 * 1024,
}

function run(argv: string[]): string {
  return execFileSync(argv[0], argv.slice(1), { encoding: 'utf8' })
}

test('the command runs with soft and hard limits set, in KiB for bash', () => {
  const argv = withResourceLimits(LIMITS, [
    'bash',
    '-c',
    'echo "$(ulimit -Su) $(ulimit -Hu) $(ulimit -Sd) $(ulimit -Hd) $(ulimit -Sf) $(ulimit -Hf)"',
  ])
  expect(run(argv)).toBe('64 64 524288 524288 5120 5120\n')
})

test('without a process limit the count is left as it was', () => {
  const before = run(['bash', '-c', 'ulimit -u']).trim()
  const argv = withResourceLimits({ ...LIMITS, maxProcesses: undefined }, [
    'bash',
    '-c',
    'echo "$(ulimit -u) $(ulimit -d)"',
  ])
  expect(run(argv)).toBe(`${before} 524288\n`)
})

test('a hard limit already lower than asked is kept, and the command still runs', () => {
  const argv = [
    'bash',
    '-c',
    'ulimit -HS -f 100 && exec "$@"',
    'outer',
    ...withResourceLimits(LIMITS, ['bash', '-c', 'echo "fsize=$(ulimit -f)"']),
  ]
  expect(run(argv)).toBe('fsize=100\n')
})

test('limitCommand puts the limits inside the wrapper, around the argv', () => {
  const wrap = limitCommand((argv) => ['wrapper', '--', ...argv], LIMITS)
  const argv = wrap(['bash', '-c', 'true'])
  expect(argv.slice(0, 3)).toEqual(['wrapper', '--', 'bash'])
  expect(argv.slice(-3)).toEqual(['bash', '-c', 'true'])
  expect(limitCommand(undefined, LIMITS)(['true'])[0]).toBe('bash')
})
