import { buildCliEnv } from '../../src/cli/cli-env.js'

const KEPT = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/home/user',
  USER: 'user',
  SHELL: '/bin/bash',
  LANG: 'C.UTF-8',
  TERM: 'xterm-256color',
  TMPDIR: '/tmp',
  GOPATH: '/home/user/go',
  OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
  ANTHROPIC_BASE_URL: 'https://api.anthropic.com',
  // Words that only contain a credential suffix somewhere in the middle.
  TOKENIZERS_PARALLELISM: 'false',
  KEYMAP: 'us',
  NPM_CONFIG_REGISTRY: 'https://registry.npmjs.org/',
}

const DROPPED = {
  OPENAI_API_KEY: 'sk-openai',
  ANTHROPIC_API_KEY: 'sk-ant',
  GEMINI_API_KEY: 'g',
  openai_api_key: 'lowercase',
  ANTHROPIC_AUTH_TOKEN: 't',
  GITHUB_TOKEN: 'ghs_x',
  GH_TOKEN: 'gho_x',
  NPM_TOKEN: 'npm_x',
  NODE_AUTH_TOKEN: 'n',
  HF_TOKEN: 'hf_x',
  ACTIONS_RUNTIME_TOKEN: 'r',
  AWS_SECRET_ACCESS_KEY: 'aws',
  AWS_SESSION_TOKEN: 'aws-session',
  CLIENT_SECRET: 's',
  DB_PASSWORD: 'p',
  GOOGLE_APPLICATION_CREDENTIALS: '/home/user/key.json',
  DOCKER_CREDENTIAL: 'd',
  // Bare names, and the API key spelled as one word.
  API_KEY: 'k',
  APIKEY: 'k2',
  TOKEN: 't2',
  SECRET: 's2',
  MISTRAL_APIKEY: 'm',
}

test('credentials are dropped and everything else is kept', () => {
  expect(buildCliEnv({ ...KEPT, ...DROPPED })).toEqual(KEPT)
})

test('no value of a dropped variable appears in the result', () => {
  const values = Object.values(buildCliEnv({ ...KEPT, ...DROPPED }))
  for (const secret of Object.values(DROPPED)) {
    expect(values).not.toContain(secret)
  }
})

test('undefined entries are left out', () => {
  expect(buildCliEnv({ PATH: '/bin', HOME: undefined })).toEqual({
    PATH: '/bin',
  })
})

test('the input is not changed', () => {
  const env = { PATH: '/bin', OPENAI_API_KEY: 'sk' }
  buildCliEnv(env)
  expect(env).toEqual({ PATH: '/bin', OPENAI_API_KEY: 'sk' })
})
