import { randomUUID } from 'node:crypto'

/**
 * Wraps text from the model or its tools so the runner cannot read a line of
 * it as a workflow command (`::set-output`, `::add-mask::`, `::stop-commands::`).
 * The runner stops processing commands after `::stop-commands::<token>` until
 * it sees `::<token>::`; the token is random per run, so the text cannot
 * guess it to end the pause early.
 */
export function createWorkflowCommandGuard(): (text: string) => string {
  const token = `harness9-${randomUUID()}`
  return (text) =>
    `::stop-commands::${token}\n${text.endsWith('\n') ? text : `${text}\n`}::${token}::\n`
}
