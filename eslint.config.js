import jest from 'eslint-plugin-jest'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  ...tseslint.configs.recommended,
  {
    files: ['__tests__/**/*.ts'],
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      // Every test asserts something; helpers named expect* count.
      'jest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*'] },
      ],
      // Assertions inside try/catch and callbacks are deliberate in a few error-path tests.
      'jest/no-conditional-expect': 'off',
      // afterEach asserts that no scripted server saw an unexpected request.
      'jest/no-standalone-expect': [
        'error',
        { additionalTestBlockFunctions: ['afterEach'] },
      ],
    },
  },
)
