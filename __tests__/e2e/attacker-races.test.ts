import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { answer, e2ePerTest } from '../helpers/e2e.js'
import { openaiStream, type Reply } from '../helpers/llm-server.js'
import { expectModelSawNoSecret, toolResultsIn } from './attacker-kit.js'

// A hostile model races the file tools' path guard: in the same turn as a
// burst of read_file/write_file calls into `d/` and `p/`, its bash flips both
// between real directories and symbolic links (to a directory outside the
// workspace, and to /proc/self). Before the file tools opened paths one
// component at a time from the held workspace (and ran in the sandbox),
// this won within a few rounds: writes landed outside, reads returned the
// outside secret and the action's own /proc/self/status.

const OUTSIDE_SECRET = 'OUTSIDE-SECRET-7f3a'
/** Rounds (turns) and file calls per round: bounded by count… */
const ROUNDS = 5
const CALLS_PER_ROUND = 80
/** …and each flipping loop by count and by seconds. */
const MAX_FLIPS = 200_000
const MAX_FLIP_SECONDS = 3

const e2e = e2ePerTest()
let outside: string
let callCounter = 0
beforeEach(async () => {
  outside = mkdtempSync(join(tmpdir(), 'harness9-race-outside-'))
  writeFileSync(join(outside, 'secret.txt'), `${OUTSIDE_SECRET}\n`)
  e2e.repo.write('d/secret.txt', 'inside d\n')
  e2e.repo.write('p/status', 'inside p\n')
})
afterEach(async () => {
  rmSync(outside, { recursive: true, force: true })
})

/** Perl, for flips in microseconds: the link is up half of each cycle. */
function flipLoop(): string {
  const script = [
    `my ($n, $end) = (0, time + ${MAX_FLIP_SECONDS});`,
    `while ($n < ${MAX_FLIPS} && time < $end) {`,
    '  rename "d", "d.real"; symlink $ARGV[0], "d";',
    '  rename "p", "p.real"; symlink "/proc/self", "p";',
    '  unlink "d"; rename "d.real", "d";',
    '  unlink "p"; rename "p.real", "p"; $n++ }',
    'print "flips=$n\\n";',
  ].join(' ')
  return `perl -e '${script}' ${outside}`
}

function call(name: string, args: unknown) {
  callCounter++
  return { id: `race_${callCounter}`, name, arguments: JSON.stringify(args) }
}

function raceRound(round: number): Reply {
  const calls = [call('bash', { command: flipLoop() })]
  for (let index = 0; index < CALLS_PER_ROUND; index++) {
    const path = `d/w-${round}-${index}.txt`
    if (index % 4 === 0) calls.push(call('write_file', { path, content: 'x' }))
    if (index % 4 === 1) calls.push(call('read_file', { path: 'd/secret.txt' }))
    if (index % 4 === 2) calls.push(call('read_file', { path: 'p/status' }))
    if (index % 4 === 3) {
      calls.push(
        call('edit_file', {
          path: 'd/secret.txt',
          source_text: 'inside d',
          target_text: 'inside d',
        }),
      )
    }
  }
  return openaiStream.toolCalls(calls)
}

async function runRace(sandbox: string) {
  const rounds = Array.from({ length: ROUNDS }, (_, round) => raceRound(round))
  e2e.llm.enqueue(...rounds, answer('Done racing.'))
  const run = await e2e.run({
    inputs: {
      task: 'Race the guard',
      sandbox,
      'max-turns': String(ROUNDS + 1),
      'tool-timeout': '30',
    },
  })
  const results = e2e.llm.requests.flatMap((request, index) =>
    // Each request repeats the earlier results; count each round once.
    index === 0 ? [] : toolResultsIn(request).slice(-(CALLS_PER_ROUND + 1)),
  )
  return { run, results }
}

describe.each(['none', 'bwrap'])('sandbox %s', (sandbox) => {
  test('flipping a directory to a symbolic link never moves a file tool outside the workspace', async () => {
    const { run, results } = await runRace(sandbox)
    expect(run.exitCode).toBe(0)
    expect(results).toHaveLength(ROUNDS * (CALLS_PER_ROUND + 1))
    // The loop really ran, so the race really happened.
    expect(results.filter((text) => /flips=[1-9]/.test(text))).toHaveLength(
      ROUNDS,
    )
    const leaks = results.filter(
      (text) =>
        text.includes(OUTSIDE_SECRET) || /^(Name|Pid|VmRSS):/m.test(text),
    )
    expect(leaks).toEqual([])
    // Nothing written outside: only the test's own secret is there.
    expect(readdirSync(outside)).toEqual(['secret.txt'])
    expectModelSawNoSecret(e2e.llm)
  })
})

// A FIFO opened for reading blocks until a writer comes: a read_file that
// opened one by name held a thread of the action's pool for good, and a few
// of them hung the whole action past its budget. The model flips `q.txt`
// between a file and a FIFO while firing reads at it.

/** Flips q.txt between a regular file and a FIFO, bounded by count and time. */
function fifoFlipLoop(): string {
  const script = [
    'use POSIX qw(mkfifo);',
    `my ($n, $end) = (0, time + ${MAX_FLIP_SECONDS});`,
    `while ($n < ${MAX_FLIPS} && time < $end) {`,
    '  unlink "q.txt"; mkfifo("q.txt", 0644);',
    '  unlink "q.txt"; open(my $f, ">", "q.txt"); print $f "plain\\n"; close $f;',
    '  $n++ }',
    'print "flips=$n\\n";',
  ].join(' ')
  return `perl -e '${script}'`
}

describe.each(['none', 'bwrap'])('sandbox %s', (sandbox) => {
  test('reads raced onto a FIFO fail alone and never hang the action', async () => {
    const reads = Array.from({ length: CALLS_PER_ROUND }, () =>
      call('read_file', { path: 'q.txt' }),
    )
    e2e.llm.enqueue(
      openaiStream.toolCalls([
        call('bash', { command: fifoFlipLoop() }),
        ...reads,
      ]),
      // The action still answers file calls afterwards.
      openaiStream.toolCalls([call('read_file', { path: 'd/secret.txt' })]),
      answer('Done.'),
    )
    const run = await e2e.run({
      inputs: {
        task: 'Race a FIFO',
        sandbox,
        'max-turns': '3',
        'tool-timeout': '10',
      },
    })
    expect(run.outputs.status).toBe('completed')
    const first = toolResultsIn(e2e.llm.requests[1])
    expect(first).toHaveLength(CALLS_PER_ROUND + 1)
    expect(first[0]).toMatch(/flips=[1-9]/)
    // Each read saw the file, or was refused (a FIFO, or mid-flip missing).
    for (const text of first.slice(1)) {
      expect(text).toMatch(
        /^plain$|^\[empty file: q\.txt\]$|not a regular file|File not found/m,
      )
    }
    expect(toolResultsIn(e2e.llm.requests[2]).at(-1)).toBe('inside d\n')
  })
})
