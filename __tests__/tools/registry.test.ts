import type { BaseTool } from '../../src/tools/base-tool.js'
import { ToolError } from '../../src/tools/base-tool.js'
import { Registry } from '../../src/tools/registry.js'

function fakeTool(
  name: string,
  run: (args: string) => Promise<string>,
): BaseTool {
  return {
    name,
    definition: () => ({
      name,
      description: `${name} tool`,
      inputSchema: { type: 'object', properties: {} },
    }),
    execute: (args) => run(args),
  }
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

test('the raw argument text reaches the tool untouched', async () => {
  const registry = new Registry()
  let seen = ''
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
  expect(seen).toBe('{"a": 1,  "b":[2]}')
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
  const seen: string[] = []
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
  expect(seen).toEqual(['{"a":[1]}'])
})
