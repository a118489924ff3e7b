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
