import { createWorkflowCommandGuard } from '../../../src/action/guard/workflow-command-guard.js'

test('wraps text between stop-commands and a matching resume line', () => {
  const guard = createWorkflowCommandGuard()
  const wrapped = guard('::set-output name=status::completed\n::add-mask::x')
  const lines = wrapped.split('\n')
  const token = /^::stop-commands::(harness9-[0-9a-f-]{36})$/.exec(
    lines[0],
  )?.[1]
  expect(token).toBeDefined()
  expect(lines.slice(1, 3)).toEqual([
    '::set-output name=status::completed',
    '::add-mask::x',
  ])
  expect(lines[3]).toBe(`::${token}::`)
  expect(wrapped.endsWith('\n')).toBe(true)
})

test('each run has its own unguessable token', () => {
  const first = createWorkflowCommandGuard()('a').split('\n')[0]
  const second = createWorkflowCommandGuard()('a').split('\n')[0]
  expect(first).not.toBe(second)
})
