/**
 * The environment of every process the model can start. It is an allow-list:
 * nothing of the action's own environment passes unless named here, so no
 * API key, no GitHub token, no INPUT_* and no ACTIONS_* variable (the runner's
 * cache and OIDC credentials) can reach the model.
 */
const PASSED_THROUGH = [
  'PATH',
  'LANG',
  'LC_ALL',
  'TERM',
  'TZ',
  'CI',
  'GITHUB_WORKSPACE',
  'RUNNER_OS',
  'RUNNER_ARCH',
  // Not a secret: the runner's "clean up orphan processes" at the end of
  // the job finds the job's processes by it, even after a crashed step.
  'RUNNER_TRACKING_ID',
] as const

/** Settings that keep tools from waiting on a prompt nobody will answer. */
const NON_INTERACTIVE = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_PAGER: 'cat',
  PAGER: 'cat',
  DEBIAN_FRONTEND: 'noninteractive',
} as const

export function buildChildEnv(
  env: NodeJS.ProcessEnv,
  options: { home: string },
): Record<string, string> {
  const child: Record<string, string> = {}
  for (const name of PASSED_THROUGH) {
    const value = env[name]
    if (value !== undefined) child[name] = value
  }
  child.PATH ??= '/usr/local/bin:/usr/bin:/bin'
  // HOME is a private, empty directory: the runner's home holds credentials
  // (~/.docker/config.json, ~/.npmrc, gh's hosts.yml) that the model must not read.
  child.HOME = options.home
  child.TMPDIR = options.home
  return { ...child, ...NON_INTERACTIVE }
}
