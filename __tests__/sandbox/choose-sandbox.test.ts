import { spawnSync } from 'node:child_process'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  chooseSandbox,
  listHiddenPaths,
  type SandboxOptions,
} from '../../src/sandbox/choose-sandbox.js'
import { makeTempDir, removeDirs } from '../helpers/temp-dir.js'

const MISSING_BWRAP = '/nonexistent/bwrap'

let workspace: string
let privateDir: string
let outside: string

beforeEach(async () => {
  workspace = await makeTempDir('h9-workspace-')
  privateDir = await makeTempDir('h9-home-')
  // Outside /tmp, so only the hiding can keep it out of sight.
  outside = await makeTempDir('h9-outside-', '/var/tmp')
})

afterEach(() => removeDirs(workspace, privateDir, outside))

function optionsWith(overrides: Partial<SandboxOptions>): SandboxOptions {
  return {
    mode: 'auto',
    workspace,
    privateDir,
    network: true,
    hiddenPaths: [],
    ...overrides,
  }
}

/** Runs `script` through the chosen wrapper, or plain bash without one. */
function runWith(
  wrapCommand: ((argv: string[]) => string[]) | undefined,
  script: string,
): string {
  const argv = (wrapCommand ?? ((plain: string[]) => plain))([
    'bash',
    '-c',
    script,
  ])
  const result = spawnSync(argv[0], argv.slice(1), {
    cwd: workspace,
    env: { PATH: '/usr/bin:/bin', HOME: privateDir },
    encoding: 'utf8',
    timeout: 10_000,
  })
  return result.stdout + result.stderr
}

describe('auto', () => {
  test('uses bubblewrap when it starts, hiding the runner paths of the environment', async () => {
    const home = join(outside, 'home')
    const runnerTemp = join(outside, 'runner-temp')
    await mkdir(home)
    await mkdir(runnerTemp)
    await writeFile(join(home, '.npmrc'), 'npm-secret')
    await writeFile(join(runnerTemp, 'event.json'), 'event-secret')
    const choice = await chooseSandbox(
      optionsWith({
        hiddenPaths: listHiddenPaths({ HOME: home, RUNNER_TEMP: runnerTemp }),
      }),
    )
    expect(choice.warning).toBeUndefined()
    expect(choice.description).toBe(
      'bash runs in a bubblewrap sandbox: read-only system, writable workspace ' +
        'and private temporary directory, home and runner directories hidden, ' +
        'its own process namespace, network allowed.',
    )
    const output = runWith(
      choice.wrapCommand,
      `cat ${home}/.npmrc ${runnerTemp}/event.json; echo ok > done.txt && cat done.txt`,
    )
    expect(output).toBe(
      `ok\ncat: ${home}/.npmrc: No such file or directory\n` +
        `cat: ${runnerTemp}/event.json: No such file or directory\n`,
    )
  })

  test('falls back to no wrapper with a warning that says what the model can reach', async () => {
    const choice = await chooseSandbox(
      optionsWith({ bwrapPath: MISSING_BWRAP }),
    )
    expect(choice.wrapCommand).toBeUndefined()
    expect(choice.description).toBe(
      'bash runs without a sandbox: bubblewrap is not usable here.',
    )
    expect(choice.warning).toMatch(
      /^bash runs without a sandbox: bubblewrap is not installed \('\/nonexistent\/bwrap'/,
    )
    for (const phrase of [
      "'sudo apt-get install -y bubblewrap'",
      'every file the runner user can read',
      'RUNNER_TEMP',
      "the action's start-up environment is scrubbed",
      'sudo',
      'holds no API key or token',
      "Set 'sandbox: bwrap' to fail the step instead.",
    ]) {
      expect(choice.warning).toContain(phrase)
    }
  })

  test('refuses to drop network: false when there is no sandbox', async () => {
    await expect(
      chooseSandbox(optionsWith({ bwrapPath: MISSING_BWRAP, network: false })),
    ).rejects.toThrow(
      "Input 'network' is false, which needs the bubblewrap sandbox, but bubblewrap is not installed",
    )
  })
})

describe('bwrap', () => {
  test('cuts the network off when asked', async () => {
    const choice = await chooseSandbox(
      optionsWith({ mode: 'bwrap', network: false }),
    )
    expect(choice.description).toMatch(/, no network\.$/)
    // /proc/net shows the interfaces of the process's own network namespace.
    const interfaces = "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"
    expect(runWith(choice.wrapCommand, interfaces)).toBe('lo\n')
    expect(runWith(undefined, interfaces)).not.toBe('lo\n')
  })

  test('fails the step with a sentence saying how to install bubblewrap', async () => {
    await expect(
      chooseSandbox(optionsWith({ mode: 'bwrap', bwrapPath: MISSING_BWRAP })),
    ).rejects.toThrow(
      "Input 'sandbox' is 'bwrap', but bubblewrap is not installed ('/nonexistent/bwrap' was not found or is not executable); install it in a step before this one with 'sudo apt-get install -y bubblewrap'.",
    )
  })

  test('skips hidden paths that do not exist and resolves symbolic links', async () => {
    const secrets = join(outside, 'secrets')
    await mkdir(secrets)
    await writeFile(join(secrets, 'token'), 'ghs_secret')
    await symlink(secrets, join(outside, 'link'))
    const choice = await chooseSandbox(
      optionsWith({
        mode: 'bwrap',
        hiddenPaths: [join(outside, 'missing'), join(outside, 'link'), '/'],
      }),
    )
    expect(
      runWith(choice.wrapCommand, `ls -A ${secrets}; ls /usr/bin/bash`),
    ).toBe('/usr/bin/bash\n')
  })

  test('names a workspace that does not exist', async () => {
    await expect(
      chooseSandbox(
        optionsWith({ mode: 'bwrap', workspace: join(outside, 'gone') }),
      ),
    ).rejects.toThrow(
      `The sandbox's workspace '${join(outside, 'gone')}' does not exist`,
    )
  })
})

describe('none', () => {
  test('runs bash as is and says the sandbox is off by choice', async () => {
    const choice = await chooseSandbox(optionsWith({ mode: 'none' }))
    expect(choice.wrapCommand).toBeUndefined()
    expect(choice.warning).toBeUndefined()
    expect(choice.description).toMatch(
      /^bash runs without a sandbox, as chosen with 'sandbox: none'\. The model's commands can read every file/,
    )
  })

  test('cannot be combined with network: false', async () => {
    await expect(
      chooseSandbox(optionsWith({ mode: 'none', network: false })),
    ).rejects.toThrow(
      "Input 'network' is false, which needs the bubblewrap sandbox, but input 'sandbox' is 'none'. Set 'network: true' to run without both.",
    )
  })
})

test('the hidden paths come from the environment and the runner layout', () => {
  expect(
    listHiddenPaths({
      HOME: '/home/runner',
      RUNNER_TEMP: '/home/runner/work/_temp',
    }),
  ).toEqual([
    '/home/runner/work/_temp',
    '/home/runner',
    '/home/runner/work/_temp',
    '/home/runner/runners',
    '/home/runner/actions-runner',
    '/opt/actions-runner',
    '/run/docker.sock',
    '/var/run/docker.sock',
    '/run/user',
  ])
  expect(listHiddenPaths({ HOME: '', RUNNER_TEMP: undefined })[0]).toBe(
    '/home/runner/work/_temp',
  )
})
