// Issue #30 point 4: an import gives way to agents' requests, down to its floor pace and never below;
// the requests in flight it asks about are counted from arrival to the response's end.
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import inFlightPlugin from '../../plugins/in-flight.ts'
import { createPacer } from './yield.ts'

/** A clock that moves only when the pacer sleeps (or the test says), and the pauses asked. */
function fakeClock() {
  let now = 0
  const pauses: number[] = []
  return {
    pauses,
    advance: (ms: number) => (now += ms),
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        pauses.push(ms)
        now += ms
      },
    },
  }
}

describe('the import’s pace beside agents', () => {
  it('while requests run, pauses until it is back at its floor pace, in pauses of at most 200 ms', async () => {
    const time = fakeClock()
    const pace = createPacer(5_000, async () => true, time.clock)
    time.advance(50)
    await pace(500) // 500 rows at 5,000 rows/s: 100 ms; 50 ms taken.
    expect(time.pauses).toEqual([50])
    await pace(2_000) // 2,500 rows: 500 ms; 100 ms taken.
    expect(time.pauses).toEqual([50, 200, 200])
  })

  it('goes at full speed when no request runs, and never pauses once behind its pace', async () => {
    const time = fakeClock()
    let busy = false
    const pace = createPacer(5_000, async () => busy, time.clock)
    await pace(500)
    expect(time.pauses).toEqual([])
    busy = true
    time.advance(300) // 500 rows in 300 ms: slower than 5,000 rows/s.
    await pace(500)
    expect(time.pauses).toEqual([])
  })

  it('stops pausing as soon as the requests are over', async () => {
    const time = fakeClock()
    const answers = [true, false]
    const pace = createPacer(1_000, async () => answers.shift() ?? false, time.clock)
    await pace(1_000) // one second ahead: one pause, then no request runs.
    expect(time.pauses).toEqual([200])
  })
})

describe('the requests in flight', () => {
  it('counts a request from its arrival to its answer', async () => {
    const app = Fastify()
    await app.register(inFlightPlugin)
    app.get('/count', async () => ({ during: app.requestsInFlight() }))
    await app.ready()
    expect(app.requestsInFlight()).toBe(0)
    const res = await app.inject({ url: '/count' })
    expect(res.json()).toEqual({ during: 1 })
    expect(app.requestsInFlight()).toBe(0)
    await app.close()
  })
})
