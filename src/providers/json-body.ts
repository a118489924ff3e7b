/**
 * The JSON text of a request whose `messages` grow by a few each turn, the
 * same bytes as `JSON.stringify(request)`: each message is encoded the first
 * time it is sent and its text reused after (a message is never changed once
 * built: openai-convert.ts caches it per history entry), the rest of the
 * request every time. Encoding the whole history each turn was the largest
 * per-turn cost that grew with the run, and the SDK's encoder runs a
 * replacer function over every field of it.
 */
export function encodeWithMessagesOnce(
  request: Readonly<{ messages: readonly object[]; [field: string]: unknown }>,
): string {
  const head = JSON.stringify({ ...request, messages: PLACE })
  // A JSON string cannot hold an unescaped quote, so this is only ever the
  // key itself, whatever the other fields say.
  const at = head.indexOf(PLACE_JSON)
  const messages = request.messages.map(encodeOnce).join(',')
  return `${head.slice(0, at)}"messages":[${messages}]${head.slice(at + PLACE_JSON.length)}`
}

const PLACE = '\u0000messages\u0000'
const PLACE_JSON = `"messages":${JSON.stringify(PLACE)}`

const encoded = new WeakMap<object, string>()

function encodeOnce(message: object): string {
  let text = encoded.get(message)
  if (text === undefined) {
    text = JSON.stringify(message)
    encoded.set(message, text)
  }
  return text
}
