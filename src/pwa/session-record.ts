// Whose data this browser keeps, and when the server last confirmed that user's session (issue #17,
// docs/domain.md "Offline"): the user id, the time of the last successful answer of `me` (or of the
// server's page, or a sign-in) and the server's idle limit then. At start, persisted data is shown
// only within that idle window, and only to that user; the outbox of a lapsed session is kept only
// for the same user signing in again within it. Kept in localStorage: read synchronously before
// the first render, and small.

export type SessionRecord = {
  userId: number
  /** When the server last confirmed the session (ms since the epoch). */
  confirmedAt: number
  /** The server's session idle limit at that time. */
  idleMs: number
}

export const SESSION_RECORD_KEY = 'centre-appels-session'
/** The server's default (SESSION_IDLE_MINUTES), for a configuration that does not say. */
export const DEFAULT_IDLE_MS = 240 * 60_000

type RecordStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function defaultStorage(): RecordStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function isRecord(value: unknown): value is SessionRecord {
  if (typeof value !== 'object' || value === null) return false
  const { userId, confirmedAt, idleMs } = value as Record<string, unknown>
  return typeof userId === 'number' && typeof confirmedAt === 'number' && typeof idleMs === 'number'
}

export function readSessionRecord(storage = defaultStorage()): SessionRecord | null {
  try {
    const raw = storage?.getItem(SESSION_RECORD_KEY)
    if (!raw) return null
    const value: unknown = JSON.parse(raw)
    return isRecord(value) ? value : null
  } catch {
    return null
  }
}

export function recordSessionConfirmed(
  userId: number,
  idleMs: number,
  now = Date.now(),
  storage = defaultStorage(),
): void {
  const record: SessionRecord = { userId, confirmedAt: now, idleMs }
  try {
    storage?.setItem(SESSION_RECORD_KEY, JSON.stringify(record))
  } catch {
    // Storage full or disabled: nothing is trusted at the next start (nothing is restored).
  }
}

export function forgetSessionRecord(storage = defaultStorage()): void {
  try {
    storage?.removeItem(SESSION_RECORD_KEY)
  } catch {
    // Storage disabled: there is nothing to forget.
  }
}

/** The recorded session was confirmed within the idle limit (a clock moved back counts as stale). */
export function isWithinIdleWindow(record: SessionRecord | null, now = Date.now()): record is SessionRecord {
  if (!record) return false
  const age = now - record.confirmedAt
  return age >= 0 && age <= record.idleMs
}

/**
 * Whether `userId`, whose session starts now, gets back the changes stored offline under their id:
 * only when they are the recorded user and their last confirmation is within the idle window
 * (a browser closed and reopened, a session ended early). Anyone else's, or later, are dropped.
 */
export function keepsStoredChanges(record: SessionRecord | null, userId: number, now = Date.now()): boolean {
  return isWithinIdleWindow(record, now) && record.userId === userId
}

/** The idle limit a configuration gives, or the server's default when it does not say. */
export function idleMsOf(config: { sessionIdleMinutes?: number } | null | undefined): number {
  const minutes = config?.sessionIdleMinutes
  return typeof minutes === 'number' && minutes > 0 ? minutes * 60_000 : DEFAULT_IDLE_MS
}

/** What the start of the app does with what the browser kept (before anything renders). */
export type StoredDataVerdict = {
  /** Whose persisted query cache may be restored; null: none, and it is dropped. */
  restoreFor: number | null
  /** Drop every change stored offline (stale, or another user's session now). */
  dropChanges: boolean
  /** Drop the outcome drafts (nobody's session goes on). */
  dropDrafts: boolean
  /** Forget the record and empty the worker's user caches too (stale). */
  stale: boolean
}

/**
 * The rule at start (issue #17). `holderId` is who holds this browser's session: the user the
 * server's page names, or when the service worker served the page, the session's readable companion
 * cookie (`signedInUserIdFromCookie`); null: nobody (the browser was closed on a session cookie, the
 * session ended, or a sign-out made offline waits for the server).
 * - A record older than the idle limit (or none): everything is dropped, whoever comes.
 * - The recorded user holds the session: their data stays (a reload, offline too).
 * - Nobody: the cache and drafts go; the outbox waits for the same user to sign in again within the
 *   window (`keepsStoredChanges`).
 * - Another user: everything of the recorded one goes.
 */
export function judgeStoredData(
  record: SessionRecord | null,
  holderId: number | null,
  now = Date.now(),
): StoredDataVerdict {
  if (!isWithinIdleWindow(record, now))
    return { restoreFor: null, dropChanges: true, dropDrafts: true, stale: true }
  if (holderId === record.userId)
    return { restoreFor: record.userId, dropChanges: false, dropDrafts: false, stale: false }
  if (holderId === null) return { restoreFor: null, dropChanges: false, dropDrafts: true, stale: false }
  return { restoreFor: null, dropChanges: true, dropDrafts: true, stale: false }
}

/** The session cookie's companion (server/lib/session-cookies.ts COOKIE.signedInUser): same name here. */
export const SIGNED_IN_USER_COOKIE = 'signed-in-user'

/**
 * Whose session this browser still holds, read from the readable cookie that lives and dies with the
 * HttpOnly session cookie: null when there is none (the browser was closed on a session cookie, or
 * signed out). No request: a page the service worker served, offline or not, knows at once.
 */
export function signedInUserIdFromCookie(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): number | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.split('=', 2)
    if (name?.trim() !== SIGNED_IN_USER_COOKIE) continue
    const id = Number(value?.trim())
    return Number.isSafeInteger(id) && id > 0 ? id : null
  }
  return null
}

/** Forgets the cookie here (a sign-out the server may not have heard: offline, or a 401 lapse). */
export function forgetSignedInUserCookie(): void {
  if (typeof document !== 'undefined')
    document.cookie = `${SIGNED_IN_USER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
}
