import { readdirSync, readFileSync } from 'node:fs'
import { answer, everythingSentToModel } from '../helpers/e2e.js'
import type {
  LlmServer,
  RecordedRequest,
  Reply,
} from '../helpers/llm-server.js'
import { TEST_API_KEY, TEST_GITHUB_TOKEN } from '../helpers/run-action.js'

/**
 * Shared pieces of the attacker end-to-end tests: a leak detector written
 * independently of the action's own secret guard (so a bug there cannot hide
 * a leak here), and replies of a model that reads what its tools found and
 * tries to get it out.
 */

export const SECRETS: Record<string, string> = {
  'API key': TEST_API_KEY,
  'GitHub token': TEST_GITHUB_TOKEN,
}

// Whitespace, controls (NUL: UTF-16) and every invisible character (format
// and default-ignorable) an attacker can slip between characters.
const SEPARATORS = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu

/**
 * Base64 of `secret` as it appears inside any longer encoded text (it may
 * start at any of three byte offsets): the characters that depend only on
 * the secret's bytes, standard and URL-safe alphabets.
 */
function base64Forms(secret: string): string[] {
  const forms: string[] = []
  for (let offset = 0; offset < 3; offset++) {
    const bytes = Buffer.concat([Buffer.alloc(offset), Buffer.from(secret)])
    const encoded = bytes.toString('base64').replace(/=+$/, '')
    const stable = encoded.slice(Math.ceil((offset * 8) / 6), -1)
    forms.push(stable, stable.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return forms
}

/** Runs of `%XX` decoded as UTF-8 bytes, whatever they encode. */
function decodePercentRuns(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) =>
    Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8'),
  )
}

/**
 * Names of the secrets `text` carries, raw, URL-encoded (any bytes) or
 * base64 (at any alignment, so also inside `x-access-token:<token>`), even
 * when split by whitespace, controls or invisible characters. [] when it
 * carries none.
 */
export function findSecrets(text: string): string[] {
  const squeezed = decodePercentRuns(text).replace(SEPARATORS, '')
  const found: string[] = []
  for (const [name, secret] of Object.entries(SECRETS)) {
    const forms = [secret, encodeURIComponent(secret), ...base64Forms(secret)]
    if (forms.some((form) => squeezed.includes(form))) found.push(name)
  }
  return found
}

/**
 * The step log as a public reader sees it: the runner masks each registered
 * secret raw, URL-encoded and base64-encoded (at every alignment), not more.
 */
export function maskLikeRunner(log: string): string {
  let masked = log
  for (const secret of Object.values(SECRETS)) {
    for (const form of [
      secret,
      encodeURIComponent(secret),
      ...base64Forms(secret),
    ]) {
      masked = masked.split(form).join('***')
    }
  }
  return masked
}

/** Everything the model server was sent carries no secret in any form. */
export function expectModelSawNoSecret(llm: LlmServer): void {
  expect(findSecrets(everythingSentToModel(llm))).toEqual([])
}

/** The `content` of every tool message in an OpenAI request, in order. */
export function toolResultsIn(request: RecordedRequest): string[] {
  const body = request.body as {
    messages: { role: string; content: unknown }[]
  }
  return body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => String(message.content))
}

/** The tool results the model was sent in its latest request. */
export function lastToolResultsSent(llm: LlmServer): string[] {
  return toolResultsIn(llm.requests.at(-1)!)
}

/** The API key as the model server received it, in its own request. */
export function keyFrom(request: RecordedRequest): string {
  return request.headers.authorization.replace(/^Bearer /, '')
}

/**
 * The attacker's last move: it answers with everything its tools returned,
 * so whatever it found would be published in the reply and the outputs.
 */
export function exfiltrateToolResults(request: RecordedRequest): Reply {
  return answer(
    `Here is what I found:\n${toolResultsIn(request).join('\n---\n')}`,
  )
}

/**
 * Processes on this machine whose command line contains `needle` (the test
 * looks from outside every sandbox, with its own /proc).
 */
export function findProcesses(needle: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    let commandLine: string
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
    } catch {
      continue // exited while we looked
    }
    const words = commandLine.split('\0').join(' ').trim()
    if (words.includes(needle)) found.push(`${entry}: ${words}`)
  }
  return found
}
