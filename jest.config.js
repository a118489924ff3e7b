/** Jest in ESM mode with ts-jest; run through `npm test` (Node 24, see README). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 20000,
  reporters: ['default', '<rootDir>/scripts/plain-summary-reporter.cjs'],
}
