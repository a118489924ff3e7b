import type { ModelStop } from '../schema/index.js'

/**
 * Said to the model when its answer was cut by the output token limit; the
 * reply is joined to the part before.
 */
export const CONTINUE_PROMPT =
  'Your answer was cut off by the output token limit. Continue exactly where it stopped, without repeating anything.'

/** The provider declined to answer: the run ends `refused`, not `failed`. */
export class RefusalError extends Error {
  readonly stop: ModelStop

  constructor(stop: ModelStop) {
    super(
      stop.explanation
        ? `The provider refused to answer: ${stop.explanation}`
        : `The provider refused to answer (stop reason '${stop.raw}').`,
    )
    this.name = 'RefusalError'
    this.stop = stop
  }
}

/** The answer was cut by the output limit again after one continuation. */
export function cutTwiceError(raw: string): Error {
  return new Error(
    `The answer was cut off by the output token limit twice (stop reason '${raw}'), ` +
      'even after asking the model to continue; raise the output limit or ask for a shorter answer.',
  )
}
