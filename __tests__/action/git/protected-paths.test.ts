import {
  parseProtectedPaths,
  splitProtected,
} from '../../../src/action/git/protected-paths.js'

const FILES = [
  'README.md',
  'src/index.ts',
  '.github/workflows/ci.yml',
  '.github/workflows/nested/deploy.yaml',
  '.github/dependabot.yml',
  '.github',
  'secrets/prod.pem',
  'secrets/nested/dev.pem',
  'config/app.pem',
  'deploy/a/b.sh',
  'deployment.md',
  'docs/guide.md',
  '.github/actions/setup/action.yml',
  '.github/CODEOWNERS',
  'CODEOWNERS',
  'docs/CODEOWNERS',
  'src/CODEOWNERS',
]

test('.github/ as a whole and CODEOWNERS are protected by default', () => {
  const leftOut = [
    '.github/workflows/ci.yml',
    '.github/workflows/nested/deploy.yaml',
    '.github/dependabot.yml',
    '.github',
    '.github/actions/setup/action.yml',
    '.github/CODEOWNERS',
    'CODEOWNERS',
    'docs/CODEOWNERS',
  ]
  expect(splitProtected(FILES, [], false)).toEqual({
    allowed: FILES.filter((file) => !leftOut.includes(file)),
    leftOut,
  })
})

test('allow-workflow-changes lifts the default', () => {
  expect(splitProtected(FILES, [], true)).toEqual({
    allowed: FILES,
    leftOut: [],
  })
})

test.each([
  ['secrets/*.pem', ['secrets/prod.pem']],
  [
    '**/*.pem',
    ['secrets/prod.pem', 'secrets/nested/dev.pem', 'config/app.pem'],
  ],
  ['secrets/**/*.pem', ['secrets/prod.pem', 'secrets/nested/dev.pem']],
  ['deploy/', ['deploy/a/b.sh']],
  ['deploy', ['deploy/a/b.sh']],
  ['deploy/**', ['deploy/a/b.sh']],
  ['/docs/guide.md', ['docs/guide.md']],
  ['*.md', ['README.md', 'deployment.md']],
  ['deploy*', ['deploy/a/b.sh', 'deployment.md']],
  ['src/index.ts.', []],
])('pattern %s protects %j', (pattern, expected) => {
  expect(splitProtected(FILES, [pattern], true).leftOut).toEqual(expected)
})

test('patterns add to the default', () => {
  const { leftOut } = splitProtected(FILES, ['secrets/'], false)
  expect(leftOut).toEqual([
    '.github/workflows/ci.yml',
    '.github/workflows/nested/deploy.yaml',
    '.github/dependabot.yml',
    '.github',
    'secrets/prod.pem',
    'secrets/nested/dev.pem',
    '.github/actions/setup/action.yml',
    '.github/CODEOWNERS',
    'CODEOWNERS',
    'docs/CODEOWNERS',
  ])
})

test('the input takes one pattern a line or comma-separated, with comments', () => {
  expect(
    parseProtectedPaths('secrets/\n  # a comment\n**/*.pem, deploy/**\n\n'),
  ).toEqual(['secrets/', '**/*.pem', 'deploy/**'])
})
