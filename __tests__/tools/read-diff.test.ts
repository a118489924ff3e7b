import { Registry } from '../../src/tools/registry.js'
import {
  createReadDiffTool,
  MAX_DIFF_READ_CHARS,
} from '../../src/tools/read-diff.js'
import { createResolveFindingTool } from '../../src/tools/resolve-finding.js'

const options = { workdir: '/', env: {}, timeoutMs: 1000 }

test("read_diff returns a file's patch, cut with a note, and names the files it knows", async () => {
  const registry = new Registry()
  registry.register(
    createReadDiffTool(
      new Map([
        ['a.ts', '@@ -1 +1 @@\n-a\n+b'],
        ['big.ts', 'x'.repeat(MAX_DIFF_READ_CHARS + 10)],
      ]),
    ),
  )
  const run = (args: unknown) =>
    registry.execute(
      { id: 'c', name: 'read_diff', arguments: JSON.stringify(args) },
      options,
    )
  expect(await run({ path: 'a.ts' })).toMatchObject({
    output: '@@ -1 +1 @@\n-a\n+b',
    isError: false,
  })
  const big = await run({ path: 'big.ts' })
  expect(big.output).toContain(
    `[truncated: the diff has ${MAX_DIFF_READ_CHARS + 10} characters`,
  )
  expect(await run({ path: 'c.ts' })).toMatchObject({
    output: 'c.ts has no diff in this review. Files with a diff: a.ts, big.ts.',
    isError: true,
  })
})

test('resolve_finding passes the number and reason on; a missing number is an error', async () => {
  const calls: [number, string][] = []
  const registry = new Registry()
  registry.register(
    createResolveFindingTool((finding, reason) => {
      calls.push([finding, reason])
      return `ok ${finding}`
    }),
  )
  const ok = await registry.execute(
    {
      id: 'c1',
      name: 'resolve_finding',
      arguments: '{"finding": 2, "reason": " guarded "}',
    },
    options,
  )
  expect(ok).toMatchObject({ output: 'ok 2', isError: false })
  const bad = await registry.execute(
    { id: 'c2', name: 'resolve_finding', arguments: '{"finding": "two"}' },
    options,
  )
  expect(bad.isError).toBe(true)
  expect(bad.output).toContain("needs 'finding'")
  expect(calls).toEqual([[2, 'guarded']])
})
