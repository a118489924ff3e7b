import type { AuthorType } from './event.js'
import type { GitHubClient } from './client.js'
import { toGitHubRequestError } from './github-request-error.js'
import { readString } from './json-fields.js'

export interface AuthorizeRequest {
  owner: string
  repo: string
  login: string
  authorType: AuthorType
  /** The `allowed-bots` input: exact logins such as `renovate[bot]`. */
  allowedBots: string[]
}

export interface Authorization {
  allowed: boolean
  /** One sentence for the log, saying who and why. */
  reason: string
}

const WRITE_PERMISSIONS = new Set(['admin', 'maintain', 'write'])
// A role below write contradicts a write `permission`: trust the lower one.
const READ_ROLES = new Set(['read', 'triage', 'none'])

/**
 * Decides whether `login` may start a run. Humans need write, maintain or
 * admin on the repository (REST collaborator permission); bots must be listed
 * exactly in `allowedBots`. Any error while checking denies.
 */
export async function authorizeActor(
  client: GitHubClient,
  request: AuthorizeRequest,
): Promise<Authorization> {
  const { login } = request
  if (request.authorType === 'Bot' || login.toLowerCase().endsWith('[bot]')) {
    return authorizeBot(login, request.allowedBots)
  }
  let data: unknown
  try {
    const response = await client.rest.repos.getCollaboratorPermissionLevel({
      owner: request.owner,
      repo: request.repo,
      username: login,
    })
    data = response.data
  } catch (error) {
    const failure = toGitHubRequestError(
      `check the repository permission of ${login}`,
      error,
    )
    return deny(
      `${failure.message} Skipping: only a verified writer may trigger a run.`,
    )
  }
  return judgePermission(login, `${request.owner}/${request.repo}`, data)
}

function authorizeBot(login: string, allowedBots: string[]): Authorization {
  const wanted = login.toLowerCase()
  const listed = allowedBots.map((bot) => bot.trim().toLowerCase())
  if (listed.includes(wanted)) {
    return {
      allowed: true,
      reason: `${login} is a bot listed in 'allowed-bots'.`,
    }
  }
  const hint = listed.includes(wanted.replace(/\[bot\]$/, ''))
    ? ` ('allowed-bots' must name the exact login, '${login}').`
    : '.'
  return deny(`${login} is a bot and is not listed in 'allowed-bots'${hint}`)
}

function judgePermission(
  login: string,
  repository: string,
  data: unknown,
): Authorization {
  const permission = readString(data, 'permission')
  const roleName = readString(data, 'role_name')
  const level = `'${permission || 'unknown'}'`
  const shown =
    roleName && roleName !== permission
      ? `${level} (role '${roleName}')`
      : level
  if (
    permission === undefined ||
    !WRITE_PERMISSIONS.has(permission) ||
    (roleName !== undefined && READ_ROLES.has(roleName))
  ) {
    return deny(
      `${login} has ${shown} permission on ${repository}; a run needs write, maintain or admin.`,
    )
  }
  return {
    allowed: true,
    reason: `${login} has ${shown} permission on ${repository}.`,
  }
}

function deny(reason: string): Authorization {
  return { allowed: false, reason }
}
