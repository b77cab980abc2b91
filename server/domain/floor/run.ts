// One run of the simulated floor (issue #15): what its virtual agents share — the app (signals), the
// call context of the agents' routes, the simulator, the settings read at start, the counters, and
// the floor's time (every wait scaled by 1/speed and the configured time scale, cut short by stop).
import type { FastifyInstance } from 'fastify'
import type { FloorCounters, SimulatorSettings } from '../../../src/contracts/dev-floor.ts'
import type { Db } from '../../db/client.ts'
import type { Telephony } from '../calls/telephony.ts'
import type { Simulator } from '../../telephony/provider.ts'
import type { CallsContext } from '../calls/changes.ts'

export type FloorRun = {
  app: FastifyInstance
  db: Db
  telephony: Telephony
  simulator: Simulator
  calls: CallsContext
  settings: SimulatorSettings
  counters: FloorCounters
  random: () => number
  stopping: () => boolean
  /** A duration of the simulated world, in real milliseconds. */
  scaled: (ms: number) => number
  /** Waits a duration of the simulated world; resolves at once when the floor stops. */
  pause: (ms: number) => Promise<void>
  aircallIdOf: (userId: number) => number | null | undefined
}

export function emptyCounters(): FloorCounters {
  return { calls: 0, answered: 0, voicemail: 0, noAnswer: 0, inbound: 0, tags: 0, appointments: 0, errors: 0 }
}

/** A wait that an abort signal ends early; zero waits yield to the event loop (no busy loop). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, Math.max(0, ms))
    signal.addEventListener('abort', done, { once: true })
  })
}

/** Seconds a real agent spends on each part of a call (drawn uniformly in the range). */
export const DURATIONS_S = {
  reading: [8, 25],
  talking: [40, 240],
  voicemail: [10, 25],
  ringingUnanswered: [20, 35],
  tagging: [5, 15],
  booking: [10, 30],
  idleWhenNothing: [30, 60],
  afterError: [5, 10],
} as const

/** A duration drawn in the range (seconds), in the simulated world's milliseconds. */
export function between(run: FloorRun, [low, high]: readonly [number, number]) {
  return (low + run.random() * (high - low)) * 1000
}
