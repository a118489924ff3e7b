import {
  checkArgumentLimits,
  MAX_ARGUMENT_BYTES,
  MAX_ARGUMENT_DEPTH,
  measureNesting,
} from '../../src/util/tool-arguments.js'

test('nesting counts brackets, not those inside strings', () => {
  expect(measureNesting('{"a":[1,{"b":2}]}')).toBe(3)
  expect(measureNesting('{"a":"[[[[{{{{\\"[["}')).toBe(1)
  expect(measureNesting('plain text')).toBe(0)
})

test('flat arguments pass; too deep or too large ones are refused with the reason', () => {
  expect(checkArgumentLimits('{"path":"a.txt","content":"[[["}')).toBe(
    undefined,
  )
  const deep = `{"path":${'['.repeat(20_000)}${']'.repeat(20_000)}}`
  expect(checkArgumentLimits(deep)).toBe(
    `The call's arguments nest 20001 levels deep; tools take a flat JSON object (at most ${MAX_ARGUMENT_DEPTH} levels). Send the call again with plain arguments.`,
  )
  const atLimit = `${'['.repeat(MAX_ARGUMENT_DEPTH)}${']'.repeat(MAX_ARGUMENT_DEPTH)}`
  expect(checkArgumentLimits(atLimit)).toBe(undefined)
  expect(checkArgumentLimits(`[${atLimit}]`)).toContain('nest 33 levels')
  const huge = JSON.stringify({ content: 'x'.repeat(MAX_ARGUMENT_BYTES) })
  expect(checkArgumentLimits(huge)).toContain(
    `more than the ${MAX_ARGUMENT_BYTES}-byte limit`,
  )
})
