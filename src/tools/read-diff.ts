import { ToolError, type BaseTool } from './base-tool.js'
import { defineTool } from './define-tool.js'

/** The most characters one read_diff call returns. */
export const MAX_DIFF_READ_CHARS = 40_000

const DESCRIPTION = `Returns the diff of one file of the pull request under review (unified diff hunks, new-file line numbers in the @@ headers).

- path: the file's path as listed in the changed files.
- Use it for the files whose diff did not fit in the first message. Read the whole file with read_file when you need more context.`

/** The read_diff tool over the review's patches, by path. */
export function createReadDiffTool(
  patches: ReadonlyMap<string, string>,
): BaseTool<{ path: string }> {
  return defineTool({
    name: 'read_diff',
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string', description: 'File path.' } },
      required: ['path'],
      additionalProperties: false,
    },
    example: '{"path": "src/index.ts"}',
    parse(input) {
      const path = input.path
      if (typeof path !== 'string' || path === '') {
        throw new ToolError("read_diff needs 'path': a changed file's path.")
      }
      return { path }
    },
    // Reads nothing of the workspace, but keeps calls per path in order.
    pathOf: (input) => input.path,
    async execute({ path }) {
      const patch = patches.get(path)
      if (patch === undefined) {
        const known = [...patches.keys()].slice(0, 50).join(', ')
        throw new ToolError(
          `${path} has no diff in this review. Files with a diff: ${known || 'none'}.`,
        )
      }
      return patch.length > MAX_DIFF_READ_CHARS
        ? `${patch.slice(0, MAX_DIFF_READ_CHARS)}\n[truncated: the diff has ${patch.length} characters; read the file with read_file for the rest]`
        : patch
    },
  })
}
