import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ToolResult } from '../../src/schema/index.js'
import { ToolError, type ToolContext } from '../../src/tools/base-tool.js'
import {
  bashTool,
  createBashTool,
  parseBashInput,
} from '../../src/tools/bash.js'
import { Registry } from '../../src/tools/registry.js'
import { ToolTimeoutError } from '../../src/tools/tool-timeout.js'
import { runTool } from '../helpers/test-tools.js'
import { makeTempDir, removeDirs } from '../helpers/temp-dir.js'

const REPO = join(import.meta.dirname, '..', '..')
const PATH = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'

let workdir: string

beforeEach(async () => {
  workdir = await makeTempDir('bash-tool-')
})

afterEach(() => removeDirs(workdir))

function contextWith(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    workdir,
    env: { PATH },
    signal: new AbortController().signal,
    ...overrides,
  }
}

function run(
  command: string,
  options: { timeoutMs?: number; maxOutputBytes?: number } = {},
  context: ToolContext = contextWith(),
): Promise<string> {
  return runTool(createBashTool(options), JSON.stringify({ command }), context)
}

/** Runs `command` as the engine does: the registry's timer is the only one. */
function runInRegistry(
  command: string,
  timeoutMs: number,
): Promise<ToolResult> {
  const registry = new Registry()
  registry.register(createBashTool({ timeoutMs }))
  return registry.execute(
    { id: 'b', name: 'bash', arguments: JSON.stringify({ command }) },
    { workdir, env: { PATH }, timeoutMs },
  )
}

/** Runs `promise` and returns how long it took to settle, with its outcome. */
async function timed<T>(
  promise: Promise<T>,
): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now()
  try {
    const value = await promise
    return { ms: performance.now() - started, value }
  } catch (error) {
    return { ms: performance.now() - started, error }
  }
}

/** A zombie waiting for a slow init is dead too; only a running pid counts. */
async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
    return state !== 'Z' && state !== 'X'
  } catch {
    return false
  }
}

function echoedPid(text: string): number {
  const match = /pid=(\d+)/.exec(text)
  if (!match) throw new Error(`no pid=N in ${JSON.stringify(text)}`)
  return Number(match[1])
}

function messageOf(error: unknown): string {
  expect(error).toBeInstanceOf(ToolError)
  return (error as ToolError).message
}

describe('bash: output', () => {
  test('returns what the command printed', async () => {
    await expect(run('echo hello; printf world')).resolves.toBe('hello\nworld')
  })

  test('merges stdout and stderr in the order they were written', async () => {
    const output = await run(
      'for i in $(seq 500); do echo out$i; echo err$i >&2; done',
    )
    const expected = Array.from(
      { length: 500 },
      (_, index) => `out${index + 1}\nerr${index + 1}\n`,
    ).join('')
    expect(output).toBe(expected)
  })

  test('reports a non-zero exit as text, not as an error', async () => {
    await expect(run('echo oops >&2; exit 3')).resolves.toBe(
      'oops\n[exit status 3]',
    )
  })

  test('reports a bash syntax error with its exit status', async () => {
    const output = await run('echo (')
    expect(output).toContain('syntax error')
    expect(output).toMatch(/\[exit status 2\]$/)
  })

  test('reports death by a signal', async () => {
    await expect(run('kill -KILL $$')).resolves.toBe(
      '(no output)\n[killed by signal SIGKILL]',
    )
  })

  test('says "(no output)" for a silent success', async () => {
    await expect(run('true')).resolves.toBe('(no output)')
  })

  test('gives the command an empty stdin', async () => {
    await expect(run('read line; echo "read:$?:$line"')).resolves.toBe(
      'read:1:\n',
    )
  })
})

