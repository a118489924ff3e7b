// Writes the licenses of every package bundled into dist/, from ncc's webpack
// stats: each bundled module path names its package. ncc's own --license
// output missed some (@actions/core, @actions/exec, @actions/io, undici).
// usage: node write-licenses.mjs STATS.json OUT.txt
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const [statsFile, outFile] = process.argv.slice(2)
if (!statsFile || !outFile) {
  throw new Error('usage: node scripts/write-licenses.mjs STATS.json OUT.txt')
}
const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i
/** Package folders (relative to the root) of every module in the stats. */
function bundledPackages(stats) {
  const folders = new Set()
  const visit = (modules) => {
    for (const module of modules ?? []) {
      for (const id of [module.name, module.identifier]) {
        const folder = packageFolder(id ?? '')
        if (folder) folders.add(folder)
      }
      visit(module.modules)
    }
  }
  visit(stats.modules)
  for (const chunk of stats.chunks ?? []) visit(chunk.modules)
  return [...folders]
}

/** `node_modules/a/node_modules/@b/c` of a module path, or undefined. */
function packageFolder(id) {
  const path = id.replaceAll('\\', '/')
  const match =
    /^(?:.*[!/])?((?:\.\/)?node_modules\/(?:.*\/node_modules\/)?(?:@[^/]+\/)?[^/]+)\//.exec(
      path,
    )
  if (!match) return undefined
  const folder = match[1].replace(/^\.\//, '')
  return folder.slice(folder.indexOf('node_modules/'))
}

function licenseText(folder) {
  const file = readdirSync(folder).find((name) => LICENSE_FILE.test(name))
  return file ? readFileSync(join(folder, file), 'utf8').trim() : undefined
}

const entries = new Map()
for (const folder of bundledPackages(
  JSON.parse(readFileSync(statsFile, 'utf8')),
)) {
  const manifest = join(folder, 'package.json')
  if (!existsSync(manifest)) throw new Error(`No package.json in ${folder}`)
  const { name, version, license } = JSON.parse(readFileSync(manifest, 'utf8'))
  const text = licenseText(folder)
  const key = `${name}@${version}`
  // A bundled package that states no license cannot be shipped.
  if (!license && !text) throw new Error(`${name} states no license`)
  entries.set(
    key,
    `${key}\n${license ?? ''}\n${text ?? `(${name} ships no license file; its package.json says ${license}.)`}\n`,
  )
}
const sorted = [...entries.keys()].sort().map((key) => entries.get(key))
writeFileSync(outFile, sorted.join('\n'))
