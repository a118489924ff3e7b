import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const README = readFileSync(
  join(import.meta.dirname, '..', 'README.md'),
  'utf8',
)

// __tests__/ship/actionlint.test.ts lints these; here: what they must show.

/** Every fenced YAML block of the README that is a whole workflow. */
function readmeWorkflows(): string[] {
  return [...README.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((match) => match[1])
    .filter((yaml) => /^on:/m.test(yaml) && /^jobs:/m.test(yaml))
}

test('the README documents a workflow for comments and for the other triggers', () => {
  const workflows = readmeWorkflows()
  expect(workflows.some((yaml) => yaml.includes('issue_comment:'))).toBe(true)
  const triggers = workflows.find((yaml) => yaml.includes('label-trigger:'))
  expect(triggers).toContain('assignee-trigger:')
  expect(triggers).toContain('types: [opened, labeled, assigned]')
})

test('comment workflows queue per issue or PR on the job, not the whole workflow', () => {
  const comments = readmeWorkflows().find((yaml) =>
    yaml.includes('issue_comment:'),
  )
  expect(comments).toMatch(/^jobs:\n[\s\S]*\n {4}concurrency:\n/m)
  expect(comments).not.toMatch(/^concurrency:/m)
})
