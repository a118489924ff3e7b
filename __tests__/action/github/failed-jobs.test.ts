import { excerptJobLog } from '../../../src/action/github/failed-jobs.js'

test('error lines come first, then the end of the log, timestamps dropped', () => {
  const log = [
    '2026-01-05T10:00:00.1234567Z start',
    '2026-01-05T10:00:01.1234567Z error TS2322: bad type',
    ...Array.from({ length: 50 }, (_, index) => `line ${index}`),
    '2026-01-05T10:00:02.1234567Z ##[error]Process completed with exit code 2.',
  ].join('\r\n')
  const excerpt = excerptJobLog(log, 10_000)
  expect(excerpt).toMatch(
    /^Error lines:\nerror TS2322: bad type\n##\[error\]Process completed with exit code 2\.\n\nThe end of the log:\nstart\n/,
  )
  expect(excerpt).not.toContain('2026-01-05T')
  expect(excerpt).not.toContain('\r')
})

test.each([200, 1000, 4000])(
  'a huge log fits in %i bytes and keeps its last line',
  (maxBytes) => {
    const log = [
      ...Array.from({ length: 5000 }, (_, index) => `失败 FAIL case ${index}`),
      'the very last line',
    ].join('\n')
    const excerpt = excerptJobLog(log, maxBytes)
    expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(maxBytes)
    expect(excerpt.endsWith('the very last line')).toBe(true)
    expect(excerpt).not.toContain('\uFFFD')
    expect(excerpt.startsWith('Error lines:\n失败 FAIL case 0\n')).toBe(true)
  },
)
