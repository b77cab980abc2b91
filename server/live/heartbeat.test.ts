// The heartbeat of the live hub (issue #3): dead peers are cut off, lapsed sessions are closed.
// Its interval is faked (and Date, advancing with real time), so 30 s beats are stepped by hand.
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { PING_INTERVAL_MS } from '../../src/contracts/live.ts'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { insertUser } from '../../tests/factories/users.ts'
import { cookieOf, openLive } from '../../tests/setup/live-client.ts'

let cookie: string

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true })
})
afterAll(() => {
  vi.useRealTimers()
})
const t = signedInServer({ resetBeforeEach: false })
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  await insertUser(t.database.db, { email: 'teleop@test.fr' })
  cookie = cookieOf(await t.signIn('teleop@test.fr'))
})

it('cuts off a peer that did not answer the previous ping, and only that one', async () => {
  const healthy = await openLive(t.app, { cookie })
  const silent = await openLive(t.app, { cookie, autoPong: false })
  await healthy.next()
  await silent.next()
  vi.advanceTimersByTime(PING_INTERVAL_MS)
  // The healthy client's pong travels before its ping message: after the pong, the server has it.
  await healthy.sync()
  vi.advanceTimersByTime(PING_INTERVAL_MS)
  expect((await silent.closed).code).toBe(1006)
  expect(await healthy.sync()).toEqual([])
  expect(t.app.live.connections()).toBe(1)
  healthy.socket.terminate()
})

it('closes the socket of a session that lapsed meanwhile (idle timeout) at the next beat', async () => {
  const client = await openLive(t.app, { cookie })
  await client.next()
  vi.setSystemTime(Date.now() + t.app.config.sessionIdleMs + 60_000)
  vi.advanceTimersByTime(PING_INTERVAL_MS)
  expect(await client.closed).toEqual({ code: 4001, reason: 'Session terminée.' })
})
