import path from 'node:path'
import { writeFileAtomicIn } from './atomic-write.js'
import { ToolError } from './base-tool.js'
import { defineTool } from './define-tool.js'
import { applyEdit, MATCH_COUNT_LIMIT } from './edit-match.js'
import {
  assertNotInGitDir,
  PATH_PROPERTY,
  resolveWorkspacePath,
} from './workspace-path.js'
import { openEntry, openParent, type HeldParent } from './workspace-walk.js'

// A NUL byte in the first 8 KiB marks a binary file, as git decides.
const BINARY_PROBE_BYTES = 8192

const DESCRIPTION = `Replaces one piece of text in an existing file of the workspace.

- path: relative to the workspace root. The file must exist (create files with write_file). Paths outside the workspace (also through symbolic links) and paths inside .git are refused.
- source_text: the text to replace, copied from the file as read_file showed it. It must occur exactly once. If it is not found verbatim, edit_file retries with \\r\\n read as \\n, then with whitespace around source_text ignored, then line by line with indentation ignored (the whole matched lines are replaced).
- target_text: the new text (empty to delete). The file keeps its line endings (\\r\\n stays \\r\\n) and its permissions.
- If source_text is not found: read the file again with read_file and copy the exact text. If it matches several places: include more surrounding lines to make it unique.
- Binary files are refused.`

export interface EditFileInput {
  path: string
  sourceText: string
  targetText: string
}

/** Checks the fields of an edit_file call. */
export function parseEditFileInput(
  input: Record<string, unknown>,
): EditFileInput {
  const { path, source_text: sourceText, target_text: targetText } = input
  if (typeof path !== 'string' || path === '') {
    throw new ToolError(
      "edit_file needs 'path': a non-empty string, the file's path relative to the workspace root.",
    )
  }
  if (typeof sourceText !== 'string' || sourceText === '') {
    throw new ToolError(
      "edit_file needs 'source_text': the non-empty text to replace, copied from the file. To create a file, use write_file.",
    )
  }
  if (typeof targetText !== 'string') {
    throw new ToolError(
      "edit_file needs 'target_text': a string with the new text (empty to delete source_text).",
    )
  }
  if (sourceText === targetText) {
    throw new ToolError(
      'source_text and target_text are the same, so nothing would change. Put the new text in target_text.',
    )
  }
  return { path, sourceText, targetText }
}

export const editFileTool = defineTool({
  name: 'edit_file',
  description: DESCRIPTION,
  inputSchema: {
    type: 'object',
    properties: {
      path: PATH_PROPERTY,
      source_text: {
        type: 'string',
        description: 'The text to replace; must occur exactly once.',
      },
      target_text: {
        type: 'string',
        description: 'The replacement text.',
      },
    },
    required: ['path', 'source_text', 'target_text'],
    additionalProperties: false,
  },
  example:
    '{"path": "src/a.ts", "source_text": "old line", "target_text": "new line"}',
  parse: parseEditFileInput,
  pathOf: (input) => input.path,
  async execute(input, context) {
    const resolved = await resolveWorkspacePath(context.workdir, input.path)
    assertNotInGitDir(context.workdir, resolved)
    const parent = await openParent(
      context.workdir,
      path.relative(context.workdir, resolved),
      { inputPath: input.path, create: false },
    )
    if (parent === undefined) throw notFound(input.path)
    try {
      return await editInParent(parent, input)
    } finally {
      await parent.directory.close()
    }
  },
})

/** Reads, edits and atomically replaces the file inside its held directory. */
async function editInParent(
  parent: HeldParent,
  input: EditFileInput,
): Promise<string> {
  const { content, mode } = await readTextFile(parent, input.path)
  const outcome = applyEdit(content, input.sourceText, input.targetText)
  if (outcome.kind === 'not-found') {
    throw new ToolError(
      `source_text was not found in ${input.path}, not even with whitespace and line endings ignored. Read the file again with read_file and copy the exact text to replace.`,
    )
  }
  if (outcome.kind === 'ambiguous') {
    const count =
      outcome.count >= MATCH_COUNT_LIMIT
        ? `at least ${outcome.count}`
        : `${outcome.count}`
    throw new ToolError(
      `source_text matches ${count} places in ${input.path} (${outcome.level} match); edit_file changes exactly one. Include more surrounding lines to make it unique.`,
    )
  }
  await writeFileAtomicIn(parent.directory, parent.name, outcome.content, mode)
  return `成功修改文件: ${input.path}`
}

function notFound(path: string): ToolError {
  return new ToolError(
    `File not found: ${path}. edit_file changes existing files only: check the path, or create the file with write_file.`,
  )
}

/** The file as UTF-8 text and its mode; refuses what an edit would corrupt. */
async function readTextFile(
  parent: HeldParent,
  path: string,
): Promise<{ content: string; mode: number }> {
  const found = await openEntry(parent, path)
  if (found.kind === 'missing') throw notFound(path)
  if (found.kind !== 'file') {
    throw new ToolError(`${path} is not a regular file; edit_file edits files.`)
  }
  let bytes: Buffer
  try {
    bytes = await found.handle.readFile()
  } finally {
    await found.handle.close()
  }
  if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) {
    throw new ToolError(
      `${path} looks like a binary file (it contains NUL bytes); edit_file edits text only.`,
    )
  }
  return { content: decodeUtf8(bytes, path), mode: found.mode }
}

/**
 * Strict decoding: a lenient one would turn invalid bytes into U+FFFD and
 * write them back, changing the file outside the edit. The BOM is kept.
 */
function decodeUtf8(bytes: Buffer, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      bytes,
    )
  } catch {
    throw new ToolError(
      `${path} is not valid UTF-8 text, so edit_file cannot change it safely. Use write_file to rewrite it, or bash (e.g. sed) to edit it.`,
    )
  }
}
