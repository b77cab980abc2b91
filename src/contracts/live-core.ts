// Live channel protocol without zod (spec §4, §7 "Live channel"): the constants, channel names and
// payload types, and a hand-written reader of each channel's payload, for the client's live modules
// — they load on every private page, where zod (25 KB) would cost a long task right after the first
// screen. The server validates what it publishes with the zod schemas of live.ts, which are checked
// against these types; a test runs both readers on the same samples (live-core.test.ts).

import { isId, isObject, isText } from './guards.ts'
import { IMPORT_STATES, type ImportState } from './import-fields.ts'

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

export type ClientMessage =
  { type: 'subscribe'; channel: string } | { type: 'unsubscribe'; channel: string } | { type: 'ping' }

export type ServerMessage = { event: string; data: unknown }

/** Issue #5 alerts: who earned the award (absent: the channel's user), its id and the earner's name. */
type AwardAlertFields = {
  userId?: number | undefined
  awardId?: number | undefined
  name?: string | undefined
}

/**
 * What a "reference data changed" signal names (issue #12): the back-office entity kind whose change
 * agents' screens must show without a reload. `id` null: several or all of that kind.
 */
export const REFERENCE_DATA_KINDS = [
  'mission',
  'market',
  'tag',
  'callProcess',
  'configuration',
  // Issue #15: /dev/uat-settings put calls and leads back to the demo state: every screen refetches.
  'demoData',
] as const
export type ReferenceDataKind = (typeof REFERENCE_DATA_KINDS)[number]

/** What an `activity` signal (issue #14) follows: the agent's call, lead, experience or user row. */
export const ACTIVITY_CAUSES = ['call', 'lead', 'experience', 'user'] as const
export type ActivityCause = (typeof ACTIVITY_CAUSES)[number]

/** One payload per channel kind: signals, never whole records. */
export type LivePayloads = {
  leadUpdate: { leadId: number; uuid?: string | undefined; reason?: string | undefined }
  ongoingCallUpdate: { callId: number | null; status: string }
  experience: { experiencePoints: number; gained: number }
  tentacall: { tentacallId: string; count: number } & AwardAlertFields
  badge: { badgeId: string; earnedAt: string } & AwardAlertFields
  referenceData: { kind: ReferenceDataKind; id: number | null }
  /**
   * Issue #14: something an agent does changed (a call, a lead, experience, their sessions or sheet),
   * to the managers and administrators who read that agent, each on their own channel.
   */
  activity: { userId: number; cause: ActivityCause }
  /** Issue #13: an import's progress, to every administrator (src/contracts/imports.ts importProgressSchema). */
  importProgress: {
    importId: number
    state: ImportState
    rowsDone: number
    totalRows: number
    rowsPerSecond: number
    secondsLeft: number | null
  }
  /**
   * Issue #14: the standings changed (experience, an appointment, a badge); `at` is when the signal
   * left. One channel for every reader, display screens included: the page refetches the leaderboard.
   */
  leaderboard: { at: string }
}
export type LiveChannelKind = keyof LivePayloads

/** Issue #14: channels of no user, one name for every reader (server/domain/access/live-access.ts). */
export const BROADCAST_CHANNEL_KINDS = ['leaderboard'] as const
export type BroadcastChannelKind = (typeof BROADCAST_CHANNEL_KINDS)[number]

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
  /** Broadcast to every signed-in page: each follows its own user's name of it (issue #12). */
  referenceData: (id: number) => `user:${id}:reference-data` as const,
  /** Issue #14: managers and administrators only, each on their own channel (their agents' activity). */
  activity: (id: number) => `user:${id}:activity` as const,
  /** Issue #13: administrators only, each on their own channel (every import's progress). */
  importProgress: (id: number) => `user:${id}:importProgress` as const,
  /** Issue #14: one name for everyone (no user id). */
  leaderboard: () => 'leaderboard' as const,
}

export type LiveChannelName = ReturnType<(typeof channels)[LiveChannelKind]>

/** The payload type a channel name carries, for a typed `publish(channel, data)`. */
export type PayloadOf<C extends LiveChannelName> = {
  [K in LiveChannelKind]: C extends ReturnType<(typeof channels)[K]> ? LivePayloads[K] : never
}[LiveChannelKind]

export { MAX_ID } from './guards.ts'

