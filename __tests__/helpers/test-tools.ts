import type { BaseTool, ToolContext } from '../../src/tools/base-tool.js'
import type { ToolDefinition } from '../../src/schema/index.js'

/**
 * A tool that waits `ms` (honouring the abort signal) and returns `label`.
 * `ignoreAbort` makes it a tool that does not honour its signal.
 */
export function sleepTool(options: { ignoreAbort?: boolean } = {}): BaseTool & {
  finished: string[]
} {
  const finished: string[] = []
  return {
    name: 'sleep',
    finished,
    definition(): ToolDefinition {
      return {
        name: 'sleep',
        description: 'Waits, then echoes its label.',
        inputSchema: {
          type: 'object',
          properties: { ms: { type: 'number' }, label: { type: 'string' } },
          required: ['ms', 'label'],
        },
      }
    },
    execute(args: string, context: ToolContext): Promise<string> {
      const { ms, label } = JSON.parse(args) as { ms: number; label: string }
      return new Promise((resolve, reject) => {
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
      })
    },
  }
}
