// ncc's ESM output requires each Node built-in through its own
// `createRequire(import.meta.url)`: ~50 new require functions, each resolving
// the bundle's path again (~0.1 ms apiece at start-up). This makes the
// bundle create one and share it. Line 1 keeps its place, so the source
// maps still match. usage: node share-external-require.mjs FILE
import { readFileSync, writeFileSync } from 'node:fs'

const file = process.argv[2]
if (!file)
  throw new Error('usage: node scripts/share-external-require.mjs FILE')
const IMPORT =
  'import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";'
const EACH = '__WEBPACK_EXTERNAL_createRequire(import.meta.url)('
const SHARED = '__h9_externalRequire('
const text = readFileSync(file, 'utf8')
const [first, ...rest] = text.split('\n')
// Built output must look as expected: fail the build rather than ship it half-changed.
if (first !== IMPORT || !text.includes(EACH))
  throw new Error(
    `${file} does not start as ncc's ESM bundle does; check the build.`,
  )
writeFileSync(
  file,
  [
    `${IMPORT} const __h9_externalRequire = __WEBPACK_EXTERNAL_createRequire(import.meta.url);`,
    ...rest.map((line) => line.replaceAll(EACH, SHARED)),
  ].join('\n'),
)
