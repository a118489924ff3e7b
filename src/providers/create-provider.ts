import type { AdapterOptions } from './api-provider.js'
import type { LLMProvider } from './provider.js'

/** A provider's adapter class, built from the options every adapter takes. */
export type ProviderAdapter = new (options: AdapterOptions) => LLMProvider

/** One provider: how it is named, configured and loaded. */
export interface ProviderRow {
  /** The `provider` input and `--provider` value. */
  name: string
  /** How a sentence names it ("OpenAI API key missing"). */
  label: string
  keyVariable: string
  baseUrlVariable: string
  defaultModel: string
  /** The action takes an `api-key` starting with this for this provider's. */
  keyPrefix?: string
  /**
   * The adapter, by dynamic `import()`: ncc makes one chunk per import, so a
   * run parses only the SDK of the provider it uses.
   */
  load: () => Promise<ProviderAdapter>
}

/**
 * Every provider, in the order a key in the environment is looked for.
 * Adding one is its adapter file(s) and a row here.
 */
export const PROVIDER_TABLE = [
  {
    name: 'openai',
    label: 'OpenAI',
    keyVariable: 'OPENAI_API_KEY',
    baseUrlVariable: 'OPENAI_BASE_URL',
    defaultModel: 'gpt-4.1',
    load: async (): Promise<ProviderAdapter> =>
      (await import('./openai.js')).OpenAIProvider,
  },
  {
    name: 'anthropic',
    label: 'Anthropic',
    keyVariable: 'ANTHROPIC_API_KEY',
    baseUrlVariable: 'ANTHROPIC_BASE_URL',
    defaultModel: 'claude-sonnet-4-6',
    keyPrefix: 'sk-ant-',
    load: async (): Promise<ProviderAdapter> =>
      (await import('./anthropic.js')).AnthropicProvider,
  },
] as const satisfies readonly ProviderRow[]

/** A name from the table: what `provider` and `--provider` accept. */
export type ProviderName = (typeof PROVIDER_TABLE)[number]['name']

const PROVIDER_NAMES: readonly ProviderName[] = PROVIDER_TABLE.map(
  (row) => row.name,
)

/** Whether `value` (an input, an argument) names a provider of the table. */
export function isProviderName(value: string): value is ProviderName {
  return PROVIDER_NAMES.some((name) => name === value)
}

/** The row of `name`; the type guarantees there is one. */
export function providerRow(name: ProviderName): ProviderRow {
  const row = PROVIDER_TABLE.find((candidate) => candidate.name === name)
  if (!row) throw new Error(`Unknown provider '${name}'`)
  return row
}

/** One fact of every row as a sentence's list: "a or b", "a, b or c". */
export function listProviders(describe: (row: ProviderRow) => string): string {
  const words = PROVIDER_TABLE.map(describe)
  const last = words.pop() ?? ''
  return words.length === 0 ? last : `${words.join(', ')} or ${last}`
}

/** The adapters' options, with the provider to build and its default model. */
export interface CreateProviderOptions extends Omit<
  AdapterOptions,
  'model' | 'env'
> {
  provider: ProviderName
  /** Defaults to the provider's default model. */
  model?: string
  /** The environment (or a dict): the only place keys and URLs are read. */
  env: Readonly<Record<string, string | undefined>>
}

/** The provider for `options.provider`, its adapter loaded from its row. */
export async function createProvider(
  options: CreateProviderOptions,
): Promise<LLMProvider> {
  const { provider, model, ...shared } = options
  const row = providerRow(provider)
  const Adapter = await row.load()
  return new Adapter({ ...shared, model: model || row.defaultModel })
}

/**
 * The first provider in the table whose key is set, if any. An empty value
 * counts as unset, as an undefined Actions secret arrives as ''.
 */
export function findConfiguredProvider(
  env: Readonly<Record<string, string | undefined>>,
): ProviderName | undefined {
  return PROVIDER_TABLE.find((row) => env[row.keyVariable])?.name
}

/** The first provider whose key is set, else an error naming every key. */
export function detectProvider(
  env: Readonly<Record<string, string | undefined>>,
): ProviderName {
  const name = findConfiguredProvider(env)
  if (name) return name
  throw new Error(
    `No API key found: set ${listProviders((each) => each.keyVariable)}.`,
  )
}
