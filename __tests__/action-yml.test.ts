import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseInputs } from '../src/action/inputs.js'

const ROOT = join(import.meta.dirname, '..')
const actionYml = readFileSync(join(ROOT, 'action.yml'), 'utf8')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

/** The keys under a top-level section of action.yml, with their defaults. */
function section(name: string): Map<string, string> {
  const body = actionYml
    .split(new RegExp(`^${name}:\\n`, 'm'))[1]
    .split(/^\S/m)[0]
  const entries = new Map<string, string>()
  let current = ''
  for (const line of body.split('\n')) {
    const key = /^ {2}([a-z-]+):$/.exec(line)
    if (key) entries.set((current = key[1]), '')
    const fallback = /^ {4}default: (.*)$/.exec(line)
    if (fallback && current)
      entries.set(current, fallback[1].replace(/^(['"])(.*)\1$/, '$2'))
  }
  return entries
}

/** The rows of the README table under `## <title>`: first cell → second cell. */
function readmeTable(title: string): Map<string, string> {
  const body = readme.split(`## ${title}\n`)[1].split(/^## /m)[0]
  const rows = new Map<string, string>()
  for (const line of body.split('\n')) {
    const cells = /^\|\s*`([a-z-]+)`\s*\|([^|]*)\|/.exec(line)
    if (cells) rows.set(cells[1], cells[2].trim().replace(/^`(.*)`$/, '$1'))
  }
  return rows
}

test('runs on node24 from the committed bundle', () => {
  expect(actionYml).toMatch(
    /^runs:\n {2}using: node24\n {2}main: dist\/index\.js$/m,
  )
})

test('the README lists every input of action.yml with its default', () => {
  const inputs = section('inputs')
  expect([...readmeTable('Inputs').keys()]).toEqual([...inputs.keys()])
  for (const [name, fallback] of readmeTable('Inputs'))
    expect([name, fallback]).toEqual([name, inputs.get(name)])
})

test('the README lists every output of action.yml', () => {
  expect([...readmeTable('Outputs').keys()]).toEqual([
    ...section('outputs').keys(),
  ])
})

test('the code reads exactly the inputs action.yml declares, with its defaults', () => {
  const read = new Set<string>()
  const declared = section('inputs')
  parseInputs((name) => {
    read.add(name)
    return name === 'api-key' ? 'sk-test' : ''
  }, {})
  expect([...read].sort()).toEqual([...declared.keys()].sort())
  // Defaults written in action.yml are what the code falls back to.
  const parsed = parseInputs(
    (name) => (name === 'api-key' ? 'sk-test' : (declared.get(name) ?? '')),
    {},
  )
  const fallback = parseInputs(
    (name) => (name === 'api-key' ? 'sk-test' : ''),
    {},
  )
  // github-token's default is an expression the runner fills in.
  expect({ ...parsed, githubToken: '' }).toEqual(fallback)
})
