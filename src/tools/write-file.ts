import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { ToolDefinition } from '../schema/index.js'
import { writeFileAtomic } from './atomic-write.js'
import type { BaseTool, ToolContext } from './base-tool.js'
import { parseJsonArguments } from './parse-arguments.js'
import { ToolError } from './base-tool.js'
import { assertNotInGitDir, resolveWorkspacePath } from './workspace-path.js'

const DESCRIPTION = `Creates a file in the workspace, or replaces an existing file's whole content.

- path: relative to the workspace root. Missing parent directories are created. Paths outside the workspace (also through symbolic links) and paths inside .git are refused.
- content: the complete new content of the file. There is no backup: read_file an existing file first if you need what is in it.
- The write is atomic (readers never see half a file) and an existing file keeps its permissions, so an executable script stays executable.
- To change part of an existing file, prefer edit_file: it sends only the changed text.`

export interface WriteFileInput {
  path: string
  content: string
}

/** Checks the parsed arguments of a write_file call. */
export function parseWriteFileInput(raw: unknown): WriteFileInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ToolError(
      'write_file expects a JSON object such as {"path": "notes.md", "content": "# Notes\\n"}.',
    )
  }
  const { path, content } = raw as Record<string, unknown>
  if (typeof path !== 'string' || path === '') {
    throw new ToolError(
      "write_file needs 'path': a non-empty string, the file's path relative to the workspace root.",
    )
  }
  if (typeof content !== 'string') {
    throw new ToolError(
      "write_file needs 'content': a string holding the complete file content (it may be empty).",
    )
  }
  return { path, content }
}

export const writeFileTool: BaseTool = {
  name: 'write_file',
  definition(): ToolDefinition {
    return {
      name: 'write_file',
      description: DESCRIPTION,
      inputSchema: {
        type: 'object',
        properties: {
          path: {
            type: 'string',
            description: 'File path relative to the workspace root.',
          },
          content: {
            type: 'string',
            description: 'The complete content to write.',
          },
        },
        required: ['path', 'content'],
        additionalProperties: false,
      },
    }
  },
  async execute(args: string, context: ToolContext): Promise<string> {
    const input = parseWriteFileInput(parseJsonArguments(args))
    const resolved = await resolveWorkspacePath(context.workdir, input.path)
    assertNotInGitDir(context.workdir, resolved)
    await assertNotDirectory(resolved, input.path)
    await createParents(resolved, input.path)
    await writeFileAtomic(resolved, input.content)
    const bytes = Buffer.byteLength(input.content, 'utf8')
    return `成功将 ${bytes} 字节写入到文件: ${input.path}`
  },
}

async function assertNotDirectory(
  resolved: string,
  path: string,
): Promise<void> {
  // Missing is the usual case; any other stat error resurfaces in the write.
  const stats = await stat(resolved).catch(() => null)
  if (stats?.isDirectory()) {
    throw new ToolError(
      `${path} is a directory; write_file needs a file path, e.g. ${path}/new-file.txt.`,
    )
  }
}

/** mkdir -p with the design's 0755, so the model need not create folders first. */
async function createParents(
  resolved: string,
  inputPath: string,
): Promise<void> {
  try {
    await mkdir(path.dirname(resolved), { recursive: true, mode: 0o755 })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error
    throw new ToolError(
      `Cannot create the folders for ${inputPath}: part of its directory path is an existing file. Pick another path or remove that file first.`,
    )
  }
}
