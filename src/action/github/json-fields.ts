/**
 * Small guards for JSON from GitHub (event payloads, REST answers): read a
 * field of an `unknown` value without trusting its shape.
 */

export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The object at `key`, or undefined when it is missing or not an object. */
export function readObject(
  value: unknown,
  key: string,
): JsonObject | undefined {
  if (!isJsonObject(value)) return undefined
  const field = value[key]
  return isJsonObject(field) ? field : undefined
}

/** The string at `key`, or undefined when it is missing or not a string. */
export function readString(value: unknown, key: string): string | undefined {
  if (!isJsonObject(value)) return undefined
  const field = value[key]
  return typeof field === 'string' ? field : undefined
}

/** The finite number at `key`, or undefined. */
export function readNumber(value: unknown, key: string): number | undefined {
  if (!isJsonObject(value)) return undefined
  const field = value[key]
  return typeof field === 'number' && Number.isFinite(field) ? field : undefined
}
