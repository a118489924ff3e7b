import { buildChildEnv } from '../../../src/action/guard/child-env.js'

const actionEnv = {
  PATH: '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  CI: 'true',
  GITHUB_WORKSPACE: '/work/repo',
  OPENAI_API_KEY: 'sk-secret',
  ANTHROPIC_API_KEY: 'sk-ant-secret',
  GITHUB_TOKEN: 'ghs_secret',
  INPUT_API_KEY: 'sk-secret',
  'INPUT_GITHUB-TOKEN': 'ghs_secret',
  ACTIONS_RUNTIME_TOKEN: 'runtime',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc',
  GITHUB_ENV: '/runner/env',
  GITHUB_OUTPUT: '/runner/output',
  GITHUB_PATH: '/runner/path',
  GITHUB_STATE: '/runner/state',
  HOME: '/home/runner',
  RUNNER_TRACKING_ID: 'github_3f6c2a',
}

test('passes only the allow-list, with a private HOME', () => {
  const env = buildChildEnv(actionEnv, { home: '/tmp/harness9-home' })
  expect(env).toEqual({
    PATH: '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    CI: 'true',
    GITHUB_WORKSPACE: '/work/repo',
    RUNNER_TRACKING_ID: 'github_3f6c2a',
    HOME: '/tmp/harness9-home',
    TMPDIR: '/tmp/harness9-home',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    DEBIAN_FRONTEND: 'noninteractive',
  })
})

test('no secret value of the action environment reaches the child', () => {
  const env = buildChildEnv(actionEnv, { home: '/tmp/h' })
  const values = Object.values(env).join('\n')
  for (const secret of [
    'sk-secret',
    'sk-ant-secret',
    'ghs_secret',
    'runtime',
    'oidc',
  ]) {
    expect(values).not.toContain(secret)
  }
})

test('a PATH is provided when the action has none', () => {
  expect(buildChildEnv({}, { home: '/tmp/h' }).PATH).toBe(
    '/usr/local/bin:/usr/bin:/bin',
  )
})
