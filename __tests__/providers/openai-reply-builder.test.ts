import { OpenAIReplyBuilder } from '../../src/providers/openai-reply-builder.js'

test('interleaved pieces of parallel calls assemble by index, in index order', () => {
  const reply = new OpenAIReplyBuilder()
  reply.addToolCallDelta(1, { id: 'b', name: 'bash', arguments: '' })
  reply.addToolCallDelta(0, { id: 'a', name: 'read_file' })
  reply.addToolCallDelta(1, { arguments: '{"command":' })
  reply.addToolCallDelta(0, { arguments: '{"path":' })
  reply.addToolCallDelta(1, { arguments: '"ls"}' })
  reply.addToolCallDelta(0, { arguments: '"a.ts"}' })
  expect(reply.toolCalls()).toEqual([
    { id: 'a', name: 'read_file', arguments: '{"path":"a.ts"}' },
    { id: 'b', name: 'bash', arguments: '{"command":"ls"}' },
  ])
})

test('text pieces are returned as events at once and joined in the message', () => {
  const reply = new OpenAIReplyBuilder()
  expect(reply.addText('Hel')).toEqual({ type: 'text-delta', text: 'Hel' })
  reply.addText('lo')
  expect(reply.toMessage()).toEqual({ role: 'assistant', content: 'Hello' })
  expect(reply.hasToolCalls).toBe(false)
})

test('an id or name repeated on every chunk is not concatenated', () => {
  const reply = new OpenAIReplyBuilder()
  reply.addToolCallDelta(0, { id: 'a', name: 'bash', arguments: '{' })
  reply.addToolCallDelta(0, { id: 'a', name: 'bash', arguments: '}' })
  expect(reply.toolCalls()).toEqual([
    { id: 'a', name: 'bash', arguments: '{}' },
  ])
})

test('a call without an id gets one from its index', () => {
  const reply = new OpenAIReplyBuilder()
  reply.addToolCallDelta(2, { name: 'bash', arguments: '{}' })
  expect(reply.toolCalls()).toEqual([
    { id: 'call_2_8805ab6d', name: 'bash', arguments: '{}' },
  ])
})

test('malformed argument text stays raw', () => {
  const reply = new OpenAIReplyBuilder()
  reply.addToolCallDelta(0, { id: 'a', name: 'bash', arguments: '{"comm' })
  expect(reply.toolCalls()[0].arguments).toBe('{"comm')
})

test('default arguments fill only a call that received none', () => {
  const reply = new OpenAIReplyBuilder()
  reply.addToolCallDelta(0, { id: 'a', name: 'x' })
  reply.addToolCallDelta(1, { id: 'b', name: 'y', arguments: '{"k":1}' })
  reply.defaultArguments(0, '{}')
  reply.defaultArguments(1, '{}')
  reply.defaultArguments(5, '{}')
  expect(reply.toolCalls().map((call) => call.arguments)).toEqual([
    '{}',
    '{"k":1}',
  ])
})

test('finish yields each tool call, then message-end with the usage', () => {
  const reply = new OpenAIReplyBuilder()
  reply.addText('Running.')
  reply.addToolCallDelta(0, { id: 'a', name: 'bash', arguments: '{}' })
  const usage = { inputTokens: 3, outputTokens: 2, cachedInputTokens: 1 }
  const call = { id: 'a', name: 'bash', arguments: '{}' }
  expect([...reply.finish(usage)]).toEqual([
    { type: 'tool-call', toolCall: call },
    {
      type: 'message-end',
      message: { role: 'assistant', content: 'Running.', toolCalls: [call] },
      usage,
    },
  ])
})
