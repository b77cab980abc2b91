// The one error type the domain throws for a refusal; the error handler turns it into
// { error: { code, message, fields? }, redirect? } (conventions §3.7).
import { messages } from './messages.ts'

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> }
  redirect?: string
  /** A stale version's 409: the entity as it is now (server/lib/optimistic-concurrency.ts). */
  current?: unknown
}

export class HttpError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly redirect: string | undefined
  readonly fields: Record<string, string> | undefined
  /** Sent as the Retry-After header (429). */
  readonly retryAfterSeconds: number | undefined
  /** Sent as the body's `current` (a stale version's 409). */
  readonly current: unknown
  /** Fields of the body beside `error`, for a refusal that says more (409 STRANDED_LEADS's steps). */
  readonly extraBody: Record<string, unknown> | undefined

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: {
      redirect?: string
      fields?: Record<string, string>
      retryAfterSeconds?: number
      current?: unknown
      extraBody?: Record<string, unknown>
    } = {},
  ) {
    super(message)
    this.statusCode = statusCode
    this.code = code
    this.redirect = extra.redirect
    this.fields = extra.fields
    this.retryAfterSeconds = extra.retryAfterSeconds
    this.current = extra.current
    this.extraBody = extra.extraBody
  }
}

export const errors = {
  unauthenticated: () => new HttpError(401, 'UNAUTHENTICATED', 'Vous devez être connecté.'),
  forbidden: (message = 'Vous n’avez pas les droits nécessaires pour cette action.') =>
    new HttpError(403, 'FORBIDDEN', message),
  notFound: (message: string = messages.resourceNotFound) => new HttpError(404, 'NOT_FOUND', message),
  conflict: (message: string) => new HttpError(409, 'CONFLICT', message),
  invalid: (message: string, fields?: Record<string, string>) =>
    new HttpError(400, 'VALIDATION_ERROR', message, fields ? { fields } : {}),
  /**
   * A rate limit of a guessable route (sign-in, forgotten password, subscription change); with the
   * wait known, the message says it in minutes and Retry-After in seconds.
   */
  tooManyAttempts: (retryAfterMs?: number) => {
    if (retryAfterMs === undefined)
      return new HttpError(429, 'TOO_MANY_ATTEMPTS', 'Trop de tentatives. Réessayez dans quelques minutes.')
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
    const wait = minutes === 1 ? 'une minute' : `${minutes} minutes`
    return new HttpError(429, 'TOO_MANY_ATTEMPTS', `Trop de tentatives. Réessayez dans ${wait}.`, {
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    })
  },
}
