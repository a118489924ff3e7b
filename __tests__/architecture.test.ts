import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

// The dependency direction of STYLE.md (and docs/layout.md):
// schema <- tools, providers, log <- engine <- action, cli <- index; the
// sandbox (src/sandbox/) is shared by the action and the CLI; every layer
// but schema (types only) may import util/.
const SRC = join(import.meta.dirname, '..', 'src')

interface SourceFile {
  path: string
  layer: string
  imports: string[]
  text: string
}

function sourceFiles(dir = SRC): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    if (!entry.name.endsWith('.ts')) return []
    const text = readFileSync(path, 'utf8')
    const rel = relative(SRC, path)
    const imports = [
      ...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g),
    ].map((match) => resolveImport(rel, match[1]))
    return [
      {
        path: rel,
        layer: layerOf(rel),
        imports,
        text,
      },
    ]
  })
}

/** The layer of a path under src/. */
function layerOf(path: string): string {
  return path.includes('/') ? path.split('/')[0] : 'index'
}

/** A relative import as the layer it lands in; a package as its name. */
function resolveImport(from: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier
  return `layer:${layerOf(relative(SRC, join(SRC, from, '..', specifier)))}`
}

// util/ is the bottom layer: small helpers every layer but schema (types
// only) may import; it imports nothing else of the project.
const ALLOWED_LAYERS: Record<string, string[]> = {
  util: ['util'],
  schema: ['schema'],
  tools: ['util', 'schema', 'tools'],
  providers: ['util', 'schema', 'providers'],
  log: ['util', 'schema', 'log'],
  engine: ['util', 'schema', 'tools', 'providers', 'log', 'engine'],
  sandbox: ['util', 'schema', 'sandbox'],
  action: [
    'util',
    'schema',
    'tools',
    'providers',
    'log',
    'engine',
    'sandbox',
    'action',
  ],
  cli: [
    'util',
    'schema',
    'tools',
    'providers',
    'log',
    'engine',
    'sandbox',
    'cli',
  ],
  // index.ts starts the action; bundle-entries.ts starts every dist entry.
  index: ['action', 'cli', 'index'],
}

const files = sourceFiles()

test('the source tree has every layer', () => {
  const layers = new Set(files.map((file) => file.layer))
  for (const layer of Object.keys(ALLOWED_LAYERS))
    expect(layers).toContain(layer)
})

test.each(files.map((file) => [file.path, file] as const))(
  '%s imports only from layers below it',
  (_path, file) => {
    const layers = file.imports
      .filter((target) => target.startsWith('layer:'))
      .map((target) => target.slice('layer:'.length))
    const forbidden = layers.filter(
      (layer) => !ALLOWED_LAYERS[file.layer].includes(layer),
    )
    expect(forbidden).toEqual([])
  },
)

test.each(files.map((file) => [file.path, file] as const))(
  '%s imports only the packages its layer may use',
  (_path, file) => {
    const packages = file.imports.filter(
      (target) => !target.startsWith('layer:'),
    )
    for (const name of packages) {
      if (name.startsWith('node:')) continue
      if (
        name === 'openai' ||
        name.startsWith('openai/') ||
        name.startsWith('@anthropic-ai/')
      ) {
        expect([file.path, 'providers']).toEqual([file.path, file.layer])
      } else if (
        name.startsWith('@actions/') ||
        name.startsWith('@octokit/plugin-')
      ) {
        expect([file.path, 'action']).toEqual([file.path, file.layer])
      } else {
        throw new Error(`${file.path} imports unexpected package '${name}'`)
      }
    }
    if (file.layer === 'schema' || file.layer === 'util')
      expect(packages).toEqual([])
  },
)

test('only the action and the CLI read process.env', () => {
  // The sandbox's probe falls back to PATH when given no search path.
  const readers = files
    .filter((file) => /process\.env\b/.test(file.text))
    .map((file) => file.layer)
  expect(
    readers.filter((layer) => !['action', 'cli', 'sandbox'].includes(layer)),
  ).toEqual([])
})
