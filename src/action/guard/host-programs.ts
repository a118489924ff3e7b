import {
  buildTrustedPath,
  listWritableRoots,
  resolveTrustedBinaries,
  type TrustedBinaries,
} from '../../sandbox/trusted-binaries.js'

export interface HostPrograms {
  /** Absolute paths of git, bwrap, sudo, sh, … found in trusted directories. */
  binaries: TrustedBinaries
  /** PATH without the directories the model could write: for our own children. */
  trustedPath: string
  /** PATH entries left out, with why. */
  skipped: string[]
}

let resolved: HostPrograms | undefined

/**
 * The programs the action runs itself, resolved once from the PATH the
 * workflow set (every model-writable directory removed) and kept for the
 * whole step, so nothing planted later can take their place.
 */
export function hostPrograms(): HostPrograms {
  if (resolved === undefined) {
    const trusted = buildTrustedPath({
      path: process.env.PATH ?? '',
      writableRoots: listWritableRoots(process.env),
    })
    resolved = {
      binaries: resolveTrustedBinaries(trusted.path),
      trustedPath: trusted.path,
      skipped: trusted.skipped,
    }
  }
  return resolved
}

/** The trusted git, or an error that says where it was looked for. */
export function gitBinary(): string {
  const { binaries, trustedPath, skipped } = hostPrograms()
  if (binaries.git !== undefined) return binaries.git
  const left = skipped.length > 0 ? ` (left out: ${skipped.join(', ')})` : ''
  throw new Error(
    `git was not found in a directory of PATH that only root can write: ` +
      `looked in ${trustedPath}${left}. Install git system-wide (apt-get install git).`,
  )
}
