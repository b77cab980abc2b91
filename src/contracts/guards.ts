// Hand-written checks of untrusted JSON, for the modules that must not load zod (the live modules of
// every private page, the service worker): a handful of fields does not need a validation library.

/** PostgreSQL `integer` ids. */
export const MAX_ID = 2_147_483_647

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID
}

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max
}
