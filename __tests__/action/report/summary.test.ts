import type { RunReport } from '../../../src/action/report/run-report.js'
import {
  MAX_SUMMARY_BYTES,
  renderSummary,
} from '../../../src/action/report/summary.js'
import { expectGolden } from '../../helpers/golden.js'

function report(overrides: Partial<RunReport> = {}): RunReport {
  return {
    task: 'Fix the failing test in src/math.ts',
    status: 'completed',
    reason: 'The model finished the task.',
    provider: 'openai',
    model: 'gpt-4.1',
    turns: 3,
    usage: { inputTokens: 12_345, outputTokens: 678, cachedInputTokens: 9000 },
    costUsd: 0.014814,
    turnUsage: [
      {
        turn: 1,
        usage: { inputTokens: 3000, outputTokens: 200, cachedInputTokens: 0 },
        costUsd: 0.0076,
      },
      {
        turn: 2,
        usage: {
          inputTokens: 4345,
          outputTokens: 278,
          cachedInputTokens: 4000,
        },
        costUsd: 0.0051,
      },
      {
        turn: 3,
        usage: {
          inputTokens: 5000,
          outputTokens: 200,
          cachedInputTokens: 5000,
        },
        costUsd: 0.0041,
      },
    ],
    durationMs: 83_400,
    toolCalls: [
      {
        turn: 1,
        tool: 'read_file',
        ok: true,
        durationMs: 3,
        bytes: 1200,
        detail: 'src/math.ts',
      },
      {
        turn: 1,
        tool: 'bash',
        ok: false,
        durationMs: 1520,
        bytes: 42,
        detail: 'npm test',
        exitCode: 1,
      },
      {
        turn: 2,
        tool: 'edit_file',
        ok: true,
        durationMs: 8,
        bytes: 40,
        detail: 'src/math.ts',
      },
    ],
    requester: 'octocat',
    finalAnswer: 'Fixed `add` to handle negatives.\n\n| a | b |\n| - | - |',
    changedFiles: ['src/math.ts', 'docs/with space.md'],
    commit: {
      sha: 'abc1234def5678abc1234def5678abc1234def56',
      branch: 'harness9/issue-7-99',
      diffstat: '2 files changed, 5 insertions(+), 1 deletion(-)',
      pullRequestUrl: 'https://github.com/o/r/pull/8',
      leftOut: ['.github/workflows/ci.yml'],
    },
    notes: ['bash ran without a sandbox: bubblewrap is not installed.'],
    ...overrides,
  }
}

test('a completed run with a commit', () => {
  expectGolden('summary/completed.md', renderSummary(report()))
})

test('a failed run with no tool calls and no changes', () => {
  expectGolden(
    'summary/failed.md',
    renderSummary(
      report({
        status: 'failed',
        reason: 'openai request failed (HTTP 401): Incorrect API key provided',
        turns: 1,
        toolCalls: [],
        finalAnswer: '',
        changedFiles: [],
        commit: undefined,
        notes: [],
        costUsd: undefined,
        turnUsage: [],
      }),
    ),
  )
})

test('a skipped run is one line that says why', () => {
  expectGolden(
    'summary/skipped.md',
    renderSummary(
      report({
        status: 'skipped',
        reason:
          "@mallory may not trigger the agent: their permission is 'read'.",
        turns: 0,
        provider: undefined,
        toolCalls: [],
        finalAnswer: '',
        changedFiles: [],
        commit: undefined,
        notes: [],
        usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
        durationMs: 0,
      }),
    ),
  )
})

test('a table cell cannot be broken by a pipe in a tool name', () => {
  const markdown = renderSummary(
    report({
      toolCalls: [{ turn: 1, tool: 'a|b', ok: true, durationMs: 1, bytes: 1 }],
    }),
  )
  expect(markdown).toContain('| `a\\|b` |')
})

