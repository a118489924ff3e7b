import { convertMessagesToAnthropic } from '../../src/providers/anthropic-convert.js'
import { messageFromBlocks } from '../../src/providers/anthropic-reply-blocks.js'

const EPHEMERAL = { type: 'ephemeral' }

test('every system message joins the top-level system, cached at its end', () => {
  const prompt = convertMessagesToAnthropic([
    { role: 'system', content: 'Rules.' },
    { role: 'system', content: 'Repository context.' },
    { role: 'user', content: 'Task.' },
  ])
  expect(prompt.system).toEqual([
    { type: 'text', text: 'Rules.' },
    { type: 'text', text: 'Repository context.', cache_control: EPHEMERAL },
  ])
  expect(prompt.messages).toHaveLength(1)
})

test('no system messages: no system field', () => {
  const prompt = convertMessagesToAnthropic([{ role: 'user', content: 'Hi.' }])
  expect(prompt.system).toBeUndefined()
})

test('results come first when a user text follows them in one message', () => {
  const prompt = convertMessagesToAnthropic([
    { role: 'user', content: 'Task.' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 't1', name: 'bash', arguments: '{"command":"ls"}' }],
    },
    { role: 'user', content: '', toolCallId: 't1', isError: false },
    { role: 'user', content: 'Now act on your plan.' },
  ])
  expect(prompt.messages.at(-1)).toEqual({
    role: 'user',
    content: [
      // An empty output sends no content: an empty text is rejected.
      { type: 'tool_result', tool_use_id: 't1', is_error: false },
      { type: 'text', text: 'Now act on your plan.', cache_control: EPHEMERAL },
    ],
  })
})

test('the input does not change', () => {
  const messages = [
    { role: 'system' as const, content: 'Rules.' },
    { role: 'user' as const, content: 'Task.' },
  ]
  const copy = structuredClone(messages)
  convertMessagesToAnthropic(messages)
  expect(messages).toEqual(copy)
})

test('without tools, tool calls and results are written out as text', () => {
  const prompt = convertMessagesToAnthropic(
    [
      { role: 'user', content: 'Task.' },
      {
        role: 'assistant',
        content: 'Looking.',
        toolCalls: [{ id: 't1', name: 'bash', arguments: '{"command":"ls"}' }],
      },
      { role: 'user', content: 'a.ts', toolCallId: 't1', isError: true },
    ],
    { toolBlocksAsText: true },
  )
  expect(prompt.messages).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'Task.' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Looking.' },
        { type: 'text', text: '[tool call t1: bash {"command":"ls"}]' },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: '[tool result t1 (error)]\na.ts',
          cache_control: EPHEMERAL,
        },
      ],
    },
  ])
})

test('a transient note goes after the cache breakpoint, so the next call re-reads the prefix', () => {
  const prompt = convertMessagesToAnthropic([
    { role: 'user', content: 'Task.' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 't1', name: 'bash', arguments: '{"command":"ls"}' }],
    },
    { role: 'user', content: 'a.txt', toolCallId: 't1' },
    { role: 'user', content: '[budget: turn 2 of 30]', transient: true },
  ])
  expect(prompt.messages.at(-1)).toEqual({
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 't1',
        content: 'a.txt',
        is_error: false,
        cache_control: EPHEMERAL,
      },
      { type: 'text', text: '[budget: turn 2 of 30]' },
    ],
  })
})

test('a call nested too deep goes back as an empty input; the request still serialises', () => {
  const deep = `{"a":${'{"a":'.repeat(8_000)}1${'}'.repeat(8_001)}`
  const prompt = convertMessagesToAnthropic([
    { role: 'user', content: 'Task.' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 't1', name: 'bash', arguments: deep }],
    },
    { role: 'user', content: 'refused', toolCallId: 't1', isError: true },
  ])
  expect(prompt.messages[1].content).toEqual([
    { type: 'tool_use', id: 't1', name: 'bash', input: {} },
  ])
  expect(() => JSON.stringify(prompt)).not.toThrow()
})

test('a reply whose tool input is nested past the stack fails only that call and goes back as {}', () => {
  let input: unknown = 1
  for (let depth = 0; depth < 20_000; depth++) input = { a: input }
  const message = messageFromBlocks(
    [
      { type: 'tool_use', id: 't1', name: 'bash', input },
      { type: 'tool_use', id: 't2', name: 'bash', input: { command: 'ls' } },
    ],
    { reason: 'end', raw: 'tool_use' },
  )
  expect(message.toolCalls).toEqual([
    {
      id: 't1',
      name: 'bash',
      arguments: '(tool input nested too deeply to be read)',
    },
    { id: 't2', name: 'bash', arguments: '{"command":"ls"}' },
  ])
  const prompt = convertMessagesToAnthropic([
    { role: 'user', content: 'Task.' },
    message,
  ])
  expect(prompt.messages[1].content).toMatchObject([
    { type: 'tool_use', id: 't1', name: 'bash', input: {} },
    { type: 'tool_use', id: 't2', name: 'bash', input: { command: 'ls' } },
  ])
  const sent = prompt.messages[1].content as { input: unknown }[]
  expect(sent[0].input).toEqual({})
  expect(() => JSON.stringify(prompt)).not.toThrow()
})
