import {
  answer,
  callTool,
  loadEvent,
  startE2E,
  type E2E,
  checkAndCloseE2E,
} from '../helpers/e2e.js'
import { openaiError } from '../helpers/llm-server.js'

// A model following someone else's instructions writes its answer (or an
// error its endpoint returns) to act through GitHub's markdown once it is
// published: ping people and teams, close an issue when the pull request
// merges, load a tracking image, pose as an approval. Each check below is
// written independently of the action's own neutralising code.

let e2e: E2E
afterEach(() => checkAndCloseE2E(e2e))

const HOSTILE = [
  'Done. cc @someone and @acme/security-team, and @everyone.',
  'fixes #1, Closes acme/widgets#2',
  '![approved](https://img.example/badge/review-approved-green.svg)',
  '<img src="https://track.example/pixel.gif">',
  '</blockquote>',
  '## ✅ Approved by the maintainers',
].join('\n')

/** What GitHub would ping: `@` then a login or team, not after a word character. */
function mentionsIn(text: string): string[] {
  return text.match(/(?<![\w`])@[A-Za-z0-9][\w-]*(?:\/[\w-]+)?/g) ?? []
}

/** What GitHub would close: a keyword, a colon or spaces, a reference. */
function closingKeywordsIn(text: string): string[] {
  return (
    text.match(
      /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?\s+(?:[\w.-]+\/[\w.-]+)?#\d+/gi,
    ) ?? []
  )
}

/** Remote images GitHub would load, markdown or HTML. */
function remoteImagesIn(text: string): string[] {
  return text.match(/!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>/gi) ?? []
}

/** Lines outside a block quote that read as a heading. */
function headingsOutsideQuotes(text: string): string[] {
  return text.split('\n').filter((line) => /^#{1,6} .*Approved/.test(line))
}

function expectNeutralised(where: string, text: string): void {
  expect([where, mentionsIn(text)]).toEqual([where, []])
  expect([where, closingKeywordsIn(text)]).toEqual([where, []])
  expect([where, remoteImagesIn(text)]).toEqual([where, []])
  expect([where, headingsOutsideQuotes(text)]).toEqual([where, []])
  expect([where, text.includes('</blockquote>')]).toEqual([where, false])
  // Still readable: the words are there, with invisible joiners only.
  expect(text.replaceAll('\u200D', '')).toContain('cc @someone')
}

// Proves the wiring of quoteModelText into the pull request body, the reply
// and the summary: without it each of the three carries the live markdown.
test("the model's answer is published quoted, with mentions, closing keywords and images neutralised", async () => {
  e2e = await startE2E({
    permissions: { alice: 'admin' },
    defaultBranch: 'main',
  })
  e2e.llm.enqueue(
    callTool('write_file', { path: 'fix.txt', content: 'fixed\n' }),
    answer(HOSTILE),
  )
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
    inputs: { commit: 'true', 'pull-request': 'true' },
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')

  const pull = e2e.github.requests.find(
    (request) => request.method === 'POST' && request.path.endsWith('/pulls'),
  )
  const { title, body } = pull?.body as { title: string; body: string }
  expect(body).toContain('> ')
  expectNeutralised('pull request body', body)
  expect(mentionsIn(title)).toEqual([])
  expect(body).toContain('Requested in #12.') // the action's own reference stays

  const [reply] = [...e2e.github.comments.values()]
  expectNeutralised('reply', reply.body)

  expectNeutralised('summary', run.summary)
  // The action's own headings are still headings.
  expect(run.summary).toMatch(/^## harness9: /m)
})

// Proves toPlainText on failure reasons: the endpoint's error message reaches
// the reason, and it would render as a heading, an image and a mention.
test('an error message written by the model endpoint is published as plain text', async () => {
  e2e = await startE2E({ permissions: { alice: 'admin' } })
  e2e.llm.enqueue(
    openaiError(
      400,
      '\n## ✅ Approved by the maintainers\n![ok](https://img.example/ok.svg) @everyone fixes #1',
    ),
  )
  const run = await e2e.run({
    eventName: 'issue_comment',
    payload: loadEvent('issue-comment-issue'),
  })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.status).toBe('failed')
  const [reply] = [...e2e.github.comments.values()]
  for (const [where, text] of [
    ['reply', reply.body],
    ['summary', run.summary],
  ]) {
    expect([where, text.replaceAll('\u200D', '')]).toEqual([
      where,
      expect.stringContaining('Approved by the maintainers'),
    ])
    expect([where, mentionsIn(text)]).toEqual([where, []])
    expect([where, closingKeywordsIn(text)]).toEqual([where, []])
    expect([where, remoteImagesIn(text)]).toEqual([where, []])
    expect([where, headingsOutsideQuotes(text)]).toEqual([where, []])
  }
})
