// Live channel protocol (spec §4, §7 "Live channel", §9), shared by the server hub and the client.
// Client → server: subscribe / unsubscribe / ping. Server → client: always { event, data }.
// Channel payloads are small signals (ids and a few fields): the server fans them out through
// PostgreSQL NOTIFY, and the client refetches what it needs (conventions §3.4).
import { z } from 'zod'
import { importProgressSchema } from './imports.ts'
import { safeText } from './safe-text.ts'
import {
  ACTIVITY_CAUSES,
  MAX_ID,
  REFERENCE_DATA_KINDS,
  parseChannel,
  type ClientMessage,
  type LiveChannelKind,
  type LivePayloads,
} from './live-core.ts'

// The zod-free part (constants, channel names, payload types and readers) lives in live-core.ts.
export * from './live-core.ts'

const channelName = safeText().min(1).max(200)

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: channelName }),
  z.object({ type: z.literal('unsubscribe'), channel: channelName }),
  z.object({ type: z.literal('ping') }),
])
clientMessageSchema satisfies z.ZodType<ClientMessage>

/** PostgreSQL `integer` ids. */
const idSchema = z.number().int().positive().max(MAX_ID)

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
  referenceData: z.object({ kind: z.enum(REFERENCE_DATA_KINDS), id: idSchema.nullable() }),
  activity: z.object({ userId: idSchema, cause: z.enum(ACTIVITY_CAUSES) }),
  importProgress: importProgressSchema,
  leaderboard: z.object({ at: z.string().max(40) }),
} as const

// The schemas give exactly the payload types of live-core.ts (its readers do the same checks).
livePayloadSchemas satisfies { [K in LiveChannelKind]: z.ZodType<LivePayloads[K]> }

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
