/**
 * The model's text (its final answer, an error it caused) is published in
 * the reply, the pull request and the job summary. Written by a model that
 * may follow someone else's instructions, it must not act through GitHub's
 * markdown: ping people or teams, close issues when a pull request merges,
 * load tracking images, or pose as the action's own words (a heading, a
 * badge, an HTML block that ends our quote).
 *
 * The neutralising characters are zero-width joiners: invisible, so the text
 * reads as written, and applied everywhere, code included, because a guess
 * at what GitHub will render as code is a bypass when it is wrong.
 */

const ZWJ = '\u200D'

/**
 * A keyword that closes an issue from a pull request body or a commit
 * message, then (through spacing, a colon or emphasis marks) a reference:
 * `#1`, `GH-1`, `owner/repo#1` or an issue or pull request URL.
 */
const CLOSING_KEYWORD =
  /\b(close[sd]?|fix(?:e[sd])?|resolve[sd]?)([*_~`:\s]+)(?=#\d|GH-\d|[\w.-]+\/[\w.-]+#\d|https?:\/\/\S+\/(?:issues|pull)\/\d)/gi

// `![alt](url "title")`, `![alt][ref]`, `![alt]`: one level of nested
// brackets or parentheses, as in `![a [b]](u(1))`.
const MARKDOWN_IMAGE =
  /!\[(?:[^[\]\\]|\\.|\[[^[\]]*\])*\](?:\((?:[^()\\]|\\.|\([^()]*\))*\)|\[[^\]]*\])?/g
const HTML_MEDIA = /<\s*(?:img|image|picture|source|video|audio|svg)\b[^>]*>/gi

/** `@name` and `@org/team` no longer mention anyone: `@` + ZWJ + name. */
export function neutralizeMentions(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9_-])/g, `@${ZWJ}`)
}

/** `Fixes #1`, `closes o/r#2`, `resolves <issue URL>` no longer close anything. */
export function neutralizeClosingKeywords(text: string): string {
  return text.replace(
    CLOSING_KEYWORD,
    (_match, word: string, gap: string) =>
      `${word[0]}${ZWJ}${word.slice(1)}${gap}`,
  )
}

/** Mentions and closing keywords, for text that is not rendered as markdown (a title). */
export function neutralizeReferences(text: string): string {
  return neutralizeClosingKeywords(neutralizeMentions(text))
}

/** Markdown and HTML images become `[image removed]`: nothing is loaded. */
export function dropImages(text: string): string {
  return text
    .replace(MARKDOWN_IMAGE, '[image removed]')
    .replace(HTML_MEDIA, '[image removed]')
}

/**
 * No HTML tag, comment or declaration is parsed: `<` + ZWJ is plain text, so
 * nothing can close our quote, hide text, or add a `<details>` of its own.
 */
export function neutralizeHtml(text: string): string {
  return text.replace(/<(?=[A-Za-z/!?])/g, `<${ZWJ}`)
}

/**
 * The model's markdown as a block quote: it still renders (code, lists,
 * links), but inside the quote's border, with images dropped, HTML inert, and
 * no mention or closing keyword that works.
 */
export function quoteModelText(text: string): string {
  const safe = neutralizeHtml(
    neutralizeReferences(dropImages(text.replace(/\r\n?/g, '\n'))),
  )
  return safe
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')
}

/**
 * Text shown as written, not as markdown: a failure reason, which can quote
 * the model or an API. Inline markup is escaped, a line cannot start a
 * heading, list, quote or table, and references are neutralised.
 */
export function toPlainText(text: string): string {
  const escaped = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\\`*_[\]<>~|&!]/g, (character) =>
      character === '&' ? '&amp;' : `\\${character}`,
    )
    .replace(
      /^([ \t]*)([#>+=-]|\d+[.)])/gm,
      (_match, indent, marker) =>
        `${indent}${String(marker).replace(/[#>+=.)-]/, '\\$&')}`,
    )
  return neutralizeReferences(escaped)
}
