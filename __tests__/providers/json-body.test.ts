import { encodeWithMessagesOnce } from '../../src/providers/json-body.js'

const history = [
  { role: 'system', content: 'You are harness9.' },
  {
    role: 'user',
    content:
      'Fix the "quoted" bug\nand the emoji 🙂 and a lone \ud800 surrogate',
  },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'read_file', arguments: '{"path":"a\\\\b.ts"}' },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'call_1', content: 'line\u2028two\u0000' },
]

test.each([
  ['a plain request', { model: 'gpt-4.1', messages: history }],
  [
    'fields around the messages',
    {
      model: 'gpt-4.1',
      messages: history,
      tools: [{ type: 'function', function: { name: 'bash', parameters: {} } }],
      stream: true,
      stream_options: { include_usage: true },
      reasoning_effort: 'high',
    },
  ],
  [
    'a model name that spells the key and the placeholder',
    { model: '"messages":"\u0000messages\u0000"', messages: history },
  ],
  ['no messages', { model: 'm', messages: [] }],
  ['undefined fields', { model: 'm', messages: history, tools: undefined }],
])('%s encodes to the bytes JSON.stringify gives', (_name, request) => {
  expect(encodeWithMessagesOnce(request)).toBe(JSON.stringify(request))
})

test('each message is encoded the first time it is sent, then its text reused', () => {
  const first = { role: 'user', content: 'first' }
  const request = { model: 'm', messages: [first] }
  encodeWithMessagesOnce(request)
  // Messages are never changed once built; this one is, to show the reuse.
  first.content = 'changed'
  const next = { role: 'user', content: 'next' }
  const body = JSON.parse(
    encodeWithMessagesOnce({ model: 'm', messages: [first, next] }),
  ) as { messages: { content: string }[] }
  expect(body.messages.map((message) => message.content)).toEqual([
    'first',
    'next',
  ])
})
