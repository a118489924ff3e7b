import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { answer, e2ePerTest } from '../helpers/e2e.js'
import { openaiStream } from '../helpers/llm-server.js'
import { toolResultsIn } from './attacker-kit.js'

// Resource attacks from the model's tool calls: calls that are hostile as
// text (deeply nested, huge), too many calls at once, and calls that try to
// take the machine's processes, memory or disk.

const e2e = e2ePerTest()

let counter = 0
function call(name: string, args: string) {
  counter++
  return { id: `limits_${counter}`, name, arguments: args }
}

/** 40 KB of nesting: {"path": [[[[…]]]]}. */
const DEEPLY_NESTED = `{"path":${'['.repeat(20_000)}${']'.repeat(20_000)}}`
/** An object nested as deep, as the content of a write. */
const NESTED_OBJECTS = `{"path":"nested.txt","content":"x","extra":${'{"a":'.repeat(8_000)}1${'}'.repeat(8_000)}}`

test('a malformed or oversized tool call fails alone; the run and the other calls go on', async () => {
  e2e.llm.enqueue(
    openaiStream.toolCalls([
      call('read_file', DEEPLY_NESTED),
      call('write_file', NESTED_OBJECTS),
      call('bash', `{"command":${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
      call(
        'write_file',
        JSON.stringify({ path: 'huge.txt', content: 'x'.repeat(1_100_000) }),
      ),
      call('write_file', JSON.stringify({ path: 'kept.txt', content: 'ok\n' })),
    ]),
    answer('Done.'),
  )
  const run = await e2e.run({
    inputs: { task: 'Break the loop', commit: 'true' },
  })
  expect(run.outputs.status).toBe('completed')
  const results = toolResultsIn(e2e.llm.requests[1])
  expect(results).toHaveLength(5)
  expect(results[0]).toContain('nest 20001 levels deep')
  expect(results[1]).toContain('nest 8001 levels deep')
  expect(results[2]).toContain('nest 20001 levels deep')
  expect(results[3]).toContain('more than the 1048576-byte limit')
  expect(results[4]).toBe('成功将 3 字节写入到文件: kept.txt')
  expect(existsSync(join(e2e.repo.workdir, 'huge.txt'))).toBe(false)
  expect(readFileSync(join(e2e.repo.workdir, 'kept.txt'), 'utf8')).toBe('ok\n')
  expect(run.outputs['changed-files']).toContain('kept.txt')
})

test('at most max-parallel-tools calls run at once', async () => {
  // Each call marks itself running in the workspace, waits, and counts.
  const calls = Array.from({ length: 9 }, (_, index) =>
    call(
      'bash',
      JSON.stringify({
        command: `mkdir -p running && touch running/${index} && sleep 0.4 && echo "at once: $(ls running | wc -l)" && rm running/${index}`,
      }),
    ),
  )
  e2e.llm.enqueue(openaiStream.toolCalls(calls), answer('Done.'))
  const run = await e2e.run({
    inputs: { task: 'Fan out', 'max-parallel-tools': '3' },
  })
  expect(run.outputs.status).toBe('completed')
  const counts = toolResultsIn(e2e.llm.requests[1]).map((text) =>
    Number(/at once: (\d+)/.exec(text)?.[1]),
  )
  expect(counts).toHaveLength(9)
  expect(Math.max(...counts)).toBeLessThanOrEqual(3)
  // Still concurrent, just capped.
  expect(Math.max(...counts)).toBeGreaterThanOrEqual(2)
})

describe.each(['none', 'bwrap'])('sandbox %s', (sandbox) => {
  test('a tool call runs under the memory, file-size and (sandboxed) process limits', async () => {
    e2e.llm.enqueue(
      openaiStream.toolCalls([
        call(
          'bash',
          JSON.stringify({
            command:
              'echo "procs=$(ulimit -u) data=$(ulimit -d) fsize=$(ulimit -f)"',
          }),
        ),
        call(
          'bash',
          JSON.stringify({
            command:
              'head -c 6M /dev/zero > big.bin; echo "write rc=$?"; stat -c "size=%s" big.bin',
          }),
        ),
        call(
          'bash',
          JSON.stringify({
            command:
              'perl -e \'$x = "a" x (600 * 1024 * 1024); print "allocated\\n"\' 2>&1; echo "alloc rc=$?"',
          }),
        ),
        // Nothing a call starts can raise its limits back.
        call(
          'bash',
          JSON.stringify({ command: 'ulimit -f unlimited; echo raise rc=$?' }),
        ),
      ]),
      answer('Done.'),
    )
    const run = await e2e.run({
      inputs: {
        task: 'Take the machine',
        sandbox,
        'max-processes': '100',
        'max-memory-mb': '512',
        'max-file-size-mb': '5',
      },
    })
    expect(run.outputs.status).toBe('completed')
    const [limits, write, alloc, raise] = toolResultsIn(e2e.llm.requests[1])
    expect(limits).toContain(`data=524288 fsize=5120`)
    if (sandbox === 'bwrap') expect(limits).toContain('procs=100 ')
    else expect(limits).not.toContain('procs=100 ')
    expect(write).toContain('size=5242880')
    expect(write).not.toContain('write rc=0')
    expect(alloc).not.toContain('allocated')
    expect(alloc).not.toContain('alloc rc=0')
    expect(raise).not.toContain('raise rc=0')
  })
})
