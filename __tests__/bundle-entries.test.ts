import { start, type EntryName } from '../src/bundle-entries.js'

// A stub written with a typo must fail loudly, not exit 0 having run nothing.
test('an unknown entry name is an error that lists the entries', async () => {
  await expect(start('psot' as EntryName)).rejects.toThrow(
    "Unknown dist entry 'psot': expected one of action, cli, post.",
  )
})
