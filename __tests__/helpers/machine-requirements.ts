import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { probeBwrap } from '../../src/sandbox/probe.js'

/**
 * Fails the hook it runs in, and so every test of the file, when the tests
 * do not run as root (as the CI container does): they create users and
 * root-owned directories. A failure, not a skip, so nothing passes unseen.
 */
export function requireRoot(): void {
  if (process.getuid?.() !== 0) {
    throw new Error(
      'These tests need root: they create users and root-owned directories.',
    )
  }
}

/** bubblewrap's path; fails the hook it runs in when bwrap cannot run here. */
export async function requireBwrap(): Promise<string> {
  const probe = await probeBwrap()
  if (!probe.ok) throw new Error(`These tests need bubblewrap: ${probe.reason}`)
  return probe.bwrapPath
}

/** An executable `/bin/sh` script `dir/name` standing in for a system tool. */
export function writeStandIn(dir: string, name: string, lines: string[]): void {
  writeFileSync(join(dir, name), ['#!/bin/sh', ...lines, ''].join('\n'))
  chmodSync(join(dir, name), 0o755)
}
