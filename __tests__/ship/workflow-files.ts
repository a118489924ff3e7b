import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ROOT } from './model-server-process.js'

// js-yaml comes with jest's coverage tooling (no direct dependency: adding
// one needs `npm install`). It is YAML 1.2, so `on:` stays a string key.
const require = createRequire(import.meta.url)
const yaml = require('js-yaml') as { load(text: string): unknown }

export const WORKFLOWS_DIR = join(ROOT, '.github', 'workflows')

export interface Step {
  id?: string
  name?: string
  uses?: string
  run?: string
  if?: string
  with?: Record<string, string | number | boolean>
  env?: Record<string, string>
}

export interface Job {
  if?: string
  'runs-on'?: string
  'timeout-minutes'?: number
  permissions?: unknown
  steps: Step[]
}

export interface Workflow {
  name?: string
  on: Record<string, unknown> | string | string[]
  permissions?: unknown
  jobs: Record<string, Job>
}

export function parseWorkflow(text: string): Workflow {
  return yaml.load(text) as Workflow
}

/** Every workflow file of the repository: file name → text. */
export function readWorkflowFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const name of readdirSync(WORKFLOWS_DIR).sort()) {
    if (/\.ya?ml$/.test(name))
      files.set(name, readFileSync(join(WORKFLOWS_DIR, name), 'utf8'))
  }
  return files
}

export function loadWorkflow(name: string): Workflow {
  return parseWorkflow(readFileSync(join(WORKFLOWS_DIR, name), 'utf8'))
}

/** The events a workflow runs on, whatever form `on:` takes. */
export function triggersOf(workflow: Workflow): string[] {
  const on = workflow.on
  if (typeof on === 'string') return [on]
  if (Array.isArray(on)) return on
  return Object.keys(on)
}

export function stepById(job: Job, id: string): Step {
  const step = job.steps.find((candidate) => candidate.id === id)
  if (!step) throw new Error(`no step with id '${id}'`)
  return step
}

export function stepByName(job: Job, name: string): Step {
  const step = job.steps.find((candidate) => candidate.name === name)
  if (!step) throw new Error(`no step named '${name}'`)
  return step
}

/**
 * Replaces every `${{ expression }}` in `text` by its value in `values`;
 * an expression not listed throws, so a new one cannot slip by untested.
 */
export function resolveExpressions(
  text: string,
  values: Record<string, string>,
): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => {
    const value = values[expression]
    if (value === undefined)
      throw new Error(`no value for the expression '${expression}'`)
    return value
  })
}
