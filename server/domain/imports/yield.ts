// Long file passes (analysis, import) give the event loop back between chunks, so requests (agents'
// `GET /api/user/me`, the hand-out) are served while a 100,000-row file is read (issue #13 benchmark).
import { setImmediate } from 'node:timers/promises'

export function yieldToEventLoop(): Promise<void> {
  return setImmediate()
}
