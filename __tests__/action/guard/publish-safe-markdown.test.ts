import {
  dropImages,
  neutralizeClosingKeywords,
  neutralizeHtml,
  neutralizeMentions,
  quoteModelText,
  toPlainText,
} from '../../../src/action/guard/publish-safe-markdown.js'

const ZWJ = '\u200D'

/** What GitHub would ping: `@` then a login or team, not after a word character. */
function findMentions(text: string): string[] {
  return text.match(/(?<![\w`])@[A-Za-z0-9][\w-]*(?:\/[\w-]+)?/g) ?? []
}

/** What GitHub would close: keyword, colon or spaces, reference. */
function findClosingKeywords(text: string): string[] {
  return (
    text.match(
      /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?\s+(?:[\w.-]+\/[\w.-]+)?#\d+|\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?\s+https:\/\/github\.com\/\S+\/issues\/\d+/gi,
    ) ?? []
  )
}

describe('mentions', () => {
  test.each([
    ['@everyone please look', '@everyone'],
    ['cc @octocat, thanks', '@octocat'],
    ['ping @acme/security-team now', '@acme/security-team'],
    ['(@a-b_c)', '@a-b_c'],
  ])('%j pings no one', (text, mention) => {
    expect(findMentions(text)).toEqual([mention])
    const safe = neutralizeMentions(text)
    expect(findMentions(safe)).toEqual([])
    expect(safe.replaceAll(ZWJ, '')).toBe(text) // reads the same
  })

  test('an e-mail address is left readable', () => {
    expect(neutralizeMentions('mail a@b.example').replaceAll(ZWJ, '')).toBe(
      'mail a@b.example',
    )
  })
})

describe('closing keywords', () => {
  test.each([
    'Fixes #1',
    'closes acme/widgets#2',
    'Resolves: https://github.com/acme/widgets/issues/3',
    'fixed #4 and CLOSED #5',
    'resolved GH-6',
    '**Fixes** #7',
  ])('%j closes nothing', (text) => {
    const safe = neutralizeClosingKeywords(text)
    expect(findClosingKeywords(safe.replaceAll('**', ''))).toEqual([])
    expect(safe.replaceAll(ZWJ, '')).toBe(text)
  })

  test('the words alone, or before something else, are left as they are', () => {
    const text = 'I fixed the bug; closes the gap. Fix: see #readme'
    expect(neutralizeClosingKeywords(text)).toBe(text)
  })
})

describe('images', () => {
  test.each([
    '![approved](https://img.shields.io/badge/review-approved-green)',
    '![x](https://evil.example/t.gif "title")',
    '![a [b]](https://evil.example/p(1).png)',
    '![tracker][ref]',
    '<img src="https://evil.example/t.gif">',
    '<IMG\nsrc=x onerror=alert(1)>',
    '<picture><source srcset="https://evil.example/a.png"></picture>',
  ])('%j loads nothing', (image) => {
    const safe = dropImages(`before ${image} after`)
    expect(safe).toContain('[image removed]')
    expect(safe).not.toMatch(/evil\.example|shields|!\[|<img|srcset/i)
    expect(safe).toMatch(/^before .*after$/s)
  })

  test('a plain link stays a link', () => {
    const text = 'see [the docs](https://example.com/docs)'
    expect(dropImages(text)).toBe(text)
  })
})

describe('quoteModelText', () => {
  test('every line is inside the quote, blank ones too', () => {
    expect(quoteModelText('## Approved\n\nAll good\r\n- item')).toBe(
      '> ## Approved\n>\n> All good\n> - item',
    )
  })

  test('HTML cannot end the quote or add blocks of its own', () => {
    const text =
      '</blockquote>\n<details open><summary>✅ Approved by @admin</summary></details>\n<!-- hidden -->'
    const quoted = quoteModelText(text)
    expect(quoted).not.toMatch(/<[A-Za-z/!]/)
    expect(findMentions(quoted)).toEqual([])
    expect(quoted.replaceAll(ZWJ, '')).toBe(
      text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
    )
  })

  test('all of it at once: mention, keyword, image, HTML', () => {
    const quoted = quoteModelText(
      'Fixes #1 for @everyone ![ok](https://x.example/a.png) <img src=y>',
    )
    expect(findMentions(quoted)).toEqual([])
    expect(findClosingKeywords(quoted)).toEqual([])
    expect(quoted).not.toContain('x.example')
    expect(quoted).not.toContain('<img')
  })

  test('code keeps its characters, with only invisible joiners added', () => {
    const code = '```ts\nconst list: Array<string> = [] // @types\n```'
    expect(quoteModelText(code).replaceAll(ZWJ, '')).toBe(
      '> ```ts\n> const list: Array<string> = [] // @types\n> ```',
    )
  })
})

describe('toPlainText', () => {
  test('markdown shows as written, not rendered', () => {
    const reason =
      '# Approved\n> quoted\n- item\n1. first\n**bold** _it_ `code` [link](u) ![i](u) <b>x</b> a|b ~~s~~ &amp;\n==='
    const plain = toPlainText(reason)
    expect(plain).toBe(
      '\\# Approved\n\\> quoted\n\\- item\n1\\. first\n\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\[link\\](u) \\!\\[i\\](u) \\<b\\>x\\<' +
        '/b\\> a\\|b \\~\\~s\\~\\~ &amp;amp;\n\\===',
    )
  })

  test('mentions and closing keywords are neutralised too', () => {
    const plain = toPlainText('Model error: fixes #9, ask @everyone')
    expect(findMentions(plain)).toEqual([])
    expect(findClosingKeywords(plain)).toEqual([])
  })

  test('an ordinary sentence is unchanged', () => {
    const text = 'The run reached max-turns (30) before the model finished.'
    expect(toPlainText(text)).toBe(text)
  })
})

test('neutralizeHtml leaves comparisons alone', () => {
  expect(neutralizeHtml('a < b && c <= d')).toBe('a < b && c <= d')
})
