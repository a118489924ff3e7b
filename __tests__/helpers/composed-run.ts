import { composeRun, type RunPlan } from '../../src/engine/compose-run.js'
import { ScriptedProvider } from './scripted-provider.js'

/** Every tool name harness9 has; a prompt names a subset of these. */
const ALL_TOOL_NAMES = [
  'read_file',
  'write_file',
  'edit_file',
  'bash',
  'read_diff',
  'review_comment',
  'resolve_finding',
]

/** The tool names a system prompt mentions, as whole words, in table order. */
export function toolsNamedIn(prompt: string): string[] {
  return ALL_TOOL_NAMES.filter((name) =>
    new RegExp(`\\b${name}\\b`).test(prompt),
  )
}

/**
 * composeRun of `plan` with what a plan test does not look at: a provider
 * with no replies, five turns, 5 s per tool, events dropped.
 */
export function composePlan(plan: RunPlan, workdir: string) {
  return composeRun({
    plan,
    provider: new ScriptedProvider([]),
    price: undefined,
    workdir,
    env: {},
    maxTurns: 5,
    toolTimeoutMs: 5000,
    onEvent: () => {},
  })
}
