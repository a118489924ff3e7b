import {
  buildBwrapArgs,
  createBwrapWrapper,
  SANDBOX_USER_ID,
  type BwrapLayout,
} from '../../src/sandbox/bwrap-args.js'

// The argv as a reviewer reads it; what it does is tested with real bwrap in
// sandbox-filesystem.test.ts and sandbox-processes.test.ts.
const runnerLayout: BwrapLayout = {
  workspace: '/home/runner/work/repo/repo',
  privateDir: '/tmp/harness9-home-abc',
  hiddenPaths: [
    { path: '/home/runner/work/_temp', kind: 'directory' },
    { path: '/home/runner', kind: 'directory' },
    { path: '/run/docker.sock', kind: 'file' },
  ],
  network: false,
  uid: 1001,
  gid: 118,
}

test('a runner layout: hides before the writable binds that sit inside them', () => {
  expect(buildBwrapArgs(runnerLayout)).toEqual([
    ...['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'],
    ...['--tmpfs', '/tmp'],
    ...['--tmpfs', '/home/runner'],
    ...['--ro-bind', '/dev/null', '/run/docker.sock'],
    ...['--bind', '/tmp/harness9-home-abc', '/tmp/harness9-home-abc'],
    ...['--tmpfs', '/home/runner/work/_temp'],
    ...['--bind', '/home/runner/work/repo/repo', '/home/runner/work/repo/repo'],
    ...['--unshare-user', '--uid', '1001', '--gid', '118'],
    ...[
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--unshare-cgroup-try',
    ],
    '--unshare-net',
    ...['--new-session', '--die-with-parent'],
    ...['--chdir', '/home/runner/work/repo/repo', '--'],
  ])
})

test('the network stays shared when allowed', () => {
  const args = buildBwrapArgs({ ...runnerLayout, network: true })
  expect(args).not.toContain('--unshare-net')
  expect(args).toContain('--unshare-pid')
})

test('root outside runs as an ordinary user inside', () => {
  const args = buildBwrapArgs({ ...runnerLayout, uid: 0, gid: 0 })
  const id = String(SANDBOX_USER_ID)
  expect(args.join(' ')).toContain(`--unshare-user --uid ${id} --gid ${id}`)
})

test('a hidden path equal to the workspace leaves the workspace usable', () => {
  const args = buildBwrapArgs({
    ...runnerLayout,
    workspace: '/home/runner',
    hiddenPaths: [{ path: '/home/runner/', kind: 'directory' }],
  })
  const hide = args.join(' ').indexOf('--tmpfs /home/runner ')
  const bind = args.join(' ').indexOf('--bind /home/runner /home/runner')
  expect(hide).toBeGreaterThan(-1)
  expect(bind).toBeGreaterThan(hide)
})

test('a hidden directory inside the workspace stays hidden', () => {
  const args = buildBwrapArgs({
    ...runnerLayout,
    hiddenPaths: [
      { path: '/home/runner/work/repo/repo/.secrets', kind: 'directory' },
    ],
  }).join(' ')
  expect(
    args.indexOf('--tmpfs /home/runner/work/repo/repo/.secrets'),
  ).toBeGreaterThan(args.indexOf('--bind /home/runner/work/repo/repo'))
})

test('relative paths and hiding the root are refused', () => {
  expect(() => buildBwrapArgs({ ...runnerLayout, workspace: 'repo' })).toThrow(
    "The sandbox's workspace must be an absolute path, got 'repo'",
  )
  expect(() =>
    buildBwrapArgs({
      ...runnerLayout,
      hiddenPaths: [{ path: '/', kind: 'directory' }],
    }),
  ).toThrow('The sandbox cannot hide the root directory')
})

test('the wrapper puts the command after the options', () => {
  const wrap = createBwrapWrapper('/usr/bin/bwrap', runnerLayout)
  const argv = wrap(['bash', '-c', '--help'])
  expect(argv[0]).toBe('/usr/bin/bwrap')
  expect(argv.slice(1, -3)).toEqual(buildBwrapArgs(runnerLayout))
  expect(argv.slice(-4)).toEqual(['--', 'bash', '-c', '--help'])
})

test('review mode binds the workspace read-only and keeps the private directory writable', () => {
  const args = buildBwrapArgs({ ...runnerLayout, readOnlyWorkspace: true })
  const joined = args.join(' ')
  expect(joined).toContain(
    '--ro-bind /home/runner/work/repo/repo /home/runner/work/repo/repo',
  )
  expect(joined).not.toContain('--bind /home/runner/work/repo/repo')
  expect(joined).toContain(
    '--bind /tmp/harness9-home-abc /tmp/harness9-home-abc',
  )
})
