/**
 * The token of the action's own push, given to git through the environment
 * of that one call as an `http.<server>/.extraheader` (GIT_CONFIG_COUNT,
 * GIT_CONFIG_KEY_0, GIT_CONFIG_VALUE_0): never on a command line, where `ps`
 * shows it, and never written to disk.
 */

/** The environment that gives git the token for one push or ls-remote. */
export function buildTokenEnv(
  token: string,
  serverUrl = 'https://github.com',
): Record<string, string> {
  return {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: `http.${parseServerOrigin(serverUrl)}/.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${encodeBasicCredential(token)}`,
  }
}

/** The forms of the token that must never appear in a message. */
export function listTokenForms(token: string): string[] {
  return [token, encodeBasicCredential(token)]
}

function encodeBasicCredential(token: string): string {
  return Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64')
}

function parseServerOrigin(serverUrl: string): string {
  try {
    return new URL(serverUrl).origin
  } catch (error) {
    throw new Error(`The GitHub server URL '${serverUrl}' is not a URL`, {
      cause: error,
    })
  }
}
