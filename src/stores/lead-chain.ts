// Issue #29 point 4, "the next lead at once": after an outcome that releases the lead, the next lead
// is handed out and its sheet opens with the focus on « Appeler » (and, when its mission says so, a
// call after a preview countdown), unless the agent paused the chaining in the call bar. The pause
// is the agent's preference, kept per user in this browser (localStorage), read without a request.
import { useSyncExternalStore } from 'react'

const PAUSE_KEY_PREFIX = 'centre-appels:lead-chain-paused:'
const listeners = new Set<() => void>()

function pauseKey(userId: number): string {
  return `${PAUSE_KEY_PREFIX}${userId}`
}

export function isChainPaused(userId: number): boolean {
  try {
    return localStorage.getItem(pauseKey(userId)) === '1'
  } catch {
    return false
  }
}

export function setChainPaused(userId: number, paused: boolean): void {
  try {
    if (paused) localStorage.setItem(pauseKey(userId), '1')
    else localStorage.removeItem(pauseKey(userId))
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab of the same agent pauses too.
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(PAUSE_KEY_PREFIX)) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useChainPaused(userId: number | undefined): boolean {
  return useSyncExternalStore(subscribe, () => (userId === undefined ? false : isChainPaused(userId)))
}

/**
 * The sheet just handed out by the chaining (its uuid): on arrival it takes the focus to « Appeler »
 * and may start the automatic call's countdown, once. A sheet opened any other way does neither.
 */
let handedOutUuid: string | null = null

export function markHandedOut(uuid: string): void {
  handedOutUuid = uuid
}

/** Whether `uuid` is the sheet just handed out (read when it mounts; cleared by clearHandedOut). */
export function isHandedOut(uuid: string): boolean {
  return handedOutUuid === uuid
}

export function clearHandedOut(uuid: string): void {
  if (handedOutUuid === uuid) handedOutUuid = null
}

const LEAD_PATH = /^\/lead\/([0-9a-f-]{36})$/

/** The uuid of a hand-out's redirect (`/lead/{uuid}`), if it is one. */
export function handedOutUuidOf(redirect: string | null | undefined): string | null {
  return (redirect && LEAD_PATH.exec(redirect)?.[1]) || null
}
