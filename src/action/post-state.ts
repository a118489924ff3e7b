import * as core from '@actions/core'

/**
 * What the post step needs when the main step dies before it publishes. It
 * runs as another process, so the main step writes this to GITHUB_STATE as
 * soon as it knows it (core.saveState appends to the file at once).
 */
export interface PostState {
  /** 'true' once the main step published its outcome. */
  published: boolean
  reply?: { commentId: number; issueNumber: number; runUrl?: string }
}

const PUBLISHED = 'harness9-published'
const REPLY = 'harness9-reply'

export function saveReplyState(reply: NonNullable<PostState['reply']>): void {
  core.saveState(REPLY, JSON.stringify(reply))
}

export function savePublished(): void {
  core.saveState(PUBLISHED, 'true')
}

/** The state the main step left (`STATE_*` variables in the post step). */
export function readPostState(): PostState {
  return {
    published: core.getState(PUBLISHED) === 'true',
    reply: parseReply(core.getState(REPLY)),
  }
}

function parseReply(raw: string): PostState['reply'] {
  if (!raw) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return undefined
    const commentId: unknown = Reflect.get(value, 'commentId')
    const issueNumber: unknown = Reflect.get(value, 'issueNumber')
    const runUrl: unknown = Reflect.get(value, 'runUrl')
    if (typeof commentId !== 'number' || typeof issueNumber !== 'number')
      return undefined
    return {
      commentId,
      issueNumber,
      ...(typeof runUrl === 'string' ? { runUrl } : {}),
    }
  } catch (error) {
    core.warning(`The main step's saved state is unreadable: ${String(error)}`)
    return undefined
  }
}
