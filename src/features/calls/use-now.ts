// A clock ticking each second for the running call duration. useSyncExternalStore rather than a
// state set from an effect: the duration itself is derived from startedAt at render.
import { useSyncExternalStore } from 'react'

const TICK_MS = 1000
let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | null = null

function tick(): void {
  now = Date.now()
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (timer === null) {
    now = Date.now()
    timer = setInterval(tick, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer)
      timer = null
    }
  }
}

function getSnapshot(): number {
  return now
}

/** The current time in milliseconds, updated every second while a component uses it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot)
}
