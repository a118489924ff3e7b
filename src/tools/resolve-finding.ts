import { ToolError, type BaseTool } from './base-tool.js'
import { defineTool } from './define-tool.js'

const DESCRIPTION = `Marks one of your earlier, still open findings as fixed by the new commits. After the review is posted, its thread gets a reply "Fixed in <commit>" and is resolved.

- finding: the number of the earlier finding, as listed in the first message.
- reason: one sentence on how the new commits fixed it.
- Only for findings the new commits really fixed: read the changed code first. A finding whose lines the new commits did not touch is refused; leave it open.`

interface ResolveFindingInput {
  finding: number
  reason: string
}

/** The resolve_finding tool; `record` accepts or refuses (throws) the finding. */
export function createResolveFindingTool(
  record: (finding: number, reason: string) => string,
): BaseTool<ResolveFindingInput> {
  return defineTool({
    name: 'resolve_finding',
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        finding: {
          type: 'integer',
          description: 'Number of the earlier finding.',
        },
        reason: { type: 'string', description: 'How it was fixed.' },
      },
      required: ['finding'],
      additionalProperties: false,
    },
    example: '{"finding": 2, "reason": "The new commit checks for null."}',
    parse(input) {
      const finding = input.finding
      if (typeof finding !== 'number' || !Number.isInteger(finding)) {
        throw new ToolError(
          "resolve_finding needs 'finding': the earlier finding's number, e.g. {\"finding\": 2}.",
        )
      }
      const reason = typeof input.reason === 'string' ? input.reason.trim() : ''
      return { finding, reason }
    },
    async execute({ finding, reason }) {
      return record(finding, reason)
    },
  })
}
