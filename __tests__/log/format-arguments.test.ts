import {
  ARG_INLINE_THRESHOLD,
  formatArguments,
  reformatJson,
} from '../../src/log/format-arguments.js'

describe('formatArguments', () => {
  test('the threshold is the design value', () => {
    expect(ARG_INLINE_THRESHOLD).toBe(80)
  })

  test('does not HTML-escape & < > in inline arguments', () => {
    const lines = formatArguments('{"command":"a && b < c > d"}')
    expect(lines).toEqual(['arguments: {"command":"a && b < c > d"}'])
  })

  test('counts bytes, not characters, against the threshold', () => {
    // 78 characters but 81 bytes: three é take two bytes each.
    const raw = JSON.stringify({ command: 'é'.repeat(3) + 'x'.repeat(61) })
    expect(raw.length).toBe(78)
    expect(Buffer.byteLength(raw)).toBe(81)
    expect(formatArguments(raw)[0]).toBe('arguments:')
  })

  test('measures the compact form, not the raw spacing', () => {
    const raw = `{\n    "command":   "${'x'.repeat(66)}"\n}`
    expect(raw.length).toBeGreaterThan(80)
    expect(formatArguments(raw)).toEqual([
      `arguments: {"command":"${'x'.repeat(66)}"}`,
    ])
  })

  test('pretty lines sit two spaces under the arguments line', () => {
    const lines = formatArguments(JSON.stringify({ command: 'x'.repeat(80) }))
    expect(lines).toEqual([
      'arguments:',
      '  {',
      `    "command": "${'x'.repeat(80)}"`,
      '  }',
    ])
  })

  test('shows the tokens the model sent, not a re-serialised value', () => {
    const lines = formatArguments('{"2": 1.0, "1": "\\u0026", "2": 3}')
    expect(lines).toEqual(['arguments: {"2":1.0,"1":"\\u0026","2":3}'])
  })

  test('invalid JSON is shown raw, never reformatted', () => {
    expect(formatArguments('{"a": 1,}')).toEqual([
      'arguments (invalid JSON): {"a": 1,}',
    ])
  })

  test('a non-object JSON value is still valid', () => {
    expect(formatArguments(' "just text" ')).toEqual(['arguments: "just text"'])
  })
})

describe('reformatJson', () => {
  test('keeps tokens verbatim where JSON.stringify would change them', () => {
    const raw = '{"b": 1.0, "1": 12345678901234567890, "b": "\\u0026"}'
    expect(reformatJson(raw, null)).toBe(
      '{"b":1.0,"1":12345678901234567890,"b":"\\u0026"}',
    )
  })

  test('leaves whitespace, brackets and escaped quotes inside strings alone', () => {
    const raw = '{ "text" : "a , b : [ { \\" } ] \\\\" }'
    expect(reformatJson(raw, null)).toBe('{"text":"a , b : [ { \\" } ] \\\\"}')
  })

  test('indents nested containers and keeps empty ones on one line', () => {
    const raw = '{"list":[1,[ ],{ }],"object":{"key":null}}'
    expect(reformatJson(raw, '  ')).toBe(
      [
        '{',
        '  "list": [',
        '    1,',
        '    [],',
        '    {}',
        '  ],',
        '  "object": {',
        '    "key": null',
        '  }',
        '}',
      ].join('\n'),
    )
  })

  test('arguments nested too deep are not indented, only previewed on one line', () => {
    const deep = `{"path":${'['.repeat(20_000)}${']'.repeat(20_000)}}`
    const lines = formatArguments(deep)
    expect(lines).toEqual([
      `arguments (${deep.length} characters or over 32 levels deep, refused; first 200): ${deep.slice(0, 200)}`,
    ])
  })
})
