// Live channel protocol (spec §4, §7 "Live channel", §9), shared by the server hub and the client.
// Client → server: subscribe / unsubscribe / ping. Server → client: always { event, data }.
// Channel payloads are small signals (ids and a few fields): the server fans them out through
// PostgreSQL NOTIFY, and the client refetches what it needs (conventions §3.4).
import { z } from 'zod'

/** Spec §9: the client pings every 30 s; the server pings at the protocol level at the same pace. */
export const PING_INTERVAL_MS = 30_000
/** Largest client message the server reads (issue #3); a larger frame closes the socket (1009). */
export const MAX_MESSAGE_BYTES = 65_536
/** Largest published signal, channel name included, as JSON (NOTIFY must carry small messages). */
export const MAX_SIGNAL_BYTES = 512

/** Close code for a socket whose session ended (logout, deactivation, expiry): do not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4001

/** Events of the protocol itself; channel traffic uses the channel name as its event. */
export const LIVE_EVENTS = { connected: 'connected', pong: 'pong', error: 'error' } as const

const channelName = z.string().min(1).max(200)

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: channelName }),
  z.object({ type: z.literal('unsubscribe'), channel: channelName }),
  z.object({ type: z.literal('ping') }),
])
export type ClientMessage = z.infer<typeof clientMessageSchema>

export type ServerMessage = { event: string; data: unknown }

/** PostgreSQL `integer` ids. */
const idSchema = z.number().int().positive().max(2_147_483_647)

/**
 * Issue #5 alerts: who earned the award (absent: the channel's user), its id (the notification tag)
 * and the earner's name, so that the hidden-tab bridge shows what the push shows.
 */
const awardAlertFields = {
  userId: idSchema.optional(),
  awardId: idSchema.optional(),
  name: z.string().max(100).optional(),
}

/** One payload schema per channel kind: signals, never whole records. */
export const livePayloadSchemas = {
  leadUpdate: z.object({
    leadId: idSchema,
    uuid: z.string().max(64).optional(),
    reason: z.string().max(64).optional(),
  }),
  ongoingCallUpdate: z.object({ callId: idSchema.nullable(), status: z.string().max(32) }),
  experience: z.object({ experiencePoints: z.number().int().min(0), gained: z.number().int() }),
  tentacall: z.object({
    tentacallId: z.string().max(64),
    count: z.number().int().min(0),
    ...awardAlertFields,
  }),
  badge: z.object({ badgeId: z.string().max(64), earnedAt: z.string().max(40), ...awardAlertFields }),
} as const

export type LiveChannelKind = keyof typeof livePayloadSchemas
export type LivePayloads = { [K in LiveChannelKind]: z.infer<(typeof livePayloadSchemas)[K]> }

/**
 * Channel names of spec §7. For tentacall and badge, the id is the user alerted: the earner, the
 * managers of the earner's teams and the administrators whose preference is on (issue #5,
 * docs/domain.md "Alerts (push)"); the payload's `userId` names the earner.
 */
export const channels = {
  leadUpdate: (id: number) => `user:${id}:lead:update` as const,
  ongoingCallUpdate: (id: number) => `user:${id}:ongoing-call:update` as const,
  experience: (id: number) => `user:${id}:experience` as const,
  tentacall: (id: number) => `tentacall:${id}` as const,
  badge: (id: number) => `badge:${id}` as const,
}

export type LiveChannelName = ReturnType<(typeof channels)[LiveChannelKind]>

/** The payload type a channel name carries, for a typed `publish(channel, data)`. */
export type PayloadOf<C extends LiveChannelName> = {
  [K in LiveChannelKind]: C extends ReturnType<(typeof channels)[K]> ? LivePayloads[K] : never
}[LiveChannelKind]

const CHANNEL_PATTERNS: readonly (readonly [RegExp, LiveChannelKind])[] = [
  [/^user:([1-9]\d{0,9}):lead:update$/, 'leadUpdate'],
  [/^user:([1-9]\d{0,9}):ongoing-call:update$/, 'ongoingCallUpdate'],
  [/^user:([1-9]\d{0,9}):experience$/, 'experience'],
  [/^tentacall:([1-9]\d{0,9})$/, 'tentacall'],
  [/^badge:([1-9]\d{0,9})$/, 'badge'],
]

export type ParsedChannel = { kind: LiveChannelKind; userId: number }

/** The kind of a channel and the user it belongs to, or null for a name outside the spec. */
export function parseChannel(name: string): ParsedChannel | null {
  for (const [pattern, kind] of CHANNEL_PATTERNS) {
    const match = pattern.exec(name)
    if (!match) continue
    const id = Number(match[1])
    return idSchema.safeParse(id).success ? { kind, userId: id } : null
  }
  return null
}

/** Dev endpoint (non-production): publish on a channel, for end-to-end tests of reconnection. */
export const devLivePublishBodySchema = z
  .object({ channel: channelName, data: z.unknown() })
  .superRefine((body, context) => {
    const parsed = parseChannel(body.channel)
    if (!parsed) {
      context.addIssue({ code: 'custom', path: ['channel'], message: 'Canal inconnu.' })
      return
    }
    const result = livePayloadSchemas[parsed.kind].safeParse(body.data)
    for (const issue of result.error?.issues ?? [])
      context.addIssue({ code: 'custom', path: ['data', ...issue.path], message: issue.message })
  })
export type DevLivePublishBody = z.infer<typeof devLivePublishBodySchema>
