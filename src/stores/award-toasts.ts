// Issue #29 point 6: the badges and tentacalls the signed-in user just earned, shown at once in their
// own tab (src/app/award-toasts-outlet.tsx); fed by the live channel (src/live/live-events.ts).
import { proxy } from 'valtio'

export type AwardToast = { id: number; kind: 'badge' | 'tentacall'; code: string }

/** Long enough to be read; a close button dismisses it sooner. */
export const AWARD_TOAST_TIMEOUT_MS = 8000

export const awardToastsStore = proxy({ items: [] as AwardToast[] })

let lastId = 0

export function dismissAwardToast(id: number): void {
  awardToastsStore.items = awardToastsStore.items.filter((item) => item.id !== id)
}

export function showAwardToast(kind: AwardToast['kind'], code: string): void {
  lastId += 1
  const id = lastId
  awardToastsStore.items.push({ id, kind, code })
  setTimeout(() => dismissAwardToast(id), AWARD_TOAST_TIMEOUT_MS)
}
