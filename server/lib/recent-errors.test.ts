// Issue #15 "/dev/monitor": the errors of the last hour forget what is older than an hour, and the
// messages kept say what failed without a person's data or a secret.
import { describe, expect, it } from 'vitest'
import { createRecentErrors, scrubbedMessage } from './recent-errors.ts'

describe('recent errors', () => {
  it('counts by method, route and status over the last hour only, and keeps the last ten messages', () => {
    let now = Date.parse('2026-11-26T10:00:00Z')
    const errors = createRecentErrors(() => now)
    errors.count('GET', '/api/lead/:id', 404)
    now += 30 * 60_000
    errors.count('GET', '/api/lead/:id', 404)
    errors.count('POST', '/api/call/start', 500)
    for (let i = 0; i < 12; i += 1) errors.remember('POST', '/api/call/start', new Error(`boom ${i}`))
    expect(errors.read().total).toBe(3)
    expect(errors.read().recent).toHaveLength(10)
    expect(errors.read().recent[0]!.message).toBe('Error: boom 11')
    now += 45 * 60_000
    // 11:15: the 10:00 refusal is forgotten, the 10:30 ones are kept.
    expect(errors.read().byRoute).toEqual([
      { method: 'GET', route: '/api/lead/:id', status: 404, count: 1 },
      { method: 'POST', route: '/api/call/start', status: 500, count: 1 },
    ])
    now += 60 * 60_000
    expect(errors.read()).toEqual({ total: 0, byRoute: [], recent: [] })
  })

  it('scrubs e-mail addresses, phone numbers, quoted and key values, and long tokens', () => {
    const message = scrubbedMessage(
      new Error(
        'duplicate key value violates unique constraint "users_email_key"\nDETAIL: Key (email)=(jeanne@exemple.fr)',
      ),
    )
    expect(message).toBe('Error: duplicate key value violates unique constraint …')
    expect(
      scrubbedMessage(new TypeError("Cannot call +33 6 12 34 56 78 for 'Jeanne Durand' (jeanne@exemple.fr)")),
    ).toBe('TypeError: Cannot call [n] for … [e-mail]')
    expect(scrubbedMessage(new Error('token abcdefghijklmnopqrstuvwxyz012345 refused'))).toBe(
      'Error: token […] refused',
    )
    expect(scrubbedMessage(new Error('Key (id)=(42) missing'))).toBe('Error: Key (id)=(…) missing')
  })
})
