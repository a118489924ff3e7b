import * as core from '@actions/core'

/**
 * The action's own phases (request, workspace, commit, reply, …) as
 * collapsible groups in the step log, so the log does not end at the
 * agent loop. Groups do not nest on the runner: opening a phase closes
 * the one before, and the agent's turn groups close it too.
 */
let open = false

/** Opens a group for the next phase, closing the current one. */
export function openPhase(title: string): void {
  closePhase()
  core.startGroup(title)
  open = true
}

/** Closes the current phase's group, if one is open. */
export function closePhase(): void {
  if (open) core.endGroup()
  open = false
}
