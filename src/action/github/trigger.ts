import { hasCommentMarker } from './comment-marker.js'
import type { ThreadEvent } from './event.js'

/**
 * Why a comment that has the phrase at the start of a line still does not
 * run: it sits in a block quote (quoting someone's command must not re-run
 * it with the quoter's rights) or in code (an example, not a request).
 */
export type MentionReason = 'quoted' | 'in-code'

/** What a comment asks for. */
export type TriggerResult =
  /** No trigger; `mention` when the phrase is there but quoted or in code. */
  | { kind: 'none'; mention?: MentionReason }
  /** The phrase alone: the issue or pull request itself is the task. */
  | { kind: 'empty'; triggerLine: string }
  | { kind: 'task'; task: string; triggerLine: string }

/** Characters that may follow the phrase: `/agent, please …`, `/agent: …`. */
const AFTER_PHRASE = /^(?:$|\s|[,.:;!?])/

interface LineScan {
  /** Lines where the phrase starts a line as a command. */
  triggers: { index: number; rest: string; line: string }[]
  /** The first reason a phrase at a line's start did not count. */
  mention: MentionReason | undefined
}

/**
 * Reads a comment as GitHub renders it. The phrase counts at the start of
 * any line (after at most 3 spaces), as a whole word followed by the end of
 * the line, whitespace or one of `, . : ; ! ?`; never inside fenced or
 * indented code, inline code, block quotes or HTML comments. The task is
 * the rest of the first such line plus every later line. The phrase is
 * compared exactly, case and all. A comment with the action's marker never
 * triggers.
 */
export function parseTrigger(
  commentBody: string,
  phrase: string,
): TriggerResult {
  const trimmedPhrase = checkPhrase(phrase)
  if (hasCommentMarker(commentBody)) return { kind: 'none' }
  const lines = commentBody.replace(/\r\n?/g, '\n').split('\n')
  const scan = scanLines(lines, trimmedPhrase)
  const first = scan.triggers[0]
  if (!first)
    return scan.mention
      ? { kind: 'none', mention: scan.mention }
      : { kind: 'none' }
  const task = [first.rest, ...lines.slice(first.index + 1)].join('\n').trim()
  const triggerLine = first.line.trim()
  return task
    ? { kind: 'task', task, triggerLine }
    : { kind: 'empty', triggerLine }
}

/** Every trigger line of a comment, whitespace-normalised, for edit checks. */
export function triggerLines(commentBody: string, phrase: string): string[] {
  const trimmedPhrase = checkPhrase(phrase)
  if (hasCommentMarker(commentBody)) return []
  const lines = commentBody.replace(/\r\n?/g, '\n').split('\n')
  return scanLines(lines, trimmedPhrase).triggers.map((trigger) =>
    normalizeLine(trigger.line),
  )
}

/**
 * Whether this event should start a run: a created comment with a trigger,
 * or an edited one whose edit added a trigger line the previous text did not
 * have (so fixing a typo does not run the agent again). Deleted comments and
 * other events never do.
 */
export function isNewTrigger(event: ThreadEvent, phrase: string): boolean {
  if (
    event.kind !== 'issue_comment' &&
    event.kind !== 'pull_request_review_comment'
  ) {
    return false
  }
  const current = triggerLines(event.comment.body, phrase)
  if (current.length === 0) return false
  if (event.action === 'created') return true
  if (event.action !== 'edited') return false
  // Without the old body the edit cannot be judged; running again is the
  // riskier guess.
  if (event.previousBody === undefined) return false
  const previous = new Set(triggerLines(event.previousBody, phrase))
  return current.some((line) => !previous.has(line))
}

function checkPhrase(phrase: string): string {
  const trimmed = phrase.trim()
  if (!trimmed) throw new Error("Input 'trigger-phrase' must not be empty.")
  return trimmed
}

/** Whitespace-only edits of a trigger line do not count as new. */
function normalizeLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ')
}

type LineKind = 'blank' | 'text' | 'quote' | 'code'

/**
 * One pass over the lines, CommonMark's block structure as far as it
 * matters here: fences, indented code, quotes (with their lazy
 * continuation lines), HTML comments, and code spans within paragraphs.
 */
