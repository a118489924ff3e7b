import type { RunPlan } from '../../engine/compose-run.js'
import { createReadDiffTool } from '../../tools/read-diff.js'
import { createResolveFindingTool } from '../../tools/resolve-finding.js'
import { createReviewCommentTool } from '../../tools/review-comment.js'
import { readOnlyTools, type ToolList } from '../../tools/tool-lists.js'
import type { ChangedFile } from './diff-index.js'
import {
  buildReviewSystemPrompt,
  buildReviewTask,
  type ReviewPromptInput,
} from './review-prompt.js'

export interface ReviewPlanInput extends ReviewPromptInput {
  recordFinding: Parameters<typeof createReviewCommentTool>[0]
  /** Set when there are earlier findings the model may close as fixed. */
  recordFixed: Parameters<typeof createResolveFindingTool>[0] | undefined
}

/** A review run: tools that cannot change the checkout, the review prompt. */
export function buildReviewPlan(input: ReviewPlanInput): RunPlan {
  return {
    tools: reviewTools(input),
    systemPrompt: (toolNames) => buildReviewSystemPrompt(input, toolNames),
    task: buildReviewTask(input),
  }
}

/**
 * read_file and bash (in the read-only sandbox), read_diff, review_comment,
 * and resolve_finding when there are earlier findings to close.
 */
function reviewTools(options: {
  files: readonly ChangedFile[]
  recordFinding: ReviewPlanInput['recordFinding']
  recordFixed: ReviewPlanInput['recordFixed']
}): ToolList {
  const patches = new Map<string, string>()
  for (const file of options.files)
    if (file.patch) patches.set(file.path, file.patch)
  return (setup) => [
    ...readOnlyTools(setup),
    createReadDiffTool(patches),
    createReviewCommentTool(options.recordFinding),
    ...(options.recordFixed
      ? [createResolveFindingTool(options.recordFixed)]
      : []),
  ]
}
