import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { formatLogTime } from '../../src/log/format-time.js'

const SOURCE = fileURLToPath(
  new URL('../../src/log/format-time.ts', import.meta.url),
)

describe('formatLogTime', () => {
  test('writes YYYY/MM/DD HH:MM:SS with zero padding (TZ=UTC)', () => {
    expect(formatLogTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe(
      '2026/01/02 03:04:05',
    )
  })

  test('each call gets its own second, also going back and forth', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 999)
    expect(formatLogTime(at)).toBe('2026/01/02 03:04:05')
    expect(formatLogTime(at + 1)).toBe('2026/01/02 03:04:06')
    expect(formatLogTime(at - 999)).toBe('2026/01/02 03:04:05')
    expect(formatLogTime(at + 60_001)).toBe('2026/01/02 03:05:06')
  })

  test('uses the local time zone', () => {
    // Jest gives tests a copy of process.env, so the zone is set in a child
    // Node process that loads the source file with its types stripped.
    const script =
      `const { formatLogTime } = await import(${JSON.stringify(SOURCE)})\n` +
      'process.stdout.write(formatLogTime(Date.UTC(2026, 3, 29, 15, 11, 30)))'
    const stdout = execFileSync(
      process.execPath,
      ['--no-warnings', '--input-type=module', '-e', script],
      { env: { ...process.env, NODE_OPTIONS: '', TZ: 'Asia/Shanghai' } },
    )
    expect(stdout.toString()).toBe('2026/04/29 23:11:30')
  })
})