test('the outcome, links and answer come before the details', () => {
  const markdown = renderSummary(report())
  const order = [
    '## harness9: ✅ Completed',
    '**Pull request:** https://github.com/o/r/pull/8',
    '**Commit:** `abc1234def56`',
    '2 files changed, 5 insertions(+), 1 deletion(-)',
    'Asked by @\u200Doctocat · 1 min 23 s · 3 turns',
    '### Answer',
    '<details><summary>Tool calls (3)</summary>',
  ].map((text) => markdown.indexOf(text))
  expect(order.every((index) => index >= 0)).toBe(true)
  expect([...order].sort((a, b) => a - b)).toEqual(order)
  expect(markdown).toContain('| `bash` | error | `npm test` (exit 1) |')
  expect(markdown).toContain(
    '<details><summary>Tokens and cost per turn</summary>',
  )
})

test('a run that could not push says why at the top', () => {
  const markdown = renderSummary(
    report({
      commit: {
        leftOut: [],
        skippedReason: 'Nothing to commit: the agent changed no files.',
      },
    }),
  )
  expect(markdown.indexOf('Nothing to commit')).toBeLessThan(
    markdown.indexOf('### Answer'),
  )
  expect(markdown).not.toContain('**Branch:**')
})

test('huge parts are cut and the whole stays under the 1 MiB limit', () => {
  const markdown = renderSummary(
    report({
      task: 't'.repeat(50_000),
      finalAnswer: '答'.repeat(400_000),
      toolCalls: Array.from({ length: 5000 }, (_, index) => ({
        turn: index,
        tool: 'bash',
        ok: true,
        durationMs: 1,
        bytes: 1,
      })),
      changedFiles: Array.from(
        { length: 5000 },
        (_, index) => `file-${index}.txt`,
      ),
    }),
  )
  expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
  expect(markdown).toContain('_[cut: 46000 more characters]_')
  expect(markdown).toContain('_…and 4700 more calls (see the log)._')
  expect(markdown).toContain('- _…and 4700 more._')
})

test('a summary over the limit after cutting parts is cut whole, with a note', () => {
  const markdown = renderSummary(
    report({ notes: ['n'.repeat(2 * MAX_SUMMARY_BYTES)] }),
  )
  expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
  expect(
    markdown.endsWith('_[summary cut to stay under GitHub’s 1 MiB limit]_\n'),
  ).toBe(true)
})

const ZWJ = '\u200D'

test('the final answer pings no one, closes nothing and loads no image', () => {
  const markdown = renderSummary(
    report({
      finalAnswer:
        'Done, @everyone and @acme/security.\nFixes #1\n![approved](https://img.example/ok.svg)\n<details open><summary>Approved</summary></details>',
    }),
  )
  const answer = markdown.slice(
    markdown.indexOf('### Answer'),
    markdown.indexOf('<details><summary>Task'),
  )
  expect(answer).toContain(`> Done, @${ZWJ}everyone and @${ZWJ}acme/security.`)
  expect(answer).toContain(`> F${ZWJ}ixes #1`)
  expect(answer).toContain('> [image removed]')
  expect(answer).not.toContain('img.example')
  expect(answer).toContain(`> <${ZWJ}details open>`)
})

test('a failure reason carrying model markdown is shown as plain text', () => {
  const markdown = renderSummary(
    report({
      status: 'failed',
      reason: '## ✅ Approved\n![badge](https://img.example/a.svg) @admin',
      commit: {
        leftOut: [],
        skippedReason: 'Not pushed: <img src=https://t.example/p.gif>',
      },
    }),
  )
  expect(markdown).toContain(
    `\\## ✅ Approved\n\\!\\[badge\\](https://img.example/a.svg) @${ZWJ}admin`,
  )
  expect(markdown).toContain(
    '\nNot pushed: \\<img src=https://t.example/p.gif\\>\n',
  )
  expect(markdown.match(/^## /gm)).toHaveLength(1)
})
