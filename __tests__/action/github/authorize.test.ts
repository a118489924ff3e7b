import { getOctokit } from '@actions/github'

import { authorizeActor } from '../../../src/action/github/authorize.js'
import type { AuthorType } from '../../../src/action/github/event.js'
import {
  startGithubServer,
  type GithubServer,
} from '../../helpers/github-server.js'

const TOKEN = 'ghs_authorizetesttoken000000000'
let server: GithubServer

beforeEach(async () => {
  server = await startGithubServer({
    permissions: {
      ada: 'admin',
      mia: 'maintain',
      wes: 'write',
      tia: 'triage',
      rob: 'read',
      nell: 'none',
      cus: { permission: 'write', role_name: 'release-manager' },
      odd: { permission: 'write', role_name: 'read' },
    },
  })
})

afterEach(async () => {
  await server.close()
})

function authorize(
  login: string,
  authorType: AuthorType = 'User',
  allowedBots: string[] = [],
) {
  const client = getOctokit(TOKEN, { baseUrl: server.url })
  return authorizeActor(client, {
    owner: 'acme',
    repo: 'widgets',
    login,
    authorType,
    allowedBots,
  })
}

describe('humans', () => {
  test.each([
    ['ada', "ada has 'admin' permission on acme/widgets."],
    ['mia', "mia has 'write' (role 'maintain') permission on acme/widgets."],
    ['wes', "wes has 'write' permission on acme/widgets."],
    [
      'cus',
      "cus has 'write' (role 'release-manager') permission on acme/widgets.",
    ],
  ])('%s may trigger', async (login, reason) => {
    expect(await authorize(login)).toEqual({ allowed: true, reason })
    expect(server.requests).toEqual([
      {
        method: 'GET',
        path: `/repos/acme/widgets/collaborators/${login}/permission`,
        body: undefined,
        authorization: `token ${TOKEN}`,
      },
    ])
    expect(server.misses).toEqual([])
  })

  test.each([
    ['tia', "tia has 'read' (role 'triage') permission"],
    ['rob', "rob has 'read' permission"],
    ['nell', "nell has 'none' permission"],
    ['odd', "odd has 'write' (role 'read') permission"],
  ])('%s may not', async (login, start) => {
    const result = await authorize(login)
    expect(result.allowed).toBe(false)
    expect(result.reason).toBe(
      `${start} on acme/widgets; a run needs write, maintain or admin.`,
    )
  })

  test('a user the API does not know is denied with its answer', async () => {
    const result = await authorize('stranger')
    expect(result).toEqual({
      allowed: false,
      reason:
        'Could not check the repository permission of stranger: GitHub answered HTTP 404 (stranger is not a user). Skipping: only a verified writer may trigger a run.',
    })
  })

  test('an API error denies, even for an admin', async () => {
    server.fail({ match: /permission$/, status: 500, message: 'Server Error' })
    const result = await authorize('ada')
    expect(result).toEqual({
      allowed: false,
      reason:
        'Could not check the repository permission of ada: GitHub answered HTTP 500 (Server Error). Skipping: only a verified writer may trigger a run.',
    })
  })

  test('a dropped connection denies', async () => {
    server.fail({ match: /permission$/, status: 'reset' })
    const result = await authorize('ada')
    expect(result).toEqual({
      allowed: false,
      reason:
        'Could not check the repository permission of ada: other side closed (UND_ERR_SOCKET). Skipping: only a verified writer may trigger a run.',
    })
  })

  test('an unreachable API denies', async () => {
    const client = getOctokit(TOKEN, { baseUrl: server.url })
    await server.close()
    const result = await authorizeActor(client, {
      owner: 'acme',
      repo: 'widgets',
      login: 'ada',
      authorType: 'User',
      allowedBots: [],
    })
    expect(result).toEqual({
      allowed: false,
      reason:
        'Could not check the repository permission of ada: fetch failed (ECONNREFUSED). Skipping: only a verified writer may trigger a run.',
    })
  })

  test('an answer without a permission denies', async () => {
    await server.close()
    server = await startGithubServer({
      permissions: { ada: { permission: '' } },
    })
    expect(await authorize('ada')).toEqual({
      allowed: false,
      reason:
        "ada has 'unknown' permission on acme/widgets; a run needs write, maintain or admin.",
    })
  })
})

describe('bots', () => {
  test('a listed bot is allowed without asking the API', async () => {
    expect(
      await authorize('renovate[bot]', 'Bot', [
        'dependabot[bot]',
        'Renovate[bot]',
      ]),
    ).toEqual({
      allowed: true,
      reason: "renovate[bot] is a bot listed in 'allowed-bots'.",
    })
    expect(server.requests).toEqual([])
  })

  test('an unlisted bot is denied', async () => {
    expect(await authorize('dependabot[bot]', 'Bot', [])).toEqual({
      allowed: false,
      reason: "dependabot[bot] is a bot and is not listed in 'allowed-bots'.",
    })
    expect(server.requests).toEqual([])
  })

  test.each([
    ['renovate-evil[bot]', ['renovate[bot]']],
    ['renovate[bot]', ['renovate[bot]-x']],
    ['renovate[bot]', ['*']],
    ['renovate[bot]', ['renovate*']],
    ['xrenovate[bot]', ['renovate[bot]']],
  ])('%s only resembles %j and is denied', async (login, allowed) => {
    const result = await authorize(login, 'Bot', allowed)
    expect(result.allowed).toBe(false)
  })

  test('a bare name in allowed-bots gets a hint', async () => {
    expect((await authorize('renovate[bot]', 'Bot', ['renovate'])).reason).toBe(
      "renovate[bot] is a bot and is not listed in 'allowed-bots' ('allowed-bots' must name the exact login, 'renovate[bot]').",
    )
  })

  test('a login ending in [bot] is a bot even when typed User', async () => {
    const result = await authorize('ada[bot]', 'User', [])
    expect(result.allowed).toBe(false)
    expect(server.requests).toEqual([])
  })

  test('a Bot-typed account is not checked as a human', async () => {
    const result = await authorize('ada', 'Bot', [])
    expect(result).toEqual({
      allowed: false,
      reason: "ada is a bot and is not listed in 'allowed-bots'.",
    })
  })
})
