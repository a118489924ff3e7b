import { ToolError, type ToolContext } from '../../src/tools/base-tool.js'
import { defineTool } from '../../src/tools/define-tool.js'
import { readFileTool } from '../../src/tools/read-file.js'
import { Registry } from '../../src/tools/registry.js'

interface EchoInput {
  text: string
  times: number
}

/** A tool that records what its parse and execute saw. */
function echoTool() {
  const parsed: Record<string, unknown>[] = []
  const executed: EchoInput[] = []
  const tool = defineTool({
    name: 'echo',
    description: 'Echoes text.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string' }, times: { type: 'integer' } },
      required: ['text'],
    },
    example: '{"text": "hi", "times": 2}',
    parse(input): EchoInput {
      parsed.push(input)
      if (typeof input.text !== 'string') {
        throw new ToolError(
          `echo needs 'text': a string, got ${typeof input.text}. Send {"text": "hi"}.`,
        )
      }
      return { text: input.text, times: Number(input.times ?? 1) }
    },
    pathOf: (input) => input.text,
    async execute(input) {
      executed.push(input)
      return input.text.repeat(input.times)
    },
  })
  return { tool, parsed, executed }
}

const options = { workdir: '/tmp', env: {}, timeoutMs: 1000 }

test('the name is written once: definition and registry key agree', () => {
  const { tool } = echoTool()
  expect(tool.name).toBe('echo')
  expect(tool.definition()).toEqual({
    name: 'echo',
    description: 'Echoes text.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string' }, times: { type: 'integer' } },
      required: ['text'],
    },
  })
  const registry = new Registry()
  registry.register(tool)
  expect(registry.getAvailableTools().map((entry) => entry.name)).toEqual([
    'echo',
  ])
})

test('a call is parsed once and execute sees the checked object', async () => {
  const { tool, parsed, executed } = echoTool()
  const registry = new Registry()
  registry.register(tool)
  const call = { id: 'e', name: 'echo', arguments: '{"text":"ab","times":2}' }
  const prepared = registry.prepare(call)
  expect(prepared).toMatchObject({ kind: 'ready', path: 'ab' })
  const result = await registry.run(prepared, options)
  expect(result).toEqual({ toolCallId: 'e', output: 'abab', isError: false })
  expect(parsed).toEqual([{ text: 'ab', times: 2 }])
  expect(executed).toEqual([{ text: 'ab', times: 2 }])
})

test('text that is not JSON is refused with what to send; execute never runs', async () => {
  const { tool, parsed, executed } = echoTool()
  const registry = new Registry()
  registry.register(tool)
  const result = await registry.execute(
    { id: 'j', name: 'echo', arguments: '{"text": ' },
    options,
  )
  expect(result.isError).toBe(true)
  expect(result.output).toMatch(
    /^Arguments are not valid JSON: .+\. Send a JSON object such as \{"text": "hi", "times": 2\}\.$/,
  )
  expect(parsed).toEqual([])
  expect(executed).toEqual([])
})

test.each(['[1]', 'null', '"text"', '3'])(
  'JSON that is not an object (%s) is refused naming the tool',
  (text) => {
    const { tool } = echoTool()
    expect(() => tool.parseArguments(text)).toThrow(
      new ToolError(
        'echo expects a JSON object such as {"text": "hi", "times": 2}.',
      ),
    )
  },
)

test('a field of the wrong type is one sentence naming the field and what to send', async () => {
  const { tool, executed } = echoTool()
  const registry = new Registry()
  registry.register(tool)
  const result = await registry.execute(
    { id: 't', name: 'echo', arguments: '{"text": 5}' },
    options,
  )
  expect(result).toEqual({
    toolCallId: 't',
    output: `echo needs 'text': a string, got number. Send {"text": "hi"}.`,
    isError: true,
  })
  expect(executed).toEqual([])
})

test('a built-in tool refuses a mistyped field before touching the disk', async () => {
  const registry = new Registry()
  registry.register(readFileTool)
  const result = await registry.execute(
    {
      id: 'r',
      name: 'read_file',
      arguments: '{"path": "/nonexistent/dir/a.txt", "offset": "3"}',
    },
    options,
  )
  expect(result).toEqual({
    toolCallId: 'r',
    output: `read_file: 'offset' must be a whole number of 1 or more, got "3".`,
    isError: true,
  })
})

test('a parsed call runs directly, without the text', async () => {
  const { tool, parsed } = echoTool()
  const context: ToolContext = {
    workdir: '/tmp',
    env: {},
    signal: new AbortController().signal,
  }
  await expect(tool.execute({ text: 'x', times: 3 }, context)).resolves.toBe(
    'xxx',
  )
  expect(parsed).toEqual([])
})
