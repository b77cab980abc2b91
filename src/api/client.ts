// The API client: the only place that turns HTTP status into behaviour (conventions §3.7).
// Rules of spec §7 "Response handling for every call" and the error catalogue of spec §8.
import type { ErrorBody } from '../contracts/common.ts'
import { paths, routePatterns, safeAppPath } from '../contracts/app-paths.ts'
import { notify } from '../stores/notifications.ts'
import { isOnline, reportServerUnreachable } from '../stores/connectivity.ts'
import { errors } from '../i18n/fr/common.ts'
import { navigation } from './navigation-port.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export type ApiRequestOptions = {
  /** Defaults to GET, or POST when a body or form data is given. */
  method?: HttpMethod
  /** Sent as JSON. */
  body?: unknown
  /** Sent as multipart form data, as is (avatar upload, spec §5). */
  formData?: FormData
  signal?: AbortSignal
  /** false: a 401 is only passed on to the caller (e.g. "who am I?" on a public page). */
  redirectOn401?: boolean
  /**
   * false: a 403/404 carrying `redirect` is only passed on to the caller, which offers its own way
   * out (answering an inbound call despite a blocking cause, issue #4 "Screens").
   */
  followErrorRedirect?: boolean
  /**
   * false: a success's `redirect` is left to the caller (issue #29: an outcome followed at once by
   * the next lead's hand-out goes straight to that lead, not through /home first).
   */
  followRedirect?: boolean
  /** The request outlives the page: sent while it unloads (closing a tab on a lead sheet). */
  keepalive?: boolean
  /**
   * Sent as `Idempotency-Key` (issue #5): a change queued offline is sent again with the same key,
   * and the server applies it once.
   */
  idempotencyKey?: string
}

export type ApiErrorOptions = ErrorOptions & {
  /** The API client already acted on it; by default, a network failure or a 5xx (see `handled`). */
  handled?: boolean
}

/** A failed call: HTTP status (0 when the server could not be reached) and the error body. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly body: ErrorBody | null
  /**
   * The API client already told the user or moved them: a network failure (offline banner), a 5xx
   * (notified), a followed redirect, a 401 sent to /login. Nothing more needs showing
   * (src/api/error-message.ts).
   */
  readonly handled: boolean

  constructor(status: number, body: ErrorBody | null, options: ApiErrorOptions = {}) {
    const { handled = status === 0 || status >= 500, ...errorOptions } = options
    super(body?.error.message ?? (status === 0 ? errors.network : errors.server), errorOptions)
    this.status = status
    this.body = body
    this.handled = handled
  }
}

const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'X-XSRF-TOKEN'
const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** Pages a signed-out visitor may see (spec §2): a 401 there is not a reason to go to /login. */
const PUBLIC_PATHS: readonly string[] = [
  routePatterns.login,
  routePatterns.forgotPassword,
  routePatterns.resetPassword,
]

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const {
    body,
    formData,
    signal,
    keepalive,
    idempotencyKey,
    redirectOn401 = true,
    followErrorRedirect = true,
    followRedirect = true,
  } = options
  const method = options.method ?? (body !== undefined || formData ? 'POST' : 'GET')
  const headers = new Headers({ accept: 'application/json' })
  let payload: BodyInit | undefined
  if (formData) {
    payload = formData
  } else if (body !== undefined) {
    headers.set('content-type', 'application/json')
    payload = JSON.stringify(body)
  }
  if (method !== 'GET') {
    const token = await xsrfToken()
    if (token !== null) headers.set(XSRF_HEADER, token)
  }
  if (idempotencyKey !== undefined) headers.set(IDEMPOTENCY_HEADER, idempotencyKey)

  let response: Response
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
      ...(keepalive ? { keepalive } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    // Issue #5: the app goes offline (banner); only the first failure is also notified.
    const wasOnline = isOnline()
    reportServerUnreachable()
    if (wasOnline) notify({ kind: 'error', message: errors.network })
    throw new ApiError(0, null, { cause: error })
  }

  const data = await readJson(response)
  if (response.ok) {
    if (data === INVALID_JSON) throw new ApiError(response.status, null)
    if (followRedirect) followSuccessRedirect(data)
    return data as T
  }
  const acted = handleFailure(response.status, data, redirectOn401, followErrorRedirect)
  throw new ApiError(response.status, isErrorBody(data) ? data : null, { handled: acted })
}

/**
 * Shape check of the server's error body (conventions §3.7). A hand-written guard rather than the zod
 * schema: the API client is on every page's first load, and zod would add ~24 KB gzip to /login.
 */
function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null) return false
  const { error, redirect } = data as { error?: unknown; redirect?: unknown }
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (redirect === undefined || typeof redirect === 'string')
  )
}

/** msw and any non-browser runtime need absolute URLs; in the browser this is the page's origin. */
function apiUrl(path: string): URL {
  return new URL(path, window.location.origin)
}

const INVALID_JSON = Symbol('invalid JSON')

async function readJson(response: Response): Promise<unknown> {
  const text = response.status === 204 ? '' : await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return INVALID_JSON
  }
}

function redirectOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('redirect' in data)) return null
  const { redirect } = data
  // Only paths of this app: a body must never send the user to another site ('//x', '/\\x', …).
  return typeof redirect === 'string' ? safeAppPath(redirect) : null
}

/** Spec §2: reload when the redirect is the current route, navigate otherwise. */
export function followSuccessRedirect(data: unknown): void {
  const redirect = redirectOf(data)
  if (redirect === null) return
  const { currentRoute, navigateTo, reloadPage } = navigation()
  if (redirect === currentRoute()) reloadPage()
  else navigateTo(redirect)
}

/** Redirects, 401 and 5xx (spec §7, §8). Returns whether the user was moved or told. */
function handleFailure(
  status: number,
  data: unknown,
  redirectOn401: boolean,
  followErrorRedirect: boolean,
): boolean {
  const redirect = followErrorRedirect ? redirectOf(data) : null
  const { currentRoute, navigateTo } = navigation()
  if ((status === 403 || status === 404) && redirect !== null) {
    navigateTo(redirect)
  } else if (status === 401 && redirectOn401 && !PUBLIC_PATHS.includes(window.location.pathname)) {
    navigateTo(paths.login(currentRoute()))
  } else if (status >= 500) {
    notify({ kind: 'error', message: errors.server })
  } else {
    return false
  }
  return true
}

function readXsrfCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === XSRF_COOKIE) return decodeURIComponent(value.join('='))
  }
  return null
}

let priming: Promise<void> | null = null

/**
 * The XSRF cookie is set by the server on any response to a client that lacks it; when it is
 * missing (first visit), one shared GET /api/user/me obtains it. Its answer is irrelevant here.
 */
export async function xsrfToken(): Promise<string | null> {
  const token = readXsrfCookie()
  if (token !== null) return token
  priming ??= fetch(apiUrl('/api/user/me'), {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then(
      (response) => response.body?.cancel(),
      () => undefined,
    )
    .finally(() => {
      priming = null
    })
  await priming
  return readXsrfCookie()
}

/**
 * What apiRequest does with a failed answer, for a request sent without fetch: the lead-file upload
 * (src/api/upload.ts) needs XMLHttpRequest's upload progress events. Status 0: not reached.
 */
export function apiFailure(status: number, data: unknown): ApiError {
  if (status === 0) {
    const wasOnline = isOnline()
    reportServerUnreachable()
    if (wasOnline) notify({ kind: 'error', message: errors.network })
    return new ApiError(0, null)
  }
  const acted = handleFailure(status, data, true, true)
  return new ApiError(status, isErrorBody(data) ? data : null, { handled: acted })
}
