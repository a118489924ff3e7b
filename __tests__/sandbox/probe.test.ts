import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { probeBwrap } from '../../src/sandbox/probe.js'
import { makeTempDir, removeDirs } from '../helpers/temp-dir.js'

let dir: string

beforeEach(async () => {
  dir = await makeTempDir('h9-probe-')
})

afterEach(() => removeDirs(dir))

/** A stand-in for bwrap: a shell script with the given body. */
async function fakeBwrap(body: string): Promise<string> {
  const path = join(dir, 'bwrap')
  await writeFile(path, `#!/bin/sh\n${body}\n`)
  await chmod(path, 0o755)
  return path
}

test('finds bwrap in PATH and starts a sandbox with it', async () => {
  const result = await probeBwrap()
  expect(result).toEqual({
    ok: true,
    bwrapPath: expect.stringMatching(/\/bwrap$/),
  })
})

test('a missing binary says how to install bubblewrap', async () => {
  const result = await probeBwrap({ bwrapPath: join(dir, 'no-such-bwrap') })
  expect(result).toEqual({
    ok: false,
    reason: expect.stringContaining("'sudo apt-get install -y bubblewrap'"),
  })
})

test('a name missing from the search path is a missing binary too', async () => {
  const result = await probeBwrap({ bwrapPath: 'bwrap', searchPath: dir })
  expect(result).toEqual({
    ok: false,
    reason: expect.stringMatching(
      /^bubblewrap is not installed \('bwrap' was not found/,
    ),
  })
})

test("a sandbox that cannot start gives bwrap's own words and the userns hint", async () => {
  // What bwrap prints on Ubuntu 24.04 when AppArmor restricts user namespaces.
  const bwrapPath = await fakeBwrap(
    'echo "bwrap: setting up uid map: Permission denied" >&2; exit 1',
  )
  const result = await probeBwrap({ bwrapPath })
  expect(result).toEqual({ ok: false, reason: expect.any(String) })
  const reason = result.ok ? '' : result.reason
  expect(reason).toContain(
    `bubblewrap (${bwrapPath}) cannot start a sandbox here: bwrap: setting up uid map: Permission denied.`,
  )
  expect(reason).toContain(
    'sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0',
  )
  expect(reason).toContain("'sandbox: none'")
})

test('the real bwrap refusing the given flags is a failure with its message', async () => {
  const result = await probeBwrap({
    args: ['--ro-bind', join(dir, 'missing'), '/mnt', '--'],
  })
  expect(result).toEqual({
    ok: false,
    reason: expect.stringContaining(
      `Can't find source path ${join(dir, 'missing')}`,
    ),
  })
})

test('a bwrap that hangs is given up after the timeout', async () => {
  const bwrapPath = await fakeBwrap('exec sleep 5')
  const started = Date.now()
  const result = await probeBwrap({ bwrapPath, timeoutMs: 200 })
  expect(Date.now() - started).toBeLessThan(2000)
  expect(result).toEqual({
    ok: false,
    reason: expect.stringContaining('did not start a sandbox within 200 ms'),
  })
})

test('the probe runs `true` after the given flags', async () => {
  const bwrapPath = await fakeBwrap(`printf '%s ' "$@" > ${dir}/argv`)
  const result = await probeBwrap({ bwrapPath, args: ['--unshare-pid', '--'] })
  expect(result).toEqual({ ok: true, bwrapPath })
  expect(await readFile(join(dir, 'argv'), 'utf8')).toBe(
    '--unshare-pid -- true ',
  )
})
