/**
 * Log output kept off the run's critical path. Text (or a function that makes
 * it, so rendering waits too) is queued and written in ONE call once the
 * process is idle, i.e. waiting for the model or a tool: the next request is
 * never held up by rendering or by a write that blocks on a pipe (stdio pipes
 * are synchronous on Linux), and a turn's blocks cost one write, not one each.
 * Being idle-driven it stays live: nothing waits behind a long tool call.
 * Call `flush` before writing anything else to the same stream, and at exit.
 */
export interface DeferredWriter {
  /** Queues text; a function is called at flush time, in queue order. */
  write(text: string | (() => string)): void
  /** Writes everything queued now. */
  flush(): void
}

export function createDeferredWriter(
  write: (text: string) => void,
): DeferredWriter {
  let queue: (string | (() => string))[] = []
  let scheduled: NodeJS.Immediate | undefined
  const flush = (): void => {
    if (scheduled) clearImmediate(scheduled)
    scheduled = undefined
    if (queue.length === 0) return
    const items = queue
    queue = []
    const text = items
      .map((item) => (typeof item === 'string' ? item : item()))
      .join('')
    if (text) write(text)
  }
  return {
    write(text) {
      queue.push(text)
      scheduled ??= setImmediate(flush)
    },
    flush,
  }
}
