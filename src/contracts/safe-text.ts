// Text inputs refuse control characters (issue #17): a NUL byte is invalid in PostgreSQL text and
// jsonb (a 500 there), and no field of the app has a use for the others. Single-line fields refuse
// every control character (C0, DEL, C1); multi-line fields (comments) keep tab, line feed and
// carriage return. A linear scan, no regular expression. Used by the zod contracts, which only the
// server loads (the client imports their zod-free parts).
import { z } from 'zod'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from './control-characters.ts'

// The check itself is zod-free (./control-characters.ts) so zod/mini forms can use it too.
export { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter }

/** A string without control characters (tab and line breaks allowed when `multiline`). */
export function safeText({ multiline = false }: { multiline?: boolean } = {}) {
  return z.string().refine((value) => !hasControlCharacter(value, multiline), {
    error: CONTROL_CHARACTERS_MESSAGE,
  })
}

/** Whether any string in a JSON value (keys included) holds a control character. */
export function hasControlCharacterDeep(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacter(value, true)
  if (value === null || typeof value !== 'object') return false
  // Deeper than any real payload: refused rather than walked (no unbounded recursion).
  if (depth > 32) return true
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value)
  return entries.some(([key, item]) => hasControlCharacter(key) || hasControlCharacterDeep(item, depth + 1))
}

/** A free-form JSON object (tag details) whose strings obey the multi-line rule, keys the single-line one. */
export function safeRecord() {
  return z
    .record(safeText(), z.unknown())
    .refine((value) => !hasControlCharacterDeep(value), { error: CONTROL_CHARACTERS_MESSAGE })
}
