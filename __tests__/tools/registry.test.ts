import type { BaseTool } from '../../src/tools/base-tool.js'
import { ToolError } from '../../src/tools/base-tool.js'
import { defineTool } from '../../src/tools/define-tool.js'
import { Registry } from '../../src/tools/registry.js'
import { ToolTimeoutError } from '../../src/tools/tool-timeout.js'

function fakeTool(
  name: string,
  run: (args: Record<string, unknown>) => Promise<string>,
): BaseTool {
  return defineTool({
    name,
    description: `${name} tool`,
    inputSchema: { type: 'object', properties: {} },
    example: '{}',
    parse: (input) => input,
    execute: (args) => run(args),
  })
}

const options = { workdir: '/tmp', env: {}, timeoutMs: 1000 }

test('a duplicate name replaces the earlier tool and warns', async () => {
  const warnings: string[] = []
  const registry = new Registry({ warn: (message) => warnings.push(message) })
  registry.register(fakeTool('echo', async () => 'first'))
  registry.register(fakeTool('echo', async () => 'second'))
  expect(warnings).toEqual([
    "Tool 'echo' was registered twice; the later one wins.",
  ])
  expect(registry.getAvailableTools().map((tool) => tool.description)).toEqual([
    'echo tool',
  ])
  const result = await registry.execute(
    { id: '1', name: 'echo', arguments: '{}' },
    options,
  )
  expect(result).toEqual({ toolCallId: '1', output: 'second', isError: false })
})

test('definitions come back in registration order', () => {
  const registry = new Registry()
  for (const name of ['read_file', 'write_file', 'bash']) {
    registry.register(fakeTool(name, async () => ''))
  }
  expect(registry.getAvailableTools().map((tool) => tool.name)).toEqual([
    'read_file',
    'write_file',
    'bash',
  ])
})

test('an unknown tool is an error result naming the available tools', async () => {
  const registry = new Registry()
  registry.register(fakeTool('read_file', async () => ''))
  registry.register(fakeTool('bash', async () => ''))
  const result = await registry.execute(
    { id: 'x', name: 'rm', arguments: '{}' },
    options,
  )
  expect(result).toEqual({
    toolCallId: 'x',
    output: "Unknown tool 'rm'. Available tools: read_file, bash.",
    isError: true,
  })
})

test('a thrown error becomes an error result carrying its message', async () => {
  const registry = new Registry()
  registry.register(
    fakeTool('fail', async () => {
      throw new ToolError('File not found: a.txt. Check the path.')
    }),
  )
  const result = await registry.execute(
    { id: 'f', name: 'fail', arguments: '{}' },
    options,
  )
  expect(result).toEqual({
    toolCallId: 'f',
    output: 'File not found: a.txt. Check the path.',
    isError: true,
  })
})

test('a non-Error throw is still a readable result', async () => {
  const registry = new Registry()
  registry.register(fakeTool('odd', () => Promise.reject('plain string')))
  const result = await registry.execute(
    { id: 'o', name: 'odd', arguments: '{}' },
    options,
  )
  expect(result).toMatchObject({ output: 'plain string', isError: true })
})

test('the tool sees the parsed arguments', async () => {
  const registry = new Registry()
  let seen: unknown
  registry.register(
    fakeTool('raw', async (args) => {
      seen = args
      return 'ok'
    }),
  )
  await registry.execute(
    { id: 'r', name: 'raw', arguments: '{"a": 1,  "b":[2]}' },
    options,
  )
  expect(seen).toEqual({ a: 1, b: [2] })
})

test('an already-aborted run stops the call with an abort message', async () => {
  const registry = new Registry()
  registry.register(fakeTool('hang', () => new Promise<string>(() => {})))
  const controller = new AbortController()
  controller.abort()
  const result = await registry.execute(
    { id: 'h', name: 'hang', arguments: '{}' },
    { ...options, signal: controller.signal },
  )
  expect(result).toEqual({
    toolCallId: 'h',
    output: "Tool 'hang' was stopped because the run was aborted.",
    isError: true,
  })
})

test('a call nested too deep is refused before the tool sees it; the next call runs', async () => {
  const seen: unknown[] = []
  const registry = new Registry()
  registry.register(
    fakeTool('echo', async (args) => {
      seen.push(args)
      return 'ran'
    }),
  )
  const deep = `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`
  const refused = await registry.execute(
    { id: 'd', name: 'echo', arguments: deep },
    options,
  )
  expect(refused.isError).toBe(true)
  expect(refused.output).toContain('nest 20001 levels deep')
  const fine = await registry.execute(
    { id: 'f', name: 'echo', arguments: '{"a":[1]}' },
    options,
  )
  expect(fine).toEqual({ toolCallId: 'f', output: 'ran', isError: false })
  expect(seen).toEqual([{ a: [1] }])
})

describe('one timer per call', () => {
  /** Waits for its signal, then reports why it stopped, as bash does. */
  function honouringTool(): BaseTool {
    return defineTool({
      name: 'wait',
      description: 'Waits for its signal.',
      inputSchema: { type: 'object', properties: {} },
      example: '{}',
      parse: (input) => input,
      execute: (_, context) =>
        new Promise<string>((_, reject) => {
          context.signal.addEventListener('abort', () => {
            const reason: unknown = context.signal.reason
            const why =
              reason instanceof ToolTimeoutError
                ? `${reason.message} (${reason.timeoutMs} ms)`
                : 'not a timeout'
            reject(new ToolError(`partial output\n[${why}]`))
          })
        }),
    })
  }

  test("the registry's timer stops the call; the tool reports it in the one wording", async () => {
    const registry = new Registry()
    registry.register(honouringTool())
    const result = await registry.execute(
      { id: 'w', name: 'wait', arguments: '{}' },
      { ...options, timeoutMs: 100 },
    )
    expect(result).toEqual({
      toolCallId: 'w',
      output: 'partial output\n[timed out after 0.1 s (100 ms)]',
      isError: true,
    })
  })

  test('a run abort reaches the tool with its own reason, not as a timeout', async () => {
    const registry = new Registry()
    registry.register(honouringTool())
    const controller = new AbortController()
    const pending = registry.execute(
      { id: 'w', name: 'wait', arguments: '{}' },
      { ...options, signal: controller.signal },
    )
    controller.abort(new Error('run stopped'))
    expect(await pending).toEqual({
      toolCallId: 'w',
      output: 'partial output\n[not a timeout]',
      isError: true,
    })
  })

  test('a tool that ignores its signal is abandoned with the same wording', async () => {
    const registry = new Registry()
    registry.register(fakeTool('deaf', () => new Promise<string>(() => {})))
    const result = await registry.execute(
      { id: 'd', name: 'deaf', arguments: '{}' },
      { ...options, timeoutMs: 100 },
    )
    expect(result).toEqual({
      toolCallId: 'd',
      output: "Tool 'deaf' timed out after 0.1 s and was abandoned.",
      isError: true,
    })
  })
})
