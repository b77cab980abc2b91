// Issue #26 point 7: a GET has no side effect. Every GET route the app registers is called by an
// administrator (and the teleoperator for the agents' own routes), and no statement that writes
// (insert, update, delete) may run while it is answered — as SMS templates once were written on
// first read. Each SQL statement's text is read where the database layer times it
// (server/lib/query-timings.ts). The one write any request may make is the session's own bookkeeping
// (`last_seen_at`, at most once a minute: server/lib/session-store.ts), which is not the route's.
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'

const t = signedInServer({ users: { admin: { role: 'ADMIN' }, teleop: {} } })

/** A statement that changes rows, a CTE's included (a `select … for update` only locks). */
const WRITES = /\b(?:insert\s+into|delete\s+from|merge\s+into|update\s+\S+\s+set)\b/i

const SESSION_TOUCH = /^update "sessions" set "last_seen_at"/

/** A concrete URL for a route pattern (an optional parameter left out). */
function urlOf(pattern: string): string {
  return pattern
    .replace(/\/:[A-Z]+\?$/i, '')
    .replace(/:preferenceKey/, 'badges')
    .replace(/:entity/, 'team')
    .replace(/:key/, 'missed-call')
    .replace(/:search/, 'dupont')
    .replace(/:[A-Z]+/gi, '1')
}

describe('GET routes (issue #26)', () => {
  it('write nothing while they answer', async () => {
    const timings = t.database.timings
    expect(timings).toBeDefined()
    const written: string[] = []
    let current: string | null = null
    const record = timings!.record
    timings!.record = (text, ms) => {
      if (current !== null && WRITES.test(text) && !SESSION_TOUCH.test(text))
        written.push(`${current}: ${text.slice(0, 120)}`)
      record(text, ms)
    }
    let answered = 0
    try {
      const reads = t.app.declaredRoutes().filter((route) => route.method === 'GET')
      expect(reads.length).toBeGreaterThan(50)
      for (const route of reads) {
        const caller = Array.isArray(route.access) && !route.access.includes('ADMIN') ? 'teleop' : 'admin'
        current = `GET ${route.url}`
        const response = await t.agents[caller].request({ url: urlOf(route.url) })
        current = null
        if (response.statusCode === 200) answered += 1
      }
    } finally {
      timings!.record = record
    }
    expect(written).toEqual([])
    // Most of them answered, so their reads did run.
    expect(answered).toBeGreaterThan(40)
  })
})
