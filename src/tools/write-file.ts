import path from 'node:path'
import { writeFileAtomicIn } from './atomic-write.js'
import { ToolError } from './base-tool.js'
import { defineTool } from './define-tool.js'
import {
  assertNotInGitDir,
  PATH_PROPERTY,
  resolveWorkspacePath,
} from './workspace-path.js'
import { openEntry, openParent } from './workspace-walk.js'

const DESCRIPTION = `Creates a file in the workspace, or replaces an existing file's whole content.

- path: relative to the workspace root. Missing parent directories are created. Paths outside the workspace (also through symbolic links) and paths inside .git are refused.
- content: the complete new content of the file. There is no backup: read_file an existing file first if you need what is in it.
- The write is atomic (readers never see half a file) and an existing file keeps its permissions, so an executable script stays executable.
- To change part of an existing file, prefer edit_file: it sends only the changed text.`

export interface WriteFileInput {
  path: string
  content: string
}

/** Checks the fields of a write_file call. */
export function parseWriteFileInput(
  input: Record<string, unknown>,
): WriteFileInput {
  const { path, content } = input
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

export const writeFileTool = defineTool({
  name: 'write_file',
  description: DESCRIPTION,
  inputSchema: {
    type: 'object',
    properties: {
      path: PATH_PROPERTY,
      content: {
        type: 'string',
        description: 'The complete content to write.',
      },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  example: '{"path": "notes.md", "content": "# Notes\\n"}',
  parse: parseWriteFileInput,
  pathOf: (input) => input.path,
  async execute(input, context) {
    const resolved = await resolveWorkspacePath(context.workdir, input.path)
    assertNotInGitDir(context.workdir, resolved)
    await writeInWorkspace(context.workdir, resolved, input)
    const bytes = Buffer.byteLength(input.content, 'utf8')
    return `成功将 ${bytes} 字节写入到文件: ${input.path}`
  },
})

/**
 * mkdir -p with the design's 0755 (so the model need not create folders
 * first), then the atomic write, all inside directories held open from the
 * workspace down: a directory swapped for a link meanwhile is refused.
 */
async function writeInWorkspace(
  workdir: string,
  resolved: string,
  input: WriteFileInput,
): Promise<void> {
  const parent = await openParent(workdir, path.relative(workdir, resolved), {
    inputPath: input.path,
    create: true,
  })
  if (parent === undefined) throw new Error('unreachable: parents are created')
  try {
    const found = await openEntry(parent, input.path)
    if (found.kind === 'file') await found.handle.close()
    if (found.kind === 'directory') {
      throw new ToolError(
        `${input.path} is a directory; write_file needs a file path, e.g. ${input.path}/new-file.txt.`,
      )
    }
    const mode = found.kind === 'file' ? found.mode : undefined
    await writeFileAtomicIn(parent.directory, parent.name, input.content, mode)
  } finally {
    await parent.directory.close()
  }
}
