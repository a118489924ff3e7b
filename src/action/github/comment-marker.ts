/**
 * The hidden mark on every comment the action writes. A comment that carries
 * it never triggers a run, whoever posted it: with a personal token the
 * action posts as a person with write access, and its own replies quote the
 * task (with the phrase) back.
 */
export const COMMENT_MARKER = '<!-- harness9 -->'

/** Whether the text carries the action's marker. */
export function hasCommentMarker(body: string): boolean {
  return body.includes(COMMENT_MARKER)
}

/** The body with the marker as its first line (once). */
export function withCommentMarker(body: string): string {
  return hasCommentMarker(body) ? body : `${COMMENT_MARKER}\n${body}`
}
