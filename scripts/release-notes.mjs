#!/usr/bin/env node
// Prints the release notes of one version: its section of CHANGELOG.md (Keep
// a Changelog: `## [1.2.3] - 2026-12-01` up to the next `## ` heading). With
// --tag it first checks that the tag is `v` + package.json's version, so a
// release can never publish notes or code of another version.
//
//   node scripts/release-notes.mjs --tag v1.2.3        (the release workflow)
//   node scripts/release-notes.mjs --version 1.2.3
//   options: --changelog FILE (CHANGELOG.md), --package FILE (package.json)
//
// Exit status 1 with one sentence on stderr saying what to fix.

import { readFileSync } from 'node:fs'

const USAGE =
  'usage: release-notes.mjs (--tag vX.Y.Z | --version X.Y.Z) ' +
  '[--changelog CHANGELOG.md] [--package package.json]'

function fail(message) {
  process.stderr.write(`release-notes: ${message}\n`)
  process.exit(1)
}

function parseOptions(argv) {
  const options = { changelog: 'CHANGELOG.md', package: 'package.json' }
  const known = new Set(['tag', 'version', 'changelog', 'package'])
  for (let index = 0; index < argv.length; index += 2) {
    const name = argv[index].replace(/^--/, '')
    if (!argv[index].startsWith('--') || !known.has(name))
      fail(`unknown option '${argv[index]}'. ${USAGE}`)
    if (argv[index + 1] === undefined)
      fail(`option '${argv[index]}' needs a value. ${USAGE}`)
    options[name] = argv[index + 1]
  }
  if ((options.tag === undefined) === (options.version === undefined))
    fail(`give exactly one of --tag and --version. ${USAGE}`)
  return options
}

function readText(path, what) {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    fail(`cannot read ${what} '${path}': ${error.message}`)
  }
}

/** The version a tag names, checked against package.json's. */
function versionOfTag(tag, packagePath) {
  const match = /^v(\d+\.\d+\.\d+)$/.exec(tag)
  if (!match)
    fail(
      `the tag '${tag}' is not a release tag: write it as vMAJOR.MINOR.PATCH, e.g. v1.0.0.`,
    )
  const version = match[1]
  let declared
  try {
    declared = JSON.parse(readText(packagePath, 'the package file')).version
  } catch (error) {
    fail(`'${packagePath}' is not JSON: ${error.message}`)
  }
  if (declared !== version)
    fail(
      `the tag ${tag} does not match ${packagePath}'s version '${declared}': ` +
        `tag v${declared}, or set "version" to "${version}" (and src/cli/version.ts) and tag that commit.`,
    )
  return version
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The body of `## [version]` (or `## version`), without the heading, up to
 * the next level-2 heading; link definitions (`[1.0.0]: https://…`) that
 * Keep a Changelog puts at the end of the file are not notes.
 */
function extractNotes(changelog, version) {
  const lines = changelog.replace(/\r\n/g, '\n').split('\n')
  const heading = new RegExp(`^## \\[?${escapeRegExp(version)}\\]?(\\s|$)`)
  const start = lines.findIndex((line) => heading.test(line))
  if (start === -1) return undefined
  const rest = lines.slice(start + 1)
  const end = rest.findIndex((line) => /^## /.test(line))
  return rest
    .slice(0, end === -1 ? rest.length : end)
    .filter((line) => !/^\[[^\]]+\]:\s*\S/.test(line))
    .join('\n')
    .trim()
}

const options = parseOptions(process.argv.slice(2))
const version =
  options.tag !== undefined
    ? versionOfTag(options.tag, options.package)
    : options.version
const notes = extractNotes(
  readText(options.changelog, 'the changelog'),
  version,
)
if (notes === undefined)
  fail(
    `${options.changelog} has no section '## [${version}]': add one saying what changed before releasing.`,
  )
if (notes === '')
  fail(
    `${options.changelog}'s section for ${version} is empty: write what changed before releasing.`,
  )
process.stdout.write(`${notes}\n`)
