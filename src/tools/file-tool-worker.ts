import { createInterface } from 'node:readline'
import type { BaseTool } from './base-tool.js'
import { editFileTool } from './edit-file.js'
import { readFileTool } from './read-file.js'
import { writeFileTool } from './write-file.js'

/**
 * The file tools' helper process: started through the same command wrapper
 * as bash (so inside the sandbox, or as the sandbox's user), it runs
 * read_file, write_file and edit_file for the action. One JSON object per
 * line each way: `{id, tool, args, workdir}` in, `{id, output}` or
 * `{id, error}` out. A read that blocks can only block this process.
 */

const TOOLS = new Map<string, BaseTool>(
  [readFileTool, writeFileTool, editFileTool].map((tool) => [tool.name, tool]),
)

interface Request {
  id: number
  tool: string
  args: string
  workdir: string
}

function parseRequest(line: string): Request | undefined {
  try {
    const value = JSON.parse(line) as Partial<Request>
    if (
      typeof value.id === 'number' &&
      typeof value.tool === 'string' &&
      typeof value.args === 'string' &&
      typeof value.workdir === 'string'
    ) {
      return value as Request
    }
  } catch {
    // Reported below: the host only sends whole, valid lines.
  }
  return undefined
}

async function answer(request: Request): Promise<object> {
  const tool = TOOLS.get(request.tool)
  if (!tool)
    return { id: request.id, error: `Unknown file tool '${request.tool}'.` }
  try {
    // The host checked these arguments already; this process parses its copy.
    const output = await tool.execute(tool.parseArguments(request.args), {
      workdir: request.workdir,
      env: {},
      signal: new AbortController().signal, // the host kills us instead
    })
    return { id: request.id, output }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { id: request.id, error: message || 'The file tool failed.' }
  }
}

function main(): void {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
  lines.on('line', (line) => {
    const request = parseRequest(line)
    if (!request) {
      process.stderr.write(`Unreadable request: ${line.slice(0, 200)}\n`)
      process.exit(2)
    }
    void answer(request).then((reply) => {
      process.stdout.write(`${JSON.stringify(reply)}\n`)
    })
  })
  // The host closes stdin when the run ends: nothing is left to do.
  lines.on('close', () => process.exit(0))
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
}

main()
