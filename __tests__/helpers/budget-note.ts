/**
 * Every request ends with the engine's budget note (turns, time, tokens and
 * cost left): a last user message on OpenAI's wire, a last text block of the
 * last user message on Anthropic's. Tests that look at the conversation
 * itself set it aside with these.
 */
const NOTE_START = '[budget: '

export function isBudgetNote(content: unknown): boolean {
  return typeof content === 'string' && content.startsWith(NOTE_START)
}

interface SentMessage {
  content: unknown
}

/** The messages of a request body, the trailing note left aside. */
export function withoutBudgetNote<M extends SentMessage>(messages: M[]): M[] {
  const last = messages.at(-1)
  if (last === undefined) return messages
  if (isBudgetNote(last.content)) return messages.slice(0, -1)
  if (!Array.isArray(last.content)) return messages
  const blocks = (last.content as { type?: string; text?: unknown }[]).filter(
    (block) => !(block.type === 'text' && isBudgetNote(block.text)),
  )
  return [...messages.slice(0, -1), { ...last, content: blocks }]
}
