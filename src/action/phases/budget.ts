/** Most of the budget kept back for the commit, the summary and the reply. */
export const MAX_WRAP_UP_RESERVE_MS = 60_000
/** Most of the budget kept back for publishing alone (summary, reply). */
export const MAX_PUBLISH_RESERVE_MS = 15_000

/** The step's time budget, cut into phases (epoch ms). */
export interface Budget {
  /** The budget's end: publishing must be done by then. */
  end: number
  /** The agent loop stops here: the rest is for commit and publishing. */
  loopDeadline: number
  /** A handover call after a limit stopped the loop ends here. */
  handoverUntil: number
  /** git's and GitHub's calls before publishing end here. */
  remoteDeadline: number
}

/**
 * `budget-minutes` from the step's start: the loop gets all but a tenth
 * (at most a minute), a handover half of that reserve, git and GitHub calls
 * all but a twentieth (at most 15 s), so that a hung remote cannot take the
 * time the report needs.
 */
export function budgetOf(budgetMinutes: number, startedAt: number): Budget {
  const budgetMs = budgetMinutes * 60_000
  const end = startedAt + budgetMs
  const reserve = Math.min(MAX_WRAP_UP_RESERVE_MS, budgetMs * 0.1)
  return {
    end,
    loopDeadline: end - reserve,
    handoverUntil: end - reserve / 2,
    remoteDeadline: end - Math.min(MAX_PUBLISH_RESERVE_MS, budgetMs * 0.05),
  }
}
