import {
  costOf,
  findModelPrice,
  parsePricing,
} from '../../src/engine/pricing.js'

test('a model is priced by its exact name or a dated snapshot of it', () => {
  expect(findModelPrice('claude-sonnet-4-5')).toEqual({
    input: 3,
    cachedInput: 0.3,
    cacheWrite: 3.75,
    output: 15,
  })
  expect(findModelPrice('claude-sonnet-4-5-20250929')).toEqual(
    findModelPrice('claude-sonnet-4-5'),
  )
  expect(findModelPrice('gpt-4.1-2025-04-14')).toEqual(
    findModelPrice('gpt-4.1'),
  )
  expect(findModelPrice('GPT-4.1')).toEqual(findModelPrice('gpt-4.1'))
})

test('a variant never takes the price of its base model', () => {
  expect(findModelPrice('gpt-4.1-mini')?.input).toBe(0.4)
  expect(findModelPrice('gpt-4.1-mini-2025-04-14')?.input).toBe(0.4)
  expect(findModelPrice('gpt-4.1-turbo-preview')).toBeUndefined()
  expect(findModelPrice('qwen2.5-coder')).toBeUndefined()
  expect(findModelPrice('')).toBeUndefined()
})

test('cost counts plain, cached, cache-written and output tokens at their rates', () => {
  const price = { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 }
  // 1M input of which 600k read from cache and 100k written; 100k output.
  const cost = costOf(
    {
      inputTokens: 1_000_000,
      cachedInputTokens: 600_000,
      cacheWriteInputTokens: 100_000,
      outputTokens: 100_000,
    },
    price,
  )
  expect(cost).toBeCloseTo(0.3 * 3 + 0.6 * 0.3 + 0.1 * 3.75 + 0.1 * 15, 10)
})

test('pricing text overrides a base price key by key', () => {
  const base = { input: 2, cachedInput: 0.5, cacheWrite: 2, output: 8 }
  expect(parsePricing('output=9', base)).toEqual({ ...base, output: 9 })
  expect(
    parsePricing(
      'input=3, output=15,\ncache-read=0.3,cache-write=3.75',
      undefined,
    ),
  ).toEqual({ input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 })
})

test('pricing text without a base needs input and output', () => {
  expect(() => parsePricing('input=1')).toThrow(
    'both input= and output= are needed for a model without a built-in price',
  )
  expect(() => parsePricing('input=-1,output=2')).toThrow(
    "'input=-1' is not a price",
  )
  expect(() => parsePricing('inptu=1,output=2')).toThrow(
    "'inptu=1' is not a price",
  )
})
