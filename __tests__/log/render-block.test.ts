import {
  formatField,
  LOG_INDENT,
  renderBlock,
} from '../../src/log/render-block.js'

const AT = Date.UTC(2026, 3, 29, 15, 11, 30)

describe('renderBlock', () => {
  test('is one string: header, indented body, final newline', () => {
    const text = renderBlock({
      at: AT,
      turn: 3,
      label: '工具启动',
      fields: ['tool=bash', 'id=call_1'],
      body: ['arguments:', '  {}'],
    })
    expect(LOG_INDENT).toBe('        ')
    expect(text).toBe(
      '2026/04/29 15:11:30 [engine] Turn 3 │ 工具启动 │ tool=bash id=call_1\n' +
        '        arguments:\n' +
        '          {}\n',
    )
  })

  test('has no Turn for engine-wide blocks and no bar without fields', () => {
    expect(renderBlock({ at: AT, label: 'loop end', fields: [] })).toBe(
      '2026/04/29 15:11:30 [engine] loop end\n',
    )
  })
})

describe('formatField', () => {
  test('writes plain values bare', () => {
    expect(formatField('tool', 'read_file')).toBe('tool=read_file')
    expect(formatField('turns', 3)).toBe('turns=3')
    expect(formatField('ok', false)).toBe('ok=false')
  })

  test.each([
    ['', '""'],
    ['my repo', '"my repo"'],
    ['a=b', '"a=b"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['two\nlines', '"two\\nlines"'],
    ['bar│bar', '"bar│bar"'],
  ])('quotes %j so the header stays one unambiguous line', (value, shown) => {
    expect(formatField('key', value)).toBe(`key=${shown}`)
  })
})
