import {
  describeToolCall,
  MAX_CALL_DESCRIPTION_CHARS,
} from '../../src/log/describe-call.js'

test.each([
  ['bash', '{"command":"npm test"}', 'bash: npm test'],
  ['bash', '{"command":"  npm   run\\tbuild  "}', 'bash: npm run build'],
  ['bash', '{"command":"cd src\\nnpm test"}', 'bash: cd src …'],
  ['edit_file', '{"path":"src/a.ts","source_text":"x"}', 'edit_file src/a.ts'],
  ['read_file', '{"path":"README.md"}', 'read_file README.md'],
  ['write_file', '{"path":"","content":"x"}', 'write_file'],
  ['bash', 'not json', 'bash'],
  ['bash', '[1]', 'bash'],
  ['bash', '{"command":42}', 'bash'],
])('%s %s → %j', (name, args, expected) => {
  expect(describeToolCall(name, args)).toBe(expected)
})

test('a long command is cut with an ellipsis', () => {
  const text = describeToolCall(
    'bash',
    JSON.stringify({ command: 'x'.repeat(200) }),
  )
  expect(text).toBe(`bash: ${'x'.repeat(MAX_CALL_DESCRIPTION_CHARS - 1)}…`)
})
