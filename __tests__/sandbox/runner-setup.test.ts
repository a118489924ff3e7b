import { spawnSync } from 'node:child_process'
import { chmod, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import {
  chooseSandbox,
  type SandboxOptions,
} from '../../src/sandbox/choose-sandbox.js'
import type { TrustedBinaries } from '../../src/sandbox/trusted-binaries.js'
import { makeTempDir, removeDirs } from '../helpers/temp-dir.js'

// GitHub's ubuntu-24.04 runner, played by stand-ins: bwrap fails as the real
// one does under AppArmor's user-namespace restriction until a profile for
// it is "loaded" (a marker file), sudo works without a password, and every
// stand-in appends its command line to a log so the sequence can be checked.

const USERNS_REFUSED = 'bwrap: setting up uid map: Permission denied'
const LOOPBACK_REFUSED =
  'bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted'

let dir: string
let bin: string
let workspace: string
let privateDir: string
let logFile: string
let marker: string

const BWRAP = (failure: string, alwaysFail = false): string => `#!/bin/sh
echo "bwrap $*" >> "${logFile}"
if [ -e "${marker}" ] && [ "${alwaysFail}" != true ]; then
  while [ "$1" != -- ]; do shift; done; shift; exec "$@"
fi
echo '${failure}' >&2; exit 1
`

async function standIn(name: string, script: string): Promise<string> {
  // A script built before beforeEach ran (at module level, or in test.each's
  // table) names "undefined" or "" for its log and marker, and the stand-in
  // then writes 'undefined', 'undefined.profile' or '.profile' into the
  // directory jest runs in: refuse it.
  if (/undefined|""|"\.profile/.test(script))
    throw new Error(`The ${name} stand-in was built before its paths were set`)
  const path = join(bin, name)
  await writeFile(path, script)
  await chmod(path, 0o755)
  return path
}

beforeEach(async () => {
  dir = await makeTempDir('h9-runner-setup-')
  bin = join(dir, 'bin')
  workspace = join(dir, 'workspace')
  privateDir = join(dir, 'home')
  for (const path of [bin, workspace, privateDir]) await mkdir(path)
  logFile = join(dir, 'log')
  marker = join(dir, 'profile-loaded')
  await writeFile(logFile, '')
  for (const tool of ['true', 'cat', 'touch', 'chmod'])
    await symlink(`/usr/bin/${tool}`, join(bin, tool))
})

afterEach(() => removeDirs(dir))

const SUDO = (works: boolean): string => `#!/bin/sh
echo "sudo $*" >> "${logFile}"
${works ? '' : "echo 'sudo: a password is required' >&2; exit 1"}
[ "$1" = -n ] && shift
[ "$1" = -- ] && shift
exec "$@"
`

const APPARMOR_PARSER = (): string => `#!/bin/sh
echo "apparmor_parser $*" >> "${logFile}"
cat > "${marker}.profile"
touch "${marker}"
`

function optionsWith(
  binaries: TrustedBinaries,
  lines: string[],
  overrides: Partial<SandboxOptions> = {},
): SandboxOptions {
  return {
    mode: 'auto',
    workspace,
    privateDir,
    network: true,
    hiddenPaths: [],
    uid: 1001, // the runner user: privileged steps go through sudo
    gid: 1001,
    host: {
      binaries,
      trustedPath: bin, // so the real bwrap of this machine is not found
      childEnv: { PATH: '/usr/bin:/bin' },
      log: (line) => lines.push(line),
    },
    ...overrides,
  }
}

async function logged(): Promise<string[]> {
  return (await readFile(logFile, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/^bwrap .*/, 'bwrap …'))
}

function run(argv: string[]): string {
  const result = spawnSync(argv[0], argv.slice(1), {
    cwd: workspace,
    encoding: 'utf8',
  })
  return result.stdout + result.stderr
}

test('loads a narrow AppArmor profile for bwrap through sudo, then probes again', async () => {
  const binaries = {
    bwrap: await standIn('bwrap', BWRAP(USERNS_REFUSED)),
    sudo: await standIn('sudo', SUDO(true)),
    apparmor_parser: await standIn('apparmor_parser', APPARMOR_PARSER()),
  }
  const lines: string[] = []
  const choice = await chooseSandbox(optionsWith(binaries, lines))
  expect(await logged()).toEqual([
    'bwrap …',
    'sudo -n true',
    `sudo -n -- ${binaries.apparmor_parser} -r`,
    'apparmor_parser -r',
    'bwrap …',
  ])
  expect(await readFile(`${marker}.profile`, 'utf8')).toBe(
    'abi <abi/4.0>,\ninclude <tunables/global>\n' +
      `profile bwrap ${binaries.bwrap} flags=(unconfined) {\n` +
      '  userns,\n  include if exists <local/bwrap>\n}\n',
  )
  expect(lines).toEqual([
    `Loaded an AppArmor profile that allows user namespaces for ${binaries.bwrap} only.`,
  ])
  expect(choice.warning).toBeUndefined()
  expect(choice.description).toMatch(
    /^Loaded an AppArmor profile .* bash runs in a bubblewrap sandbox/,
  )
  expect(run(choice.wrapCommand!(['echo', 'inside']))).toBe('inside\n')
})

test('installs bubblewrap with apt-get when it is missing', async () => {
  const sudo = await standIn('sudo', SUDO(true))
  const apparmorParser = await standIn('apparmor_parser', APPARMOR_PARSER())
  const bwrapScript = BWRAP(USERNS_REFUSED)
  const aptGet = await standIn(
    'apt-get',
    `#!/bin/sh
echo "apt-get $*" >> "${logFile}"
cat > ${bin}/bwrap <<'SCRIPT'
${bwrapScript}SCRIPT
chmod 755 ${bin}/bwrap
`,
  )
  const lines: string[] = []
  const choice = await chooseSandbox(
    optionsWith(
      { sudo, apparmor_parser: apparmorParser, 'apt-get': aptGet },
      lines,
    ),
  )
  expect(await logged()).toEqual([
    'sudo -n true',
    `sudo -n -- ${aptGet} install -y --no-install-recommends bubblewrap`,
    'apt-get install -y --no-install-recommends bubblewrap',
    'bwrap …',
    `sudo -n -- ${apparmorParser} -r`,
    'apparmor_parser -r',
    'bwrap …',
  ])
  expect(lines).toEqual([
    `Installed bubblewrap with apt-get (${bin}/bwrap).`,
    `Loaded an AppArmor profile that allows user namespaces for ${bin}/bwrap only.`,
  ])
  expect(run(choice.wrapCommand!(['echo', 'inside']))).toBe('inside\n')
})

test('without passwordless sudo, changes nothing and warns that bash runs unsandboxed', async () => {
  const binaries = {
    bwrap: await standIn('bwrap', BWRAP(USERNS_REFUSED)),
    sudo: await standIn('sudo', SUDO(false)),
    apparmor_parser: await standIn('apparmor_parser', APPARMOR_PARSER()),
  }
  const lines: string[] = []
  const choice = await chooseSandbox(optionsWith(binaries, lines))
  expect(await logged()).toEqual([
    'bwrap …',
    'sudo -n true',
    'sudo -n true', // asked again before trying a separate user
  ])
  expect(existsSync(marker)).toBe(false)
  expect(choice.wrapCommand).toBeUndefined()
  expect(choice.warning).toContain(
    `bash runs without a sandbox: bubblewrap (${binaries.bwrap}) cannot start a sandbox here: ${USERNS_REFUSED}.`,
  )
  expect(lines).toEqual([])
})

test("'sandbox: bwrap' fails the step when the profile does not help", async () => {
  const binaries = {
    bwrap: await standIn('bwrap', BWRAP(LOOPBACK_REFUSED, true)),
    sudo: await standIn('sudo', SUDO(true)),
    apparmor_parser: await standIn('apparmor_parser', APPARMOR_PARSER()),
  }
  await expect(
    chooseSandbox(optionsWith(binaries, [], { mode: 'bwrap' })),
  ).rejects.toThrow(
    `Input 'sandbox' is 'bwrap', but even with the AppArmor profile loaded: bubblewrap (${binaries.bwrap}) cannot start a sandbox here: ${LOOPBACK_REFUSED}.`,
  )
  expect(await logged()).toEqual([
    'bwrap …',
    'sudo -n true',
    `sudo -n -- ${binaries.apparmor_parser} -r`,
    'apparmor_parser -r',
    'bwrap …',
  ])
})
