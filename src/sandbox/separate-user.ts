import { randomBytes } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { asRoot, runHostCommand, type HostAccess } from './host-command.js'

export interface SeparateUserOptions extends HostAccess {
  /** Trusted absolute paths of the programs this mode needs. */
  programs: {
    useradd?: string
    userdel?: string
    setpriv?: string
    chown?: string
    chmod?: string
    setfacl?: string
    env?: string
    kill?: string
  }
  /** Made the user's for the run, given back to `owner` after. */
  workspace: string
  privateDir: string
  /** Who owns the workspace again when the run ends: the action's ids. */
  owner: { uid: number; gid: number }
  /** The tools' environment: sudo resets its own, so the command line sets it. */
  childEnv: Readonly<Record<string, string>>
}

export interface SeparateUser {
  name: string
  uid: number
  gid: number
  wrapCommand: (argv: string[]) => string[]
  /**
   * Kills every process of the user, gives the workspace back to the
   * action's user, undoes the directory rights and deletes the user.
   * Returns what could not be undone, for a warning.
   */
  release: () => Promise<string[]>
}

/**
 * When no user namespace can be had: a throwaway system user without a home,
 * a login shell or sudo rights runs every tool command, so the action's
 * /proc entries (its environment), the runner's files and sudo are out of
 * the model's reach. Throws with the reason when the user cannot be set up.
 */
export async function createSeparateUser(
  options: SeparateUserOptions,
): Promise<SeparateUser> {
  const { programs } = options
  const missing = (
    ['useradd', 'userdel', 'setpriv', 'chown', 'env', 'kill'] as const
  ).filter((name) => programs[name] === undefined)
  if (missing.length > 0)
    throw new Error(`${missing.join(', ')} not found in a trusted directory.`)
  const root = (argv: string[]): string[] => asRoot(argv, options)!
  const name = `harness9-${randomBytes(4).toString('hex')}`
  await must(
    root([
      programs.useradd!,
      '--system',
      '--no-create-home',
      '--home-dir',
      options.privateDir,
      '--shell',
      '/usr/sbin/nologin',
      '--user-group',
      name,
    ]),
    options,
    `creating the user ${name}`,
  )
  const { uid, gid } = readPasswdEntry(name)
  const undo: (() => Promise<string | undefined>)[] = []
  const user: SeparateUser = {
    name,
    uid,
    gid,
    wrapCommand: (argv) =>
      root([
        programs.setpriv!,
        `--reuid=${uid}`,
        `--regid=${gid}`,
        '--clear-groups',
        '--',
        programs.env!,
        '-i',
        ...Object.entries(options.childEnv).map(
          ([key, value]) => `${key}=${value}`,
        ),
        ...argv,
      ]),
    release: () => release(user, options, undo),
  }
  try {
    for (const dir of [options.workspace, options.privateDir]) {
      await must(
        root([programs.chown!, '-R', '--no-dereference', `${uid}:${gid}`, dir]),
        options,
        `giving ${dir} to ${name}`,
      )
      undo.push(() =>
        attempt(
          root([
            programs.chown!,
            '-R',
            '--no-dereference',
            `${options.owner.uid}:${options.owner.gid}`,
            dir,
          ]),
          options,
          `giving ${dir} back`,
        ),
      )
      for (const ancestor of closedAncestors(dir))
        undo.push(await openForUser(ancestor, user, options))
    }
  } catch (error) {
    await user.release()
    throw error
  }
  return user
}

/**
 * Lets the user pass through a parent directory others may not enter
 * (GitHub's /home/runner is 0750): an ACL entry for this user alone when
 * setfacl is there, else the search bit for others, restored after.
 */
async function openForUser(
  dir: string,
  user: { name: string },
  options: SeparateUserOptions,
): Promise<() => Promise<string | undefined>> {
  const { programs } = options
  const root = (argv: string[]): string[] => asRoot(argv, options)!
  if (programs.setfacl !== undefined) {
    await must(
      root([programs.setfacl, '-m', `u:${user.name}:x`, dir]),
      options,
      `letting ${user.name} through ${dir}`,
    )
    return () =>
      attempt(
        root([programs.setfacl!, '-x', `u:${user.name}`, dir]),
        options,
        `removing the ACL entry on ${dir}`,
      )
  }
  const mode = statSync(dir).mode & 0o7777
  await must(
    root([programs.chmod!, (mode | 0o001).toString(8), dir]),
    options,
    `letting others through ${dir}`,
  )
  return () =>
    attempt(
      root([programs.chmod!, mode.toString(8), dir]),
      options,
      `restoring the mode of ${dir}`,
    )
}

/** Parents of `path` (not / itself) that others cannot search. */
function closedAncestors(path: string): string[] {
  const closed: string[] = []
  for (let dir = dirname(path); dir !== '/'; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) closed.push(dir)
  }
  return closed
}

async function release(
  user: SeparateUser,
  options: SeparateUserOptions,
  undo: readonly (() => Promise<string | undefined>)[],
): Promise<string[]> {
  const { programs } = options
  const root = (argv: string[]): string[] => asRoot(argv, options)!
  const problems: string[] = []
  // kill -1 as the user reaches every process of the user but itself,
  // including those that left their process group with setsid. Twice: a
  // fork racing the first signal is caught by the second.
  for (let round = 0; round < 2; round++) {
    await runHostCommand(
      root([
        programs.setpriv!,
        `--reuid=${user.uid}`,
        `--regid=${user.gid}`,
        '--clear-groups',
        '--',
        programs.kill!,
        '-KILL',
        '-1',
      ]),
      options,
    )
  }
  for (const step of [...undo].reverse()) {
    const problem = await step()
    if (problem !== undefined) problems.push(problem)
  }
  const removed = await attempt(
    root([programs.userdel!, user.name]),
    options,
    `deleting the user ${user.name}`,
  )
  if (removed !== undefined) problems.push(removed)
  return problems
}

async function must(
  argv: string[],
  access: HostAccess,
  what: string,
): Promise<void> {
  const problem = await attempt(argv, access, what)
  if (problem !== undefined) throw new Error(problem)
}

async function attempt(
  argv: string[],
  access: HostAccess,
  what: string,
): Promise<string | undefined> {
  const result = await runHostCommand(argv, access)
  return result.ok ? undefined : `${what} failed: ${result.said}`
}

function readPasswdEntry(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`))
  const [, , uid, gid] = line?.split(':') ?? []
  if (uid === undefined || gid === undefined)
    throw new Error(`The user ${name} was created but is not in /etc/passwd.`)
  return { uid: Number(uid), gid: Number(gid) }
}
