/**
 * Log output kept off the run's critical path. Text (or a function that makes
 * it, so rendering waits too) is queued and written in ONE call when the run
 * starts waiting for the model (`flushWhenIdle`, at the next idle moment,
 * once the request is out), so a turn's blocks cost one write, made while
 * the model works: never between a reply and the next request, and never a
 * write that blocks on a pipe there (stdio pipes are synchronous on Linux).
 * Text queued while a tool runs goes out at the latest LATEST_MS later, so
 * nothing waits behind a long tool call. Call `flush` before writing
 * anything else to the same stream, and at exit.
 */
export interface DeferredWriter {
  /** Queues text; a function is called at flush time, in queue order. */
  write(text: string | (() => string)): void
  /** The run is about to wait: write what is queued once it does. */
  flushWhenIdle(): void
  /** Writes everything queued now. */
  flush(): void
}

/** The longest queued text waits when the run does not wait for the model. */
export const LATEST_MS = 100

export function createDeferredWriter(
  write: (text: string) => void,
): DeferredWriter {
  let queue: (string | (() => string))[] = []
  let timer: NodeJS.Timeout | undefined
  let idle: NodeJS.Immediate | undefined
  const flush = (): void => {
    clearTimeout(timer)
    clearImmediate(idle)
    timer = undefined
    idle = undefined
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
      timer ??= setTimeout(flush, LATEST_MS)
    },
    flushWhenIdle() {
      if (queue.length > 0) idle ??= setImmediate(flush)
    },
    flush,
  }
}
