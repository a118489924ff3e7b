import {
  asRoot,
  canRunAsRoot,
  runHostCommand,
  type HostAccess,
} from './host-command.js'
import { findExecutable } from './trusted-binaries.js'

/**
 * An AppArmor profile that lets bubblewrap, and nothing else, create user
 * namespaces: Ubuntu 23.10 and later (GitHub's ubuntu-24.04 runners) refuse
 * them to unconfined programs. Narrower than turning the restriction off
 * for the whole machine with the sysctl.
 */
export function bwrapAppArmorProfile(bwrapPath: string): string {
  return [
    'abi <abi/4.0>,',
    'include <tunables/global>',
    `profile bwrap ${bwrapPath} flags=(unconfined) {`,
    '  userns,',
    '  include if exists <local/bwrap>',
    '}',
    '',
  ].join('\n')
}

export interface EnableBwrapOptions extends HostAccess {
  /** The trusted bwrap, undefined when not installed. */
  bwrapPath: string | undefined
  aptGet?: string
  apparmorParser?: string
  /** Whether `bwrapPath` starts a sandbox now; the reason when not. */
  probe: (bwrapPath: string) => Promise<string | undefined>
  /** One line per thing done, for the log. */
  log: (line: string) => void
}

export type EnableBwrapResult =
  | { ok: true; bwrapPath: string; done: string[] }
  | { ok: false; reason: string; done: string[] }

/**
 * With root's rights (passwordless sudo on GitHub's runners): installs
 * bubblewrap when it is missing and, when the kernel refuses its user
 * namespace, loads the profile above; probes again after each step.
 */
export async function enableBwrap(
  options: EnableBwrapOptions,
  firstReason: string,
): Promise<EnableBwrapResult> {
  const done: string[] = []
  const say = (line: string): void => {
    done.push(line)
    options.log(line)
  }
  if (!(await canRunAsRoot(options))) {
    return { ok: false, reason: firstReason, done }
  }
  let bwrapPath = options.bwrapPath
  if (bwrapPath === undefined) {
    const installed = await installBubblewrap(options, say)
    if (typeof installed !== 'string')
      return { ok: false, reason: installed.reason, done }
    bwrapPath = installed
    const reason = await options.probe(bwrapPath)
    if (reason === undefined) return { ok: true, bwrapPath, done }
    firstReason = reason
  }
  const loaded = await loadProfile(bwrapPath, options, say)
  if (loaded !== undefined)
    return { ok: false, reason: `${firstReason} ${loaded}`, done }
  const reason = await options.probe(bwrapPath)
  if (reason === undefined) return { ok: true, bwrapPath, done }
  return {
    ok: false,
    reason: `even with the AppArmor profile loaded: ${reason}`,
    done,
  }
}

/** The installed bwrap's path, or why it could not be installed. */
async function installBubblewrap(
  options: EnableBwrapOptions,
  say: (line: string) => void,
): Promise<string | { reason: string }> {
  if (options.aptGet === undefined) {
    return {
      reason:
        'bubblewrap is not installed and apt-get was not found to install it.',
    }
  }
  const install = asRoot(
    [options.aptGet, 'install', '-y', '--no-install-recommends', 'bubblewrap'],
    options,
  )!
  let result = await runHostCommand(install, options)
  if (!result.ok) {
    // A fresh runner's package lists may be stale: refresh them once.
    await runHostCommand(asRoot([options.aptGet, 'update'], options)!, options)
    result = await runHostCommand(install, options)
  }
  if (!result.ok)
    return { reason: `installing bubblewrap failed: ${result.said}` }
  const bwrapPath = findExecutable('bwrap', options.trustedPath)
  if (bwrapPath === undefined)
    return { reason: 'bubblewrap was installed, but bwrap is not on PATH.' }
  say(`Installed bubblewrap with apt-get (${bwrapPath}).`)
  return bwrapPath
}

/** Undefined once the profile is loaded, else why it could not be. */
async function loadProfile(
  bwrapPath: string,
  options: EnableBwrapOptions,
  say: (line: string) => void,
): Promise<string | undefined> {
  if (options.apparmorParser === undefined)
    return 'apparmor_parser was not found to allow it a user namespace.'
  const result = await runHostCommand(
    asRoot([options.apparmorParser, '-r'], options)!,
    options,
    { input: bwrapAppArmorProfile(bwrapPath) },
  )
  if (!result.ok)
    return `Loading an AppArmor profile for ${bwrapPath} failed: ${result.said}`
  say(
    `Loaded an AppArmor profile that allows user namespaces for ${bwrapPath} only.`,
  )
  return undefined
}
