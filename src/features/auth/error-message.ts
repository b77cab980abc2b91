// Which text an auth form shows for a failed call. The server's 4xx messages are French and meant
// for the user (wrong credentials, inactive account, too many attempts); anything else gets the
// form's own fallback (a 500 already raised the global notification, spec §8).
import { ApiError } from '../../api/client.ts'

export function errorMessageOf(error: Error | null, fallback: string): string | null {
  if (error === null) return null
  if (error instanceof ApiError && error.status === 0) return error.message
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body) {
    return error.body.error.message
  }
  return fallback
}

/** Message of one field from a 400 answer `{error: {fields}}`, if any. */
export function fieldErrorOf(error: Error | null, field: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null
  return error.body?.error.fields?.[field] ?? null
}
