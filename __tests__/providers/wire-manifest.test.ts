import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { corpusFiles, loadManifest } from '../helpers/wire-corpus.js'

// The corpus is only worth something if every recording says where it came
// from and is replayed somewhere: a file nobody reads, or one without a
// source, would pass for evidence it is not.

const manifest = loadManifest()
const TESTS = join(import.meta.dirname, '..')

function testSources(directory: string): string {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

test('every file in fixtures/wire is in the manifest, and every entry is a file', () => {
  const listed = manifest.recordings.map((recording) => recording.file)
  expect([...listed].sort()).toEqual([...corpusFiles()].sort())
  expect(new Set(listed).size).toBe(listed.length)
})

test.each(manifest.recordings.map((recording) => [recording.file, recording]))(
  '%s names its source and what it shows',
  (_file, recording) => {
    expect(recording.source.repository).toMatch(/^[\w.-]+\/[\w.-]+$/)
    expect(recording.source.path).not.toBe('')
    expect(recording.source.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(recording.shows.length).toBeGreaterThan(20)
    expect(['anthropic-chunks', 'openai-chunks', 'sse', 'json']).toContain(
      recording.framing,
    )
  },
)

test('every recording is replayed by a test', () => {
  const sources = testSources(TESTS)
  const unused = manifest.recordings
    .map((recording) => recording.file)
    .filter((file) => !sources.includes(`'${file}'`))
  expect(unused).toEqual([])
})
