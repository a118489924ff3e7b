import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ROOT } from './model-server-process.js'

// What GitHub Marketplace's release form checks in action.yml before it lists
// a release. It only says so after a tag and a release exist, when fixing it
// means another version, so the limits are pinned here. They are GitHub's,
// from its publishing docs and the form's messages ("Description must be less
// than 125 characters"); nothing in this repository could supply them.

const require = createRequire(import.meta.url)
const yaml = require('js-yaml') as { load(text: string): unknown }

interface ActionMetadata {
  name?: unknown
  description?: unknown
  author?: unknown
  branding?: { icon?: unknown; color?: unknown }
}

const BRANDING_COLORS = [
  'white',
  'black',
  'yellow',
  'blue',
  'green',
  'orange',
  'red',
  'purple',
  'gray-dark',
]

/** Feather icons that action branding does not accept. */
const EXCLUDED_ICONS = [
  'coffee',
  'columns',
  'divide-circle',
  'divide-square',
  'divide',
  'frown',
  'hexagon',
  'key',
  'meh',
  'mouse-pointer',
  'smile',
  'tool',
  'x-octagon',
]

const MAX_DESCRIPTION_CHARS = 124

/** The form's findings for one action.yml text; empty when it can be listed. */
function findMarketplaceProblems(text: string): string[] {
  const metadata = yaml.load(text) as ActionMetadata
  const problems: string[] = []
  if (typeof metadata.name !== 'string' || metadata.name.trim() === '')
    problems.push('name: missing')
  const description = metadata.description
  if (typeof description !== 'string' || description.trim() === '')
    problems.push('description: missing')
  else if ([...description].length > MAX_DESCRIPTION_CHARS)
    problems.push(
      `description: ${[...description].length} characters, must be less than 125`,
    )
  const { icon, color } = metadata.branding ?? {}
  if (typeof icon !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(icon))
    problems.push('branding.icon: missing or not a Feather icon name')
  else if (EXCLUDED_ICONS.includes(icon))
    problems.push(`branding.icon: '${icon}' is excluded from action branding`)
  if (typeof color !== 'string' || !BRANDING_COLORS.includes(color))
    problems.push(`branding.color: '${String(color)}' is not a branding color`)
  return problems
}

test("this repository's action.yml passes the Marketplace form", () => {
  const text = readFileSync(join(ROOT, 'action.yml'), 'utf8')
  expect(findMarketplaceProblems(text)).toEqual([])
})

test('one action at the root: action.yml beside a README, and no action.yaml', () => {
  expect(existsSync(join(ROOT, 'action.yml'))).toBe(true)
  expect(existsSync(join(ROOT, 'action.yaml'))).toBe(false)
  expect(existsSync(join(ROOT, 'README.md'))).toBe(true)
})

test('the check finds what the form refuses', () => {
  const tooLong = 'x'.repeat(125)
  expect(
    findMarketplaceProblems(
      `name: a\ndescription: ${tooLong}\nbranding:\n  icon: key\n  color: pink\n`,
    ),
  ).toEqual([
    'description: 125 characters, must be less than 125',
    "branding.icon: 'key' is excluded from action branding",
    "branding.color: 'pink' is not a branding color",
  ])
  expect(findMarketplaceProblems('description: fine\n')).toEqual([
    'name: missing',
    'branding.icon: missing or not a Feather icon name',
    "branding.color: 'undefined' is not a branding color",
  ])
  expect(
    findMarketplaceProblems(
      `name: a\ndescription: ${'x'.repeat(124)}\nbranding:\n  icon: cpu\n  color: gray-dark\n`,
    ),
  ).toEqual([])
})
