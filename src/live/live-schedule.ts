// Reconnection schedule of the live channel (spec §4, §9): after a loss, attempt n starts
// 2 s × n later, at most 5 attempts; then the status is `failed`.

export const MAX_RECONNECT_ATTEMPTS = 5
export const RECONNECT_STEP_MS = 2_000
/**
 * ±10 % around each delay (issue #3): a hundred workstations losing the server together do not
 * all come back in the same millisecond, and the ranges never overlap (1.8–2.2 s, 3.6–4.4 s, …),
 * so the schedule keeps its shape.
 */
export const RECONNECT_JITTER_RATIO = 0.1
/** Spec §9: 'reconnected' lasts 2 s, then 'connected'. */
export const RECONNECTED_DISPLAY_MS = 2_000
/** A ping without its pong within this time means a dead connection (the socket may not say so). */
export const PONG_TIMEOUT_MS = 10_000

/** A number in [0, 1), as Math.random gives; injected by tests. */
export type RandomSource = () => number

/** Delay before reconnection attempt `attempt` (1-based), jittered by `random`. */
export function reconnectDelay(attempt: number, random: RandomSource = Math.random): number {
  const base = RECONNECT_STEP_MS * attempt
  const spread = RECONNECT_JITTER_RATIO * (2 * random() - 1)
  return Math.round(base * (1 + spread))
}

type TimerHandle = ReturnType<typeof setTimeout>

/** The timers the live client uses; injected by tests, or vitest's fake timers through the default. */
export type LiveTimers = {
  setTimeout(callback: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

/** Reads the globals at call time, so fake timers installed after import apply. */
export const defaultTimers: LiveTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
}
