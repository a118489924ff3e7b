import { addUsage } from '../src/schema/index.js'

// GitHub runs the action on Node 24 (`runs.using: node24`); the suite must too.
test('the suite runs on the Node major that action.yml declares', () => {
  expect(process.versions.node.split('.')[0]).toBe('24')
})

test('addUsage sums every field', () => {
  const sum = addUsage(
    { inputTokens: 1, outputTokens: 2, cachedInputTokens: 3 },
    { inputTokens: 10, outputTokens: 20, cachedInputTokens: 30 },
  )
  expect(sum).toEqual({
    inputTokens: 11,
    outputTokens: 22,
    cachedInputTokens: 33,
  })
})
