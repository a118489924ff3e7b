/**
 * The environment and `-c` settings of every git process the action starts.
 *
 * While the model runs, its bash tool can write anything in the workspace,
 * `.git/` included. Git reads hooks and `.git/config` from there, and several
 * config keys name programs git will run. These settings make sure nothing
 * the model left behind runs or changes where git sends data, even if the
 * config restore (config-snapshot.ts) were skipped:
 *
 * - no system or global config, HOME an empty directory (no ~/.gitconfig,
 *   ~/.netrc or XDG git files);
 * - hooks from an empty directory, fsmonitor off, credential helpers and
 *   askpass programs cleared, no prompt, no pager, no editor;
 * - only the http(s), ssh, git and file transports (no `ext::` commands);
 * - no replace refs, no submodule recursion, no signing, no auto gc;
 * - pathspecs taken literally, messages in English (errors are parsed).
 *
 * Settings given on the command line (`-c`) win over the repository's own
 * config, so a planted `core.fsmonitor` or `core.hooksPath` has no effect.
 */

/** What git may see of the action's environment: the runner's network setup. */
const PASSED_THROUGH = [
  'PATH',
  'TMPDIR',
  'TZ',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
] as const

/** Variables that make git ignore everything outside the repository. */
function buildHardenedVariables(emptyDir: string): Record<string, string> {
  return {
    HOME: emptyDir,
    XDG_CONFIG_HOME: emptyDir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    // Set but empty: git then asks no program, not even core.askPass or
    // SSH_ASKPASS, and with prompts off it fails instead of waiting.
    GIT_ASKPASS: '',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_EDITOR: 'true',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_ALLOW_PROTOCOL: 'https:http:ssh:git:file',
    LC_ALL: 'C',
  }
}

/**
 * The environment for one git call: the runner's network variables, then the
 * caller's extra variables (a token's GIT_CONFIG_*, the commit identity), then
 * the hardening, which the caller cannot override. Nothing else of the
 * action's environment (API keys, INPUT_*, GIT_DIR, GIT_CONFIG_PARAMETERS)
 * reaches git.
 */
export function buildGitEnv(
  actionEnv: NodeJS.ProcessEnv,
  extra: Readonly<Record<string, string>>,
  emptyDir: string,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of PASSED_THROUGH) {
    const value = actionEnv[name]
    if (value !== undefined) env[name] = value
  }
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin'
  return { ...env, ...extra, ...buildHardenedVariables(emptyDir) }
}

/** The `-c` settings put before every git command. */
export function buildHardeningArgs(emptyDir: string): string[] {
  const settings = [
    `core.hooksPath=${emptyDir}`,
    'core.fsmonitor=false',
    // An empty value resets the list of helpers the repository configured.
    'credential.helper=',
    'core.askPass=',
    'protocol.ext.allow=never',
    'submodule.recurse=false',
    'push.recurseSubmodules=no',
    'commit.gpgSign=false',
    'push.gpgSign=false',
    'gc.auto=0',
    'maintenance.auto=false',
    // The ownership check guards against other users' repositories; the model
    // runs as our own user, so it adds nothing here, and it breaks container
    // jobs where the workspace belongs to the runner user.
    'safe.directory=*',
  ]
  return settings.flatMap((setting) => ['-c', setting])
}
