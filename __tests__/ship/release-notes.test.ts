import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './model-server-process.js'

// scripts/release-notes.mjs, run as the release workflow runs it: the notes
// of the tagged version from CHANGELOG.md, and a refusal of any tag that is
// not package.json's version.

const SCRIPT = join(ROOT, 'scripts', 'release-notes.mjs')

const CHANGELOG = `# Changelog

Intro text.

## [Unreleased]

- Not yet.

## [1.2.0] - 2026-12-24

### Added

- Reindeer.

## [1.1.0] - 2026-11-01

### Fixed

- Sleigh.

## 1.0.0

- First.

## [0.9.0]

[1.2.0]: https://example.test/v1.2.0
[1.1.0]: https://example.test/v1.1.0
`

let temp: string
beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'harness9-release-'))
  writeFileSync(join(temp, 'CHANGELOG.md'), CHANGELOG)
  writeFileSync(join(temp, 'package.json'), '{ "version": "1.2.0" }\n')
})
afterEach(() => rmSync(temp, { recursive: true, force: true }))

function notes(...args: string[]) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], {
    cwd: temp,
    encoding: 'utf8',
    timeout: 10_000,
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

test("prints the tagged version's section, without its heading or the next one", () => {
  expect(notes('--tag', 'v1.2.0')).toEqual({
    status: 0,
    stdout: '### Added\n\n- Reindeer.\n',
    stderr: '',
  })
})

test('a middle section stops at the next heading; a bare `## 1.0.0` heading counts', () => {
  expect(notes('--version', '1.1.0').stdout).toBe('### Fixed\n\n- Sleigh.\n')
  expect(notes('--version', '1.0.0').stdout).toBe('- First.\n')
})

test('the link definitions at the end are not part of the last section', () => {
  const result = notes('--version', '0.9.0')
  expect(result.status).toBe(1)
  expect(result.stderr).toBe(
    "release-notes: CHANGELOG.md's section for 0.9.0 is empty: write what changed before releasing.\n",
  )
})

test('a version without a section fails, naming the heading to add', () => {
  const result = notes('--version', '1.3.0')
  expect(result).toEqual({
    status: 1,
    stdout: '',
    stderr:
      "release-notes: CHANGELOG.md has no section '## [1.3.0]': add one saying what changed before releasing.\n",
  })
})

test("a version is not found inside another one's heading (1.2.0 is not 1.2.0.1 or 11.2.0)", () => {
  writeFileSync(
    join(temp, 'CHANGELOG.md'),
    '## [11.2.0]\n\n- no\n\n## [1.2.0.1]\n\n- no\n',
  )
  expect(notes('--version', '1.2.0').status).toBe(1)
})

test("a tag that is not package.json's version is refused before anything is published", () => {
  const result = notes('--tag', 'v1.1.0')
  expect(result).toEqual({
    status: 1,
    stdout: '',
    stderr:
      'release-notes: the tag v1.1.0 does not match package.json\'s version \'1.2.0\': tag v1.2.0, or set "version" to "1.1.0" (and src/cli/version.ts) and tag that commit.\n',
  })
})

test.each([['1.2.0'], ['v1.2'], ['v1.2.0-rc.1'], ['release-1.2.0']])(
  'the tag %s is not a release tag',
  (tag) => {
    const result = notes('--tag', tag)
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      `release-notes: the tag '${tag}' is not a release tag: write it as vMAJOR.MINOR.PATCH, e.g. v1.0.0.\n`,
    )
  },
)

test('CRLF line endings give the same notes', () => {
  writeFileSync(join(temp, 'CHANGELOG.md'), CHANGELOG.replace(/\n/g, '\r\n'))
  expect(notes('--tag', 'v1.2.0').stdout).toBe('### Added\n\n- Reindeer.\n')
})

test('without --tag or --version it says how to call it', () => {
  const result = notes()
  expect(result.status).toBe(1)
  expect(result.stderr).toMatch(
    /^release-notes: give exactly one of --tag and --version\. usage:/,
  )
})

test("the repository's own CHANGELOG.md has notes for package.json's version", () => {
  const manifest = JSON.parse(
    readFileSync(join(ROOT, 'package.json'), 'utf8'),
  ) as { version: string }
  const result = spawnSync(
    process.execPath,
    [SCRIPT, '--tag', `v${manifest.version}`],
    { cwd: ROOT, encoding: 'utf8', timeout: 10_000 },
  )
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
  expect(result.stdout).toContain('### Added')
})
