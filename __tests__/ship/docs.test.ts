import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseInputs } from '../../src/action/inputs.js'
import { ROOT } from './model-server-process.js'

// The shipping documents say true things about the repository: the files
// and scripts they name exist, and SECURITY.md's table covers exactly the
// sandbox modes the action accepts.

const read = (name: string) => readFileSync(join(ROOT, name), 'utf8')
const manifest = JSON.parse(read('package.json')) as {
  version: string
  scripts: Record<string, string>
}

test('the README links to SECURITY.md, CONTRIBUTING.md and CHANGELOG.md, which exist', () => {
  const readme = read('README.md')
  for (const doc of ['SECURITY.md', 'CONTRIBUTING.md', 'CHANGELOG.md']) {
    expect([doc, readme.includes(`](${doc})`)]).toEqual([doc, true])
    expect([doc, existsSync(join(ROOT, doc))]).toEqual([doc, true])
  }
})

test("SECURITY.md's sandbox table has one row per mode the action accepts", () => {
  const rows = [
    ...read('SECURITY.md').matchAll(/^\| `([a-z]+)`(?: \(default\))?\s+\|/gm),
  ]
    .map((match) => match[1])
    .slice(1) // the header row: `sandbox`
  expect(rows).toEqual(['bwrap', 'auto', 'none'])
  for (const mode of rows) {
    const inputs = parseInputs(
      (name) => ({ 'api-key': 'sk-test', sandbox: mode })[name] ?? '',
      {},
    )
    expect(inputs.sandbox).toBe(mode)
  }
  expect(() =>
    parseInputs(
      (name) => ({ 'api-key': 'sk-test', sandbox: 'docker' })[name] ?? '',
      {},
    ),
  ).toThrow("Input 'sandbox'")
})

test('every `npm run` script and repository path CONTRIBUTING.md names exists', () => {
  const text = read('CONTRIBUTING.md')
  const scripts = [...text.matchAll(/npm run ([a-z:-]+)/g)].map((m) => m[1])
  expect(scripts.length).toBeGreaterThan(0)
  for (const script of new Set(scripts))
    expect([script, script in manifest.scripts]).toEqual([script, true])
  const paths = [
    ...text.matchAll(
      /`((?:scripts|__tests__|\.github|bench|src)\/[\w./-]*?)`/g,
    ),
  ].map((m) => m[1].replace(/\/$/, ''))
  expect(paths.length).toBeGreaterThan(5)
  for (const path of new Set(paths)) {
    if (path.includes('*')) {
      // A glob such as __tests__/e2e/attacker-*.test.ts must match files.
      const [dir, pattern] = [
        path.slice(0, path.lastIndexOf('/')),
        path.slice(path.lastIndexOf('/') + 1),
      ]
      const regex = new RegExp(
        `^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`,
      )
      const matches = readdirSync(join(ROOT, dir)).filter((name) =>
        regex.test(name),
      )
      expect([path, matches.length > 0]).toEqual([path, true])
    } else {
      expect([path, existsSync(join(ROOT, path))]).toEqual([path, true])
    }
  }
})

test('CHANGELOG.md keeps an Unreleased section above the releases', () => {
  const headings = [...read('CHANGELOG.md').matchAll(/^## (.+)$/gm)].map(
    (m) => m[1],
  )
  expect(headings[0]).toBe('[Unreleased]')
  for (const heading of headings.slice(1))
    expect(heading).toMatch(/^\[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/)
})

test("every harness9/action reference in the docs and workflows is package.json's major tag", () => {
  const major = `v${manifest.version.split('.')[0]}`
  const files = [
    ...readdirSync(ROOT).filter((name) => name.endsWith('.md')),
    ...readdirSync(join(ROOT, '.github', 'workflows')).map((name) =>
      join('.github', 'workflows', name),
    ),
  ]
  const references = files.flatMap((file) =>
    // `@vX` is release.yml's placeholder for any major tag.
    [...read(file).matchAll(/harness9\/action@(?!vX\b)([\w.-]+)/g)].map(
      (match) => `${file} @${match[1]}`,
    ),
  )
  // The README's three examples and the /agent workflow at least.
  expect(references.length).toBeGreaterThanOrEqual(4)
  expect(
    references.filter((reference) => !reference.endsWith(`@${major}`)),
  ).toEqual([])
})