describe('bash: input errors', () => {
  test.each(['', '   \n\t'])(
    'rejects the empty command %j',
    async (command) => {
      await expect(run(command)).rejects.toThrow('命令为空字符串')
      await expect(run(command)).rejects.toThrow('the command is empty')
    },
  )

  test('rejects arguments that are not JSON', async () => {
    await expect(
      runTool(bashTool, '{"command": ', contextWith()),
    ).rejects.toThrow('Arguments are not valid JSON')
  })

  test('rejects a missing or mistyped command', async () => {
    await expect(runTool(bashTool, '{}', contextWith())).rejects.toThrow(
      'Missing "command"',
    )
    await expect(
      runTool(bashTool, '{"command": 42}', contextWith()),
    ).rejects.toThrow('"command" must be a string, got number')
    expect(() => bashTool.parseArguments('["ls"]')).toThrow(
      'bash expects a JSON object such as {"command": "ls -la"}.',
    )
    expect(parseBashInput({ command: 'ls' })).toEqual({ command: 'ls' })
  })

  test('names the directory when bash cannot start there', async () => {
    const context = contextWith({ workdir: join(workdir, 'missing') })
    await expect(run('true', {}, context)).rejects.toThrow(
      `Could not start bash in ${join(workdir, 'missing')}`,
    )
  })
})

describe('bash: environment', () => {
  test('passes exactly the context environment', async () => {
    process.env.HARNESS9_BASH_TEST_LEAK = 'leaked'
    try {
      const context = contextWith({
        env: { PATH, ONLY_IN_CONTEXT: 'from-context' },
      })
      const output = await run(
        'echo "${HARNESS9_BASH_TEST_LEAK-unset} $ONLY_IN_CONTEXT"; env | cut -d= -f1 | sort | tr "\\n" " "',
        {},
        context,
      )
      // PWD, SHLVL and _ are set by bash itself for every shell.
      expect(output).toBe(
        'unset from-context\nONLY_IN_CONTEXT PATH PWD SHLVL _ ',
      )
    } finally {
      delete process.env.HARNESS9_BASH_TEST_LEAK
    }
  })

  test('runs in the working directory', async () => {
    await expect(run('pwd -P')).resolves.toBe(`${workdir}\n`)
  })

  test('lets wrapCommand rewrite the argv', async () => {
    const seen: string[][] = []
    const tool = createBashTool({
      wrapCommand: (argv) => {
        seen.push(argv)
        return ['env', 'WRAPPED=yes', ...argv]
      },
    })
    const output = await tool.execute(
      { command: 'echo "wrapped=$WRAPPED"' },
      contextWith(),
    )
    expect(output).toBe('wrapped=yes\n')
    expect(seen).toEqual([['bash', '-c', 'echo "wrapped=$WRAPPED"']])
  })
})

describe('bash: timeout, abort and leftovers', () => {
  test('kills the group on timeout and reports the partial output', async () => {
    const result = await timed(
      runInRegistry('echo "partial pid=$$"; sleep 30', 300),
    )
    expect(result.ms).toBeLessThan(1500)
    const { output, isError } = result.value ?? { output: '', isError: false }
    expect(isError).toBe(true)
    expect(output).toMatch(/^partial pid=\d+\n/)
    expect(output).toMatch(
      /\n\[timed out after 0\.3 s; the process group was killed\]$/,
    )
    expect(await isRunning(echoedPid(output))).toBe(false)
  })

  test('keeps no timer of its own: only the signal stops it', async () => {
    const tool = createBashTool({ timeoutMs: 50 })
    const output = await tool.execute(
      { command: 'sleep 0.3; echo done' },
      contextWith(),
    )
    expect(output).toBe('done\n')
  })

  test('stops when the context signal aborts', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 150)
    const result = await timed(
      run(
        'echo before; sleep 30',
        {},
        contextWith({ signal: controller.signal }),
      ),
    )
    expect(result.ms).toBeLessThan(1500)
    expect(messageOf(result.error)).toBe(
      'before\n[aborted; the process group was killed]',
    )
  })

  test("says the call's timeout stopped it in the one timeout sentence", async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(new ToolTimeoutError(200)), 150)
    const context = contextWith({ signal: controller.signal })
    await expect(run('sleep 30', {}, context)).rejects.toThrow(
      '(no output)\n[timed out after 0.2 s; the process group was killed]',
    )
  })

  test('does not start when already aborted', async () => {
    const context = contextWith({ signal: AbortSignal.abort() })
    await expect(run('echo never', {}, context)).rejects.toThrow(
      'aborted before the command started',
    )
  })

  test('returns promptly past a background child and kills it', async () => {
    const result = await timed(run('sleep 100 & echo "started pid=$!"'))
    expect(result.ms).toBeLessThan(1000)
    expect(result.value).toMatch(/^started pid=\d+\n$/)
    expect(await isRunning(echoedPid(result.value ?? ''))).toBe(false)
  })

  test('times out past a background child holding the pipe', async () => {
    const result = await timed(
      runInRegistry('sleep 100 & echo "pid=$!"; sleep 100', 300),
    )
    expect(result.ms).toBeLessThan(1500)
    const output = result.value?.output ?? ''
    expect(output).toContain('[timed out after 0.3 s')
    expect(await isRunning(echoedPid(output))).toBe(false)
  })

  test('SIGKILLs a background child that ignores SIGTERM', async () => {
    const result = await timed(run('trap "" TERM; sleep 100 & echo "pid=$!"'))
    expect(result.ms).toBeLessThan(1000)
    expect(await isRunning(echoedPid(result.value ?? ''))).toBe(false)
  })
})

