/** What one tool call (and every process it starts) may use. */
export interface ResourceLimits {
  /**
   * RLIMIT_NPROC: processes and threads. The kernel counts them per user,
   * so it is set only in the sandbox, whose user namespace counts its own;
   * undefined leaves it as it is.
   */
  maxProcesses: number | undefined
  /** RLIMIT_DATA: heap and private memory (not address space reserved by V8 or Go). */
  maxMemoryBytes: number
  /** RLIMIT_FSIZE: the largest file a process may write (SIGXFSZ past it). */
  maxFileSizeBytes: number
}

/**
 * `argv` run after bash has lowered its limits with `ulimit`, soft and hard,
 * so nothing it starts can raise them again. Goes inside the sandbox
 * wrapper, where the limits then hold for every process of the call. A
 * limit the runner already sets lower is kept.
 */
export function withResourceLimits(
  limits: ResourceLimits,
  argv: string[],
): string[] {
  const settings: [string, number][] = [
    // bash counts -d in KiB and -f in 1024-byte blocks.
    ['-d', Math.floor(limits.maxMemoryBytes / 1024)],
    ['-f', Math.floor(limits.maxFileSizeBytes / 1024)],
  ]
  if (limits.maxProcesses !== undefined) {
    settings.push(['-u', limits.maxProcesses])
  }
  // Lower the hard limit to ours unless it is lower already (then keep it:
  // root could raise it); the soft one follows.
  const script = settings
    .map(
      ([flag, value]) =>
        `h=$(ulimit -H ${flag}); if [ "$h" = unlimited ] || [ "$h" -gt ${value} ]; then h=${value}; fi; ulimit -HS ${flag} "$h"`,
    )
    .join(' && ')
  return ['bash', '-c', `${script} && exec "$@"`, 'harness9-limits', ...argv]
}

/** `wrap` (the sandbox, or none) around the limited argv. */
export function limitCommand(
  wrap: ((argv: string[]) => string[]) | undefined,
  limits: ResourceLimits,
): (argv: string[]) => string[] {
  const outer = wrap ?? ((argv: string[]) => argv)
  return (argv) => outer(withResourceLimits(limits, argv))
}
