// The wire side of the live channel (spec §7 "Live channel", src/contracts/live.ts): where the
// socket connects, and how a server frame is read. No zod here: a frame is checked by hand, then
// its data is parsed with the channel's schema in live-events.ts.
import type { ClientMessage, ServerMessage } from '../contracts/live-core.ts'

/** The /ws URL of the page's own origin (same host and port as the API), wss under https. */
export function liveUrl(pageUrl: string): string {
  const url = new URL('/ws', pageUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.href
}

export function encodeClientMessage(message: ClientMessage): string {
  return JSON.stringify(message)
}

/** A server message, or null for anything that is not `{ event: string, data }` in JSON text. */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string') return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || !('event' in value) || typeof value.event !== 'string')
    return null
  return { event: value.event, data: 'data' in value ? value.data : undefined }
}
