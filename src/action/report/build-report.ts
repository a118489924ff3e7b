import type { AgentResult } from '../../engine/run-agent.js'
import { ZERO_USAGE } from '../../schema/index.js'
import type { AgentPhaseResult } from '../phases/agent-phase.js'
import type { ActionInputs } from '../inputs.js'
import type { RunRequest } from '../request/resolve-request.js'
import type { ActionStatus, RunReport } from './run-report.js'

/** The report of a run the agent finished, whatever its ending. */
export function agentReport(
  agent: AgentPhaseResult,
  request: RunRequest,
  inputs: ActionInputs,
  startedAt: number,
  changedFiles: string[],
  notes: string[],
): RunReport {
  const { result } = agent
  return {
    task: request.task,
    status: statusOf(result),
    reason: reasonOf(result, inputs),
    provider: inputs.provider,
    model: agent.model,
    turns: result.turns,
    usage: result.usage,
    ...(result.costUsd !== undefined ? { costUsd: result.costUsd } : {}),
    turnUsage: agent.turnUsage,
    durationMs: Date.now() - startedAt,
    toolCalls: agent.toolCalls,
    finalAnswer: result.finalText,
    changedFiles,
    notes: [
      ...notes,
      ...request.notes,
      ...result.contextNotes,
      ...retryNote(agent.retries),
    ],
    retries: agent.retries,
    requester: request.requester?.login,
  }
}

/** The summary counts the model API's retries; each is a line in the log. */
function retryNote(retries: number): string[] {
  if (retries === 0) return []
  return [
    `The model API was retried ${retries} ${retries === 1 ? 'time' : 'times'} (each retry is a \`[retry]\` line in the log).`,
  ]
}

function statusOf(result: AgentResult): ActionStatus {
  return result.stopReason === 'aborted' ? 'cancelled' : result.stopReason
}

function reasonOf(result: AgentResult, inputs: ActionInputs): string {
  switch (result.stopReason) {
    case 'completed':
      return 'The model finished the task.'
    case 'max_turns':
      return `The run reached max-turns (${inputs.maxTurns}) before the model finished.`
    case 'token_limit':
      return `The run used its token budget (max-tokens ${inputs.maxTokens}).`
    case 'cost_limit':
      return `The run reached its cost limit (max-cost ${inputs.maxCostUsd} USD).`
    case 'deadline':
      return `The time budget (budget-minutes ${inputs.budgetMinutes}) ran out before the model finished.`
    case 'aborted':
      return 'The run was cancelled.'
    case 'failed':
      return result.error?.message ?? 'The model call failed.'
    case 'refused':
      return result.error?.message ?? 'The provider refused to answer.'
  }
}

/** A failure: the partial report, if the run got that far, marked failed. */
export function failedReport(
  reason: string,
  partial: RunReport | undefined,
  startedAt: number,
): RunReport {
  return partial
    ? { ...partial, status: 'failed', reason }
    : emptyReport('', 'failed', reason, Date.now() - startedAt)
}

/** A report with nothing run: a skip, or a failure before the agent. */
export function emptyReport(
  task: string,
  status: ActionStatus,
  reason: string,
  durationMs: number,
): RunReport {
  return {
    task,
    status,
    reason,
    turns: 0,
    usage: ZERO_USAGE,
    durationMs,
    toolCalls: [],
    finalAnswer: '',
    changedFiles: [],
    notes: [],
  }
}
