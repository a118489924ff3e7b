import { createBashTool } from '../../tools/bash.js'
import { hostFileTool, type FileToolHost } from '../../tools/file-tool-host.js'
import { readFileTool } from '../../tools/read-file.js'
import { createReadDiffTool } from '../../tools/read-diff.js'
import { Registry } from '../../tools/registry.js'
import { createResolveFindingTool } from '../../tools/resolve-finding.js'
import { createReviewCommentTool } from '../../tools/review-comment.js'
import type { ChangedFile } from './diff-index.js'

/** read_file, bash (in the read-only sandbox), read_diff, review_comment, resolve_finding. */
export function buildReviewRegistry(options: {
  files: readonly ChangedFile[]
  recordFinding: Parameters<typeof createReviewCommentTool>[0]
  recordFixed: Parameters<typeof createResolveFindingTool>[0] | undefined
  bashTimeoutMs: number
  wrapCommand: ((argv: string[]) => string[]) | undefined
  /** Runs read_file's I/O inside the sandbox, as for a task run. */
  fileToolHost: FileToolHost | undefined
}): Registry {
  const registry = new Registry()
  registry.register(
    options.fileToolHost
      ? hostFileTool(readFileTool, options.fileToolHost)
      : readFileTool,
  )
  registry.register(
    createBashTool({
      timeoutMs: options.bashTimeoutMs,
      wrapCommand: options.wrapCommand,
    }),
  )
  const patches = new Map<string, string>()
  for (const file of options.files)
    if (file.patch) patches.set(file.path, file.patch)
  registry.register(createReadDiffTool(patches))
  registry.register(createReviewCommentTool(options.recordFinding))
  if (options.recordFixed)
    registry.register(createResolveFindingTool(options.recordFixed))
  return registry
}