function scanLines(lines: string[], phrase: string): LineScan {
  const kinds = classifyLines(lines)
  const triggers: LineScan['triggers'] = []
  let mention: MentionReason | undefined
  const note = (reason: MentionReason): void => {
    mention ??= reason
  }
  for (const paragraph of paragraphsOf(kinds.kinds)) {
    const spans = codeSpans(paragraph.map((index) => kinds.visible[index]))
    let offset = 0
    for (const index of paragraph) {
      const visible = kinds.visible[index]
      const start = /^ {0,3}/.exec(visible)![0].length
      const afterTicks = start + /^`*/.exec(visible.slice(start))![0].length
      if (startsWithPhrase(visible.slice(afterTicks), phrase)) {
        const inSpan = spans.some(
          ([from, to]) =>
            offset + afterTicks >= from && offset + afterTicks < to,
        )
        if (inSpan) note('in-code')
        else if (afterTicks === start) {
          triggers.push({
            index,
            rest: restAfterPhrase(lines[index].slice(start), phrase),
            line: lines[index],
          })
        }
      }
      offset += visible.length + 1
    }
  }
  lines.forEach((line, index) => {
    const kind = kinds.kinds[index]
    if (kind === 'quote' && startsWithPhrase(unquote(line), phrase))
      note('quoted')
    if (kind === 'code' && startsWithPhrase(line.trimStart(), phrase))
      note('in-code')
  })
  triggers.sort((a, b) => a.index - b.index)
  return { triggers, mention }
}

function startsWithPhrase(text: string, phrase: string): boolean {
  return text.startsWith(phrase) && AFTER_PHRASE.test(text.slice(phrase.length))
}

/** `/agent, please fix` → `please fix`: one punctuation mark is dropped. */
function restAfterPhrase(line: string, phrase: string): string {
  return line
    .slice(phrase.length)
    .replace(/^[,.:;!?]/, '')
    .trim()
}

/** `> > text` → `text`. */
function unquote(line: string): string {
  let rest = line
  while (/^ {0,3}>/.test(rest)) rest = rest.replace(/^ {0,3}> ?/, '')
  return rest.replace(/^ {0,3}/, '')
}

interface Classified {
  kinds: LineKind[]
  /** Each line with HTML comments blanked out (same length). */
  visible: string[]
}

function classifyLines(lines: string[]): Classified {
  const kinds: LineKind[] = []
  const visible: string[] = []
  let fence: { char: string; length: number } | undefined
  let inComment = false
  for (const line of lines) {
    if (fence) {
      kinds.push('code')
      visible.push(line)
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)
      if (
        close &&
        close[1][0] === fence.char &&
        close[1].length >= fence.length
      )
        fence = undefined
      continue
    }
    const hidden = hideComments(line, inComment)
    inComment = hidden.inComment
    const text = hidden.line
    visible.push(text)
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(text)
    const previous = kinds.at(-1)
    if (
      open &&
      !(open[1][0] === '`' && text.slice(open[0].length).includes('`'))
    ) {
      fence = { char: open[1][0], length: open[1].length }
      kinds.push('code')
    } else if (text.trim() === '') {
      kinds.push('blank')
    } else if (/^ {0,3}>/.test(text)) {
      kinds.push('quote')
    } else if (previous === 'quote') {
      // A lazy continuation line belongs to the quote's paragraph.
      kinds.push('quote')
    } else if (/^(?: {4}| {0,3}\t)/.test(text) && previous !== 'text') {
      kinds.push('code')
    } else {
      kinds.push('text')
    }
  }
  return { kinds, visible }
}

/** Blanks `<!-- … -->` (also across lines) with spaces, keeping offsets. */
function hideComments(
  line: string,
  inComment: boolean,
): { line: string; inComment: boolean } {
  let result = ''
  let rest = line
  let hiding = inComment
  while (rest) {
    if (hiding) {
      const end = rest.indexOf('-->')
      if (end === -1)
        return { line: result + ' '.repeat(rest.length), inComment: true }
      result += ' '.repeat(end + 3)
      rest = rest.slice(end + 3)
      hiding = false
    } else {
      const start = rest.indexOf('<!--')
      if (start === -1) return { line: result + rest, inComment: false }
      result += rest.slice(0, start)
      rest = rest.slice(start)
      hiding = true
    }
  }
  return { line: result, inComment: hiding }
}

/** Consecutive text lines: the paragraphs code spans can run across. */
function paragraphsOf(kinds: LineKind[]): number[][] {
  const paragraphs: number[][] = []
  let current: number[] = []
  kinds.forEach((kind, index) => {
    if (kind === 'text') {
      current.push(index)
    } else if (current.length > 0) {
      paragraphs.push(current)
      current = []
    }
  })
  if (current.length > 0) paragraphs.push(current)
  return paragraphs
}

/**
 * Code spans of a paragraph as [from, to) offsets in its lines joined by
 * `\n`: a run of n backticks opens one that the next run of exactly n
 * backticks closes; a run with no partner is literal.
 */
function codeSpans(lines: string[]): [number, number][] {
  const text = lines.join('\n')
  const runs = [...text.matchAll(/`+/g)].map((match) => ({
    at: match.index,
    length: match[0].length,
  }))
  const spans: [number, number][] = []
  for (let i = 0; i < runs.length; i += 1) {
    const partner = runs.findIndex(
      (run, j) => j > i && run.length === runs[i].length,
    )
    if (partner === -1) continue
    spans.push([runs[i].at, runs[partner].at + runs[partner].length])
    i = partner
  }
  return spans
}
