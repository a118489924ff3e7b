/**
 * The environment for tools run from a terminal: the user's own, so their
 * toolchains work, minus anything that looks like a credential — the model
 * should not be able to print the key it runs on.
 */
const CREDENTIAL_NAME = /(^|_)(API_?KEY|TOKEN|SECRET|PASSWORD|CREDENTIALS?)$/i
const CREDENTIAL_NAMES = new Set([
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'NPM_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
])

export function buildCliEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const child: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue
    if (CREDENTIAL_NAME.test(name) || CREDENTIAL_NAMES.has(name.toUpperCase()))
      continue
    child[name] = value
  }
  return child
}
