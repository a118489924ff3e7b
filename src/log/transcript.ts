import { closeSync, openSync, writeSync } from 'node:fs'
import type { EngineEvent } from '../schema/index.js'

/**
 * Appends every message of the run to a JSONL file as it happens, so the
 * transcript survives a crash. `redact` runs on each line before it is
 * written (the action removes secrets: the file may be uploaded).
 */
export function openTranscript(
  path: string,
  redact: (line: string) => string = (line) => line,
): { onEvent: (event: EngineEvent) => void; close: () => void } {
  const fd = openSync(path, 'w', 0o600)
  let open = true
  return {
    onEvent(event) {
      if (!open || event.type !== 'message') return
      const record = { at: new Date(event.at).toISOString(), ...event.message }
      writeSync(fd, `${redact(JSON.stringify(record))}\n`)
    },
    close() {
      if (open) closeSync(fd)
      open = false
    },
  }
}
