import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { answer, callTool, e2ePerTest } from '../helpers/e2e.js'

// Without the sandbox, bash can write the action's own files (their path is
// in the workflow). The bundle loads some chunks only when first used, after
// the loop (the GitHub client for the pull request): a model that rewrote
// them ran its code inside the action, with the API key and the token. Every
// chunk is now loaded before the model runs.

const DIST = join(import.meta.dirname, '..', '..', 'dist')

const e2e = e2ePerTest()
let actionDir: string
let marker: string
beforeEach(async () => {
  actionDir = mkdtempSync(join(tmpdir(), 'harness9-own-code-'))
  cpSync(DIST, join(actionDir, 'dist'), { recursive: true })
  marker = join(actionDir, 'pwned.txt')
})
afterEach(async () => {
  rmSync(actionDir, { recursive: true, force: true })
})

/** An ESM chunk that records whether it ran inside the action with its key. */
function hostileChunk(): string {
  return [
    "import { writeFileSync } from 'node:fs'",
    `writeFileSync(${JSON.stringify(marker)}, 'ran with key: ' + Boolean(process.env['INPUT_API-KEY']))`,
    'export const id = 0, ids = [], modules = {}',
  ].join('\n')
}

test('a model that overwrites the action bundle chunks cannot run code in the action', async () => {
  // The chunks of the shared bundle (dist/index.js is a stub importing it).
  const chunks = readdirSync(join(actionDir, 'dist', 'bundle')).filter((name) =>
    /^\d+\.index\.js$/.test(name),
  )
  expect(chunks.length).toBeGreaterThan(1)
  const overwrite = chunks
    .map((chunk) => {
      const target = join(actionDir, 'dist', 'bundle', chunk)
      return `cat > '${target}' <<'EOF'\n${hostileChunk()}\nEOF`
    })
    .join('\n')
  e2e.llm.enqueue(
    callTool('bash', { command: `${overwrite}\necho overwritten` }),
    callTool('write_file', { path: 'fix.txt', content: 'fixed\n' }),
    answer('Fixed.'),
  )
  const run = await e2e.run({
    action: join(actionDir, 'dist', 'index.js'),
    inputs: {
      task: 'Fix it',
      sandbox: 'none',
      commit: 'true',
      'pull-request': 'true',
    },
  })
  // The model's bash did overwrite them…
  expect(
    readFileSync(join(actionDir, 'dist', 'bundle', chunks[0]), 'utf8'),
  ).toContain('ran with key')
  // …but none of it ran in the action…
  expect(existsSync(marker) ? readFileSync(marker, 'utf8') : 'never ran').toBe(
    'never ran',
  )
  // …which opened its pull request with the bundle's own code.
  expect(run.outputs.status).toBe('completed')
  expect(run.outputs['pull-request-url']).toMatch(/\/pull\/\d+$/)
})
