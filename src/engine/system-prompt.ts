/**
 * The system prompt of a task run: how to work headless, with nobody to
 * ask, with the tools named in `toolNames` (the registered ones). `setting`
 * says where the run happens ('from a terminal'); `paragraphs` are the
 * caller's own, appended in order (the action's CI paragraph).
 */
export function buildSystemPrompt(options: {
  workdir: string
  setting: string
  toolNames: readonly string[]
  paragraphs?: readonly string[]
}): string {
  const base = `You are harness9, a coding agent running headless ${options.setting} over the directory ${options.workdir}.

Work with the tools: ${joinNames(options.toolNames)}. Paths are relative to the repository root; file tools cannot leave it. Nobody can answer questions during the run: make reasonable decisions, and say what you assumed.

How to work:
- Look before you change: read the relevant files and run the project's own checks when they exist.
- Make the smallest change that does the task well; keep the project's style.
- Verify your change (build, tests, or a quick run) when the project allows it.

When you are done, reply without a tool call. That reply is the result: say briefly what you changed and why, and anything left for a person to check.`
  const extra = (options.paragraphs ?? [])
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  return [base, ...extra].join('\n\n')
}

/** 'a', 'a and b', 'a, b and c'. */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
