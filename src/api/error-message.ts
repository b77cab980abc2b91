// The one error policy of the client (issue #10 "One error policy"): which French text a failed API
// call shows. The server's 4xx messages are French and meant for the user (spec §8); the API client
// already announces network failures and 5xx, and follows redirects and 401s (src/api/client.ts).
// A form shows its error in place (`apiErrorMessage`, `fieldErrorMessage`); a mutation's failure is
// notified by the query cache (src/app/query-client.ts) as its `meta` asks (`mutationErrorNotice`).
import type { z } from 'zod'
import { STALE_VERSION } from '../contracts/error-codes.ts'
import { ApiError } from './client.ts'

/** The server's French reason for a refusal: a 4xx that carries an error body; else null. */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.body === null) return null
  return error.status >= 400 && error.status < 500 ? error.body.error.message : null
}

/**
 * The message a form shows in place for a failed call: the server's reason for a refusal, the
 * network message when the server could not be reached, else the form's `fallback` (a 5xx has also
 * raised the global notification).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 0) return error.message
  return refusalMessage(error) ?? fallback
}

/** Message of one field from a 400 answer `{error: {fields}}`, if any. */
export function fieldErrorMessage(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null
  return error.body?.error.fields?.[field] ?? null
}

export type StaleRefusal<T> = { message: string; current: T | null }

/**
 * A change refused for a stale version (409 STALE_VERSION, issue #12 "Concurrency"): the server's
 * French reason and the entity as it now is (`current`, when the answer carries a valid one), for an
 * editor that keeps its draft and offers that version. Null for any other error.
 */
export function staleRefusal<T>(error: unknown, entity: z.ZodType<T>): StaleRefusal<T> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body?.error.code !== STALE_VERSION)
    return null
  const parsed = entity.safeParse((error.body as { current?: unknown }).current)
  return { message: error.body.error.message, current: parsed.success ? parsed.data : null }
}

/** The error code of the server's answer, if any (e.g. a blocking cause). */
export function errorCodeOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.body?.error.code ?? null) : null
}

/**
 * What to notify for a failed action: a refusal (4xx) the API client did not already act on shows
 * the server's reason, else `fallback` (none: nothing). Network failures, 5xx, followed redirects,
 * a 401 sent to /login and errors that are not API answers show nothing more.
 */
export function apiErrorNotice(error: unknown, fallback?: string): string | null {
  if (!(error instanceof ApiError) || error.handled) return null
  if (error.status < 400 || error.status >= 500) return null
  return refusalMessage(error) ?? fallback ?? null
}

/**
 * A mutation's error policy, in its `meta` (src/api/mutation-meta.ts). `notifyError`: `true` notifies a
 * refusal with the server's reason; a string also names the failure when the answer gives none.
 * `errorCodesShownInline`: refusals the component explains itself (not notified).
 */
export type ErrorPolicyMeta = {
  notifyError?: true | string
  errorCodesShownInline?: readonly string[]
}

/**
 * The policy of most actions: a refusal (403 without redirect, 409…) is notified with the server's
 * French reason; redirects, 401, 5xx and network failures are already handled by the API client.
 */
export const notifyRefusal = { notifyError: true } as const satisfies ErrorPolicyMeta

/** The notification a failed mutation raises under its `meta`, or null. */
export function mutationErrorNotice(error: unknown, meta: ErrorPolicyMeta | undefined): string | null {
  if (meta?.notifyError === undefined) return null
  const code = errorCodeOf(error)
  if (code !== null && meta.errorCodesShownInline?.includes(code)) return null
  return apiErrorNotice(error, meta.notifyError === true ? undefined : meta.notifyError)
}
