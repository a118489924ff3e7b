import {
  buildTokenEnv,
  listTokenForms,
} from '../../../src/action/git/token-env.js'

test('the push token goes into the environment as an extraheader for the server', () => {
  expect(buildTokenEnv('ghs_abc', 'https://github.example.com/')).toEqual({
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'http.https://github.example.com/.extraheader',
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from('x-access-token:ghs_abc').toString('base64')}`,
  })
  expect(listTokenForms('ghs_abc')).toEqual([
    'ghs_abc',
    Buffer.from('x-access-token:ghs_abc').toString('base64'),
  ])
  expect(() => buildTokenEnv('t', 'not a url')).toThrow(
    "The GitHub server URL 'not a url' is not a URL",
  )
})
