import type { BaseTool, ToolContext } from '../../src/tools/base-tool.js'
import { defineTool } from '../../src/tools/define-tool.js'

/**
 * Runs `tool` on a call's raw JSON text as the registry does: parse once,
 * then execute. A parse error rejects, like any other tool error.
 */
export async function runTool<Args>(
  tool: BaseTool<Args>,
  text: string,
  context: ToolContext,
): Promise<string> {
  return tool.execute(tool.parseArguments(text), context)
}

interface SleepInput {
  ms: number
  label: string
  /** A path the call claims to touch: same-path calls run in order. */
  path?: string
}

/**
 * A tool that waits `ms` (honouring the abort signal) and returns `label`.
 * `ignoreAbort` makes it a tool that does not honour its signal.
 */
export function sleepTool(
  options: { ignoreAbort?: boolean } = {},
): BaseTool<SleepInput> & { finished: string[] } {
  const finished: string[] = []
  const tool = defineTool({
    name: 'sleep',
    description: 'Waits, then echoes its label.',
    inputSchema: {
      type: 'object',
      properties: {
        ms: { type: 'number' },
        label: { type: 'string' },
        path: { type: 'string' },
      },
      required: ['ms', 'label'],
    },
    example: '{"ms": 10, "label": "a"}',
    parse: (input) => input as unknown as SleepInput,
    pathOf: (input) => input.path,
    execute: ({ ms, label }, context) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          finished.push(label)
          resolve(label)
        }, ms)
        if (options.ignoreAbort) {
          timer.unref() // a deaf tool must not keep the test process alive
          return
        }
        context.signal.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(new Error(`${label} stopped`))
        })
      }),
  })
  return { ...tool, finished }
}