describe('bash: output cap', () => {
  const numbers = (count: number): string =>
    Array.from({ length: count }, (_, index) => `${index + 1}\n`).join('')

  test('keeps the head and the tail with a cut notice between', async () => {
    const full = numbers(10_000)
    const output = await run('seq 1 10000', { maxOutputBytes: 100 })
    expect(output.startsWith(full.slice(0, 50))).toBe(true)
    expect(output.endsWith(full.slice(-50))).toBe(true)
    expect(output).toContain(
      `[… ${full.length - 100} bytes cut; redirect the output to a file and read it with read_file to see everything …]`,
    )
  })

  test('caps at 8000 bytes by default', async () => {
    const full = numbers(100_000)
    const output = await run('seq 1 100000')
    expect(output).toContain(`[… ${full.length - 8000} bytes cut;`)
    expect(output.startsWith(full.slice(0, 4000))).toBe(true)
    expect(output.endsWith(full.slice(-4000))).toBe(true)
  })

  test('moves cuts to character boundaries', async () => {
    // 18 bytes; head keeps 5 (2½ é), tail keeps 5 (½ + 2 é).
    const output = await run("printf 'ééééééééé'", { maxOutputBytes: 10 })
    expect(output).toMatch(/^éé\n\[… 10 bytes cut; [^\n]*\]\néé$/)
  })

  test('keeps a gigabyte of output in bounded memory', async () => {
    const script = `
      import { readFileSync } from 'node:fs'
      import { createBashTool } from ${JSON.stringify(join(REPO, 'src/tools/bash.ts'))}
      const context = {
        workdir: process.cwd(),
        env: { PATH: process.env.PATH },
        signal: new AbortController().signal,
      }
      const output = await createBashTool().execute(
        { command: 'yes | head -c 1000000000' },
        context,
      )
      const peak = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]
      console.log(JSON.stringify({ peakKb: Number(peak), output }))
    `
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    const { peakKb, output } = JSON.parse(stdout) as {
      peakKb: number
      output: string
    }
    expect(output).toContain(`[… ${1_000_000_000 - 8000} bytes cut;`)
    expect(output.startsWith('y\n'.repeat(2000))).toBe(true)
    expect(peakKb).toBeLessThan(200 * 1024)
  }, 20_000)
})

describe('bash: definition', () => {
  test('tells the model its limits and habits', () => {
    const definition = createBashTool({ timeoutMs: 5000 }).definition()
    expect(definition.name).toBe('bash')
    expect(definition.inputSchema.required).toEqual(['command'])
    for (const phrase of [
      'bash -c',
      'stdout and stderr are merged',
      'capped at 8000 bytes',
      'read_file',
      'The timeout is 5 s',
      '[exit status N]',
      'No interactive input',
      'Background processes',
    ]) {
      expect(definition.description).toContain(phrase)
    }
    expect(bashTool.definition().description).toContain('The timeout is 30 s')
  })
})
