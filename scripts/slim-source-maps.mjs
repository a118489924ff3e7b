// Drops `sourcesContent` from every source map in a folder. Stack traces need
// only the mappings and source paths; the copied sources were most of the
// maps' bytes, i.e. a third of dist/. usage: node slim-source-maps.mjs DIR
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2]
if (!dir) throw new Error('usage: node scripts/slim-source-maps.mjs DIR')
for (const name of readdirSync(dir)) {
  if (!name.endsWith('.map')) continue
  const file = join(dir, name)
  const map = JSON.parse(readFileSync(file, 'utf8'))
  delete map.sourcesContent
  writeFileSync(file, JSON.stringify(map))
}