const CHANNEL_PATTERNS: readonly (readonly [RegExp, Exclude<LiveChannelKind, BroadcastChannelKind>])[] = [
  [/^user:([1-9]\d{0,9}):lead:update$/, 'leadUpdate'],
  [/^user:([1-9]\d{0,9}):ongoing-call:update$/, 'ongoingCallUpdate'],
  [/^user:([1-9]\d{0,9}):experience$/, 'experience'],
  [/^tentacall:([1-9]\d{0,9})$/, 'tentacall'],
  [/^badge:([1-9]\d{0,9})$/, 'badge'],
  [/^user:([1-9]\d{0,9}):reference-data$/, 'referenceData'],
  [/^user:([1-9]\d{0,9}):activity$/, 'activity'],
  [/^user:([1-9]\d{0,9}):importProgress$/, 'importProgress'],
]

/** A channel's kind and the user it belongs to; a broadcast channel (issue #14) belongs to none. */
export type ParsedChannel =
  | { kind: Exclude<LiveChannelKind, BroadcastChannelKind>; userId: number }
  | { kind: BroadcastChannelKind; userId: null }

/** The kind of a channel and the user it belongs to, or null for a name outside the spec. */
export function parseChannel(name: string): ParsedChannel | null {
  if (name === channels.leaderboard()) return { kind: 'leaderboard', userId: null }
  for (const [pattern, kind] of CHANNEL_PATTERNS) {
    const match = pattern.exec(name)
    if (!match) continue
    const id = Number(match[1])
    return isId(id) ? { kind, userId: id } : null
  }
  return null
}

type Fields = Record<string, unknown>

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value)

function awardFields(data: Fields): AwardAlertFields | null {
  if (!optional(data['userId'], isId) || !optional(data['awardId'], isId)) return null
  if (!optional(data['name'], (name) => isText(name, 100))) return null
  const fields: AwardAlertFields = {}
  if (data['userId'] !== undefined) fields.userId = data['userId'] as number
  if (data['awardId'] !== undefined) fields.awardId = data['awardId'] as number
  if (data['name'] !== undefined) fields.name = data['name'] as string
  return fields
}

const readers: { [K in LiveChannelKind]: (data: Fields) => LivePayloads[K] | null } = {
  leadUpdate: (data) => {
    const { leadId, uuid, reason } = data
    if (!isId(leadId) || !optional(uuid, (v) => isText(v, 64)) || !optional(reason, (v) => isText(v, 64)))
      return null
    const payload: LivePayloads['leadUpdate'] = { leadId }
    if (uuid !== undefined) payload.uuid = uuid as string
    if (reason !== undefined) payload.reason = reason as string
    return payload
  },
  ongoingCallUpdate: ({ callId, status }) =>
    (callId === null || isId(callId)) && isText(status, 32) ? { callId, status } : null,
  experience: ({ experiencePoints, gained }) =>
    isCount(experiencePoints) && typeof gained === 'number' && Number.isInteger(gained)
      ? { experiencePoints, gained }
      : null,
  tentacall: (data) => {
    const fields = awardFields(data)
    const { tentacallId, count } = data
    return fields && isText(tentacallId, 64) && isCount(count) ? { tentacallId, count, ...fields } : null
  },
  badge: (data) => {
    const fields = awardFields(data)
    const { badgeId, earnedAt } = data
    return fields && isText(badgeId, 64) && isText(earnedAt, 40) ? { badgeId, earnedAt, ...fields } : null
  },
  referenceData: ({ kind, id }) =>
    REFERENCE_DATA_KINDS.includes(kind as ReferenceDataKind) && (id === null || isId(id))
      ? { kind: kind as ReferenceDataKind, id }
      : null,
  activity: ({ userId, cause }) =>
    isId(userId) && ACTIVITY_CAUSES.includes(cause as ActivityCause)
      ? { userId, cause: cause as ActivityCause }
      : null,
  importProgress: ({ importId, state, rowsDone, totalRows, rowsPerSecond, secondsLeft }) =>
    isId(importId) &&
    IMPORT_STATES.includes(state as ImportState) &&
    isCount(rowsDone) &&
    isCount(totalRows) &&
    typeof rowsPerSecond === 'number' &&
    Number.isFinite(rowsPerSecond) &&
    rowsPerSecond >= 0 &&
    (secondsLeft === null || isCount(secondsLeft))
      ? { importId, state: state as ImportState, rowsDone, totalRows, rowsPerSecond, secondsLeft }
      : null,
  leaderboard: ({ at }) => (isText(at, 40) ? { at } : null),
}

/** The payload of a channel kind with the known fields only, or null when it does not fit. */
export function readLivePayload<K extends LiveChannelKind>(kind: K, data: unknown): LivePayloads[K] | null {
  if (!isObject(data)) return null
  return (readers[kind] as (data: Fields) => LivePayloads[K] | null)(data)
}
