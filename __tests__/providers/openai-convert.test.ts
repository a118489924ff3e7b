import type { Message } from '../../src/schema/index.js'
import {
  convertMessagesToOpenAI,
  convertOpenAIUsage,
} from '../../src/providers/openai-convert.js'

test('an assistant message with only tool calls has null content', () => {
  expect(
    convertMessagesToOpenAI([
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'bash', arguments: '' }],
      },
    ]),
  ).toEqual([
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'c1',
          type: 'function',
          function: { name: 'bash', arguments: '' },
        },
      ],
    },
  ])
})

test('a reply without usage (some compatible servers) counts zero', () => {
  expect(convertOpenAIUsage(undefined)).toEqual({
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
  })
})

test('the history is converted a message at a time, each message once', () => {
  const history: Message[] = [
    { role: 'system', content: 'rules' },
    { role: 'user', content: 'task' },
  ]
  const first = convertMessagesToOpenAI(history)
  history.push({ role: 'user', content: 'output', toolCallId: 'c1' })
  const second = convertMessagesToOpenAI(history)
  // The earlier messages are the very same objects: not converted again.
  expect(second[0]).toBe(first[0])
  expect(second[1]).toBe(first[1])
  expect(second).toEqual([
    { role: 'system', content: 'rules' },
    { role: 'user', content: 'task' },
    { role: 'tool', tool_call_id: 'c1', content: 'output' },
  ])
  // Equal but distinct messages are converted on their own.
  const copy = convertMessagesToOpenAI([{ role: 'system', content: 'other' }])
  expect(copy).toEqual([{ role: 'system', content: 'other' }])
})
