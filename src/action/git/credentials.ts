import { readdir, readFile, rm } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { hasErrorCode } from './optional-file.js'
import { readGitDirs } from './git-dirs.js'
import { runGit } from './run-git.js'

/**
 * Credentials left in the repository.
 *
 * actions/checkout leaves its token where every later process can read it:
 * up to v5 as an `http.<server>/.extraheader` entry in `.git/config`; from v6
 * in a file under RUNNER_TEMP that `.git/config` pulls in with
 * `includeIf.gitdir:<path>.path` entries. Both are removed before the model
 * runs (and the v6 file deleted), in the repository and its submodules. The
 * action pushes with its own token afterwards (token-env.ts).
 */

// Keys as `git config --get-regexp` prints them: section and name lower case.
const EXTRAHEADER_KEYS = '^http\\.(.*\\.)?extraheader$'
const INCLUDE_KEYS = '^include(if\\..*)?\\.path$'
const REMOTE_URL_KEYS = '^remote\\..*\\.(push)?url$'
// The file name actions/checkout v6 gives its credentials file; matched when
// the file itself is not there (the container path `/github/runner_temp/...`).
const CHECKOUT_CREDENTIALS_FILE = /^git-credentials-[\w-]+\.config$/
const URL_USERINFO = /^(https?:\/\/)[^/@]*@/i
const GIT_DIR_CONTENTS_TO_SKIP = new Set(['objects', 'refs', 'logs', 'hooks'])

/**
 * Removes every credential actions/checkout (or a workflow) left in the
 * repository's local config and its submodules' configs: extraheader entries,
 * includes of a credentials file (the file is deleted), and user:token parts
 * of remote URLs. Returns one line per removal, naming keys and files but no
 * value. Run it before snapshotGitConfig, before the model starts.
 */
export async function removeCheckoutCredentials(
  workdir: string,
): Promise<string[]> {
  const { commonDir } = await readGitDirs(workdir)
  const configFiles = [
    join(commonDir, 'config'),
    ...(await findSubmoduleConfigs(join(commonDir, 'modules'))),
  ]
  const removed: string[] = []
  const credentialFiles = new Set<string>()
  for (const file of configFiles) {
    const where = `in ${relative(workdir, file)}`
    for (const key of await removeExtraHeaders(workdir, file)) {
      removed.push(`${key} ${where}`)
    }
    for (const include of await removeCredentialIncludes(workdir, file)) {
      removed.push(`${include.key} = ${include.value} ${where}`)
      credentialFiles.add(include.path)
    }
    for (const key of await removeUrlCredentials(workdir, file)) {
      removed.push(`user and token in ${key} ${where}`)
    }
  }
  for (const path of credentialFiles) {
    if (await deleteIfPresent(path)) {
      removed.push(`credentials file ${path} (deleted)`)
    }
  }
  return removed
}

async function deleteIfPresent(path: string): Promise<boolean> {
  try {
    await rm(path)
    return true
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return false
    throw new Error(`Could not delete the credentials file ${path}`, {
      cause: error,
    })
  }
}

/** Config files of submodules: `.git/modules/<name>/config`, nested too. */
async function findSubmoduleConfigs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  const names = new Set(entries.map((entry) => entry.name))
  const own =
    names.has('config') && names.has('HEAD') ? [join(dir, 'config')] : []
  const nested = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .filter((entry) => !GIT_DIR_CONTENTS_TO_SKIP.has(entry.name))
      .map((entry) => findSubmoduleConfigs(join(dir, entry.name))),
  )
  return [...own, ...nested.flat()]
}

async function removeExtraHeaders(
  cwd: string,
  file: string,
): Promise<string[]> {
  const output = await runGit(
    [
      'config',
      '--file',
      file,
      '--null',
      '--name-only',
      '--get-regexp',
      EXTRAHEADER_KEYS,
    ],
    { cwd, acceptExitCodes: [1] },
  )
  const keys = [...new Set(output.split('\0').filter(Boolean))]
  for (const key of keys) {
    await runGit(['config', '--file', file, '--unset-all', key], { cwd })
  }
  return keys
}

interface ConfigEntry {
  key: string
  value: string
}

async function readEntries(
  cwd: string,
  file: string,
  pattern: string,
): Promise<ConfigEntry[]> {
  const output = await runGit(
    ['config', '--file', file, '--null', '--get-regexp', pattern],
    { cwd, acceptExitCodes: [1] },
  )
  return output
    .split('\0')
    .filter(Boolean)
    .map((entry) => {
      const newline = entry.indexOf('\n')
      return newline < 0
        ? { key: entry, value: '' }
        : { key: entry.slice(0, newline), value: entry.slice(newline + 1) }
    })
}

async function removeCredentialIncludes(
  cwd: string,
  file: string,
): Promise<(ConfigEntry & { path: string })[]> {
  const removed: (ConfigEntry & { path: string })[] = []
  for (const entry of await readEntries(cwd, file, INCLUDE_KEYS)) {
    const path = resolveIncludePath(entry.value, file)
    if (!(await isCredentialsFile(path))) continue
    await runGit(
      [
        'config',
        '--file',
        file,
        '--fixed-value',
        '--unset-all',
        entry.key,
        entry.value,
      ],
      { cwd },
    )
    removed.push({ ...entry, path })
  }
  return removed
}

/** An include path as git reads it: `~/` from home, else from the file. */
function resolveIncludePath(value: string, configFile: string): string {
  if (value.startsWith('~/')) return join(homedir(), value.slice(2))
  return resolve(dirname(configFile), value)
}

async function isCredentialsFile(path: string): Promise<boolean> {
  const content = await readFile(path, 'utf8').catch(() => undefined)
  if (content === undefined)
    return CHECKOUT_CREDENTIALS_FILE.test(basename(path))
  return /extraheader/i.test(content)
}

async function removeUrlCredentials(
  cwd: string,
  file: string,
): Promise<string[]> {
  const removed: string[] = []
  for (const entry of await readEntries(cwd, file, REMOTE_URL_KEYS)) {
    const userinfo = URL_USERINFO.exec(entry.value)
    if (!userinfo) continue
    const stripped = entry.value.replace(URL_USERINFO, '$1')
    await runGit(
      [
        'config',
        '--file',
        file,
        '--fixed-value',
        '--replace-all',
        entry.key,
        stripped,
        entry.value,
      ],
      { cwd, secrets: [userinfo[0].slice(userinfo[1].length)] },
    )
    removed.push(entry.key)
  }
  return removed
}
