// Whose data the browser keeps and when the server last confirmed it (issue #17): the rule applied
// at start to the persisted cache, the outbox and the drafts.
import { beforeEach, describe, expect, it } from 'vitest'
import {
  DEFAULT_IDLE_MS,
  forgetSessionRecord,
  forgetSignedInUserCookie,
  idleMsOf,
  judgeStoredData,
  keepsStoredChanges,
  readSessionRecord,
  recordSessionConfirmed,
  SESSION_RECORD_KEY,
  SIGNED_IN_USER_COOKIE,
  signedInUserIdFromCookie,
  type SessionRecord,
} from './session-record.ts'

const IDLE = 240 * 60_000
const NOW = Date.UTC(2026, 10, 25, 9)
const A = 7
const B = 8
const fresh: SessionRecord = { userId: A, confirmedAt: NOW - IDLE + 1000, idleMs: IDLE }
const stale: SessionRecord = { userId: A, confirmedAt: NOW - IDLE - 1000, idleMs: IDLE }

beforeEach(() => localStorage.clear())

describe('the session record', () => {
  it('keeps the user, the confirmation time and the idle limit; unreadable means none', () => {
    recordSessionConfirmed(A, IDLE, NOW)
    expect(readSessionRecord()).toEqual({ userId: A, confirmedAt: NOW, idleMs: IDLE })
    forgetSessionRecord()
    expect(readSessionRecord()).toBeNull()
    localStorage.setItem(SESSION_RECORD_KEY, '{"userId":"7"}')
    expect(readSessionRecord()).toBeNull()
  })

  it('takes the idle limit from the configuration, else the server’s default', () => {
    expect(idleMsOf({ sessionIdleMinutes: 30 })).toBe(30 * 60_000)
    expect(idleMsOf(undefined)).toBe(DEFAULT_IDLE_MS)
  })
})

describe('at start', () => {
  it('drops everything kept longer than the idle limit after the last confirmation, whoever comes', () => {
    for (const serverUser of [null, A, B]) {
      expect(judgeStoredData(stale, serverUser, NOW)).toEqual({
        restoreFor: null,
        dropChanges: true,
        dropDrafts: true,
        stale: true,
      })
    }
    expect(judgeStoredData(null, A, NOW).stale).toBe(true)
    // A clock set back is no reason to trust old data.
    expect(judgeStoredData({ ...fresh, confirmedAt: NOW + 60_000 }, A, NOW).stale).toBe(true)
  })

  it('restores the recorded user’s data within the window when they hold the session', () => {
    const kept = { restoreFor: A, dropChanges: false, dropDrafts: false, stale: false }
    expect(judgeStoredData(fresh, A, NOW)).toEqual(kept)
  })

  it('shows nothing of it when the server says nobody, but keeps the changes for the same user', () => {
    expect(judgeStoredData(fresh, null, NOW)).toEqual({
      restoreFor: null,
      dropChanges: false,
      dropDrafts: true,
      stale: false,
    })
  })

  it('drops everything of the recorded user when the server names another', () => {
    expect(judgeStoredData(fresh, B, NOW)).toEqual({
      restoreFor: null,
      dropChanges: true,
      dropDrafts: true,
      stale: false,
    })
  })
})

describe('who holds the session, from its readable companion cookie', () => {
  it('reads the user id, and nobody without the cookie or with a value that is not an id', () => {
    expect(signedInUserIdFromCookie(`XSRF-TOKEN=abc; ${SIGNED_IN_USER_COOKIE}=42; other=1`)).toBe(42)
    expect(signedInUserIdFromCookie('XSRF-TOKEN=abc')).toBeNull()
    expect(signedInUserIdFromCookie('')).toBeNull()
    expect(signedInUserIdFromCookie(`${SIGNED_IN_USER_COOKIE}=abc`)).toBeNull()
    expect(signedInUserIdFromCookie(`${SIGNED_IN_USER_COOKIE}=-3`)).toBeNull()
  })

  it('is forgotten here at a sign-out the server may not have heard', () => {
    document.cookie = `${SIGNED_IN_USER_COOKIE}=7; Path=/`
    expect(signedInUserIdFromCookie()).toBe(7)
    forgetSignedInUserCookie()
    expect(signedInUserIdFromCookie()).toBeNull()
  })
})

describe('changes stored offline at a sign-in', () => {
  it('stay for the same user within the idle window only', () => {
    expect(keepsStoredChanges(fresh, A, NOW)).toBe(true)
    expect(keepsStoredChanges(fresh, B, NOW)).toBe(false)
    expect(keepsStoredChanges(stale, A, NOW)).toBe(false)
    expect(keepsStoredChanges(null, A, NOW)).toBe(false)
  })
})
