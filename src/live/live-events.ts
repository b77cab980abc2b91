// The one module mapping live events to the query cache (conventions §3.4): each event's data is
// read with its channel's reader (src/contracts/live-core.ts, no zod); a complete value is written with
// setQueryData, a signal invalidates what it concerns. Anything else is dropped.
import type { QueryClient } from '@tanstack/react-query'
import { authQueries } from '../api/auth.ts'
import { callQueries } from '../api/calls.ts'
import { configQueries } from '../api/config.ts'
import { gamificationQueries } from '../api/gamification.ts'
import { importKeys, importProgressQueries } from '../api/import-progress.ts'
import { leadQueries } from '../api/leads.ts'
import { dropReferenceCache } from '../pwa/reference-cache.ts'
import { showAwardToast } from '../stores/award-toasts.ts'
import { refreshActivity } from './activity-refresh.ts'
import {
  parseChannel,
  readLivePayload,
  type LiveChannelKind,
  type LivePayloads,
  type ParsedChannel,
  type ReferenceDataKind,
} from '../contracts/live-core.ts'

/** Parses an event's data and applies it; false when the data does not fit the channel's schema. */
type EventHandler = (
  queryClient: QueryClient,
  event: string,
  data: unknown,
  channel: ParsedChannel,
) => boolean

function warnDropped(reason: string, event: string, detail?: unknown): void {
  // Not console.error: a bad event from the server is not a fault of this page.
  if (import.meta.env.DEV) console.warn(`[live] ${reason}: ${event}`, detail)
}

function on<K extends LiveChannelKind>(
  kind: K,
  apply: (queryClient: QueryClient, payload: LivePayloads[K], channel: ParsedChannel) => void,
): EventHandler {
  return (queryClient, event, data, channel) => {
    const payload = readLivePayload(kind, data)
    if (!payload) {
      warnDropped('invalid payload', event, data)
      return false
    }
    apply(queryClient, payload, channel)
    return true
  }
}

function invalidateMe(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey })
}

/**
 * Issue #14: progress moved (experience, a badge, a tentacall): `me` and every gamification view on
 * screen ("Ma journée", /activity/gamification, a team's) refetch. A supervisor's badge and tentacall
 * signals name an agent of theirs: their views of that agent refetch too.
 */
function invalidateProgress(queryClient: QueryClient): void {
  invalidateMe(queryClient)
  void queryClient.invalidateQueries({ queryKey: gamificationQueries.all() })
}

/**
 * An award the signed-in user earned: it has an award id (a tentacall's plain count changes have
 * none) and its earner (the channel's user when not named) is the reader.
 */
function isOwnAward(
  queryClient: QueryClient,
  payload: { awardId?: number | undefined; userId?: number | undefined },
  channel: ParsedChannel,
): boolean {
  const me = queryClient.getQueryData(authQueries.me().queryKey)
  const earner = payload.userId ?? channel.userId
  return payload.awardId !== undefined && earner === me?.id
}

/** Issue #14: an agent's or a team's progress (not the reader's own "Ma journée"). */
function invalidateSupervisedProgress(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: gamificationQueries.users() })
  void queryClient.invalidateQueries({ queryKey: gamificationQueries.teams() })
}

/** Issue #14: a call or an outcome changes today's figures of "Ma journée" (calls, recalls due). */
function invalidateMyDay(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: gamificationQueries.myDay().queryKey })
}

const handlers: Record<LiveChannelKind, EventHandler> = {
  // The payload carries the new total: the signed-in user's points are set without a request.
  experience: on('experience', (queryClient, { experiencePoints }, { userId }) => {
    queryClient.setQueryData(authQueries.me().queryKey, (me) =>
      me && me.id === userId ? { ...me, experiencePoints } : me,
    )
    void queryClient.invalidateQueries({ queryKey: gamificationQueries.all() })
  }),
  // Any lead may have changed, and the user's processing lead with it (me.processingLeadId).
  leadUpdate: on('leadUpdate', (queryClient, { reason }) => {
    void queryClient.invalidateQueries({ queryKey: leadQueries.all() })
    invalidateMe(queryClient)
    if (reason === 'tag' || reason === 'tag-correction' || reason === 'appointment')
      invalidateMyDay(queryClient)
  }),
  // The call bar and the inbound alert read the current call; `me` carries the call too.
  ongoingCallUpdate: on('ongoingCallUpdate', (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: callQueries.all() })
    // A lead sheet shows whether the reader's call on it still needs its outcome (`myCallId`).
    void queryClient.invalidateQueries({ queryKey: leadQueries.all() })
    invalidateMe(queryClient)
    invalidateMyDay(queryClient)
  }),
  // Both are kept in `me.gamification` and `me.badges`, and shown by the gamification views.
  // Issue #29: an award of the reader's own (not an agent's they supervise) is shown at once.
  tentacall: on('tentacall', (queryClient, payload, channel) => {
    invalidateProgress(queryClient)
    if (isOwnAward(queryClient, payload, channel)) showAwardToast('tentacall', payload.tentacallId)
  }),
  badge: on('badge', (queryClient, payload, channel) => {
    invalidateProgress(queryClient)
    if (isOwnAward(queryClient, payload, channel)) showAwardToast('badge', payload.badgeId)
  }),
  // Issue #12: a back-office change agents' screens show (a script, a tag, a mission's colour).
  referenceData: on('referenceData', (queryClient, { kind }) => {
    void refreshReferenceData(queryClient, kind)
  }),
  // Issue #14: an agent the manager reads did something; the activity screens on view refetch.
  activity: on('activity', (queryClient, { cause }) => {
    refreshActivity(queryClient)
    // Issue #14: an agent's experience moved: the supervisor's views of agents and teams on screen.
    if (cause === 'experience') invalidateSupervisedProgress(queryClient)
  }),
  // Issue #14: the leaderboard screen has a live client of its own that follows this channel and
  // refetches its boards (src/features/leaderboard/use-leaderboard-live.ts); the layouts' clients
  // never subscribe to it, so nothing here (and the leaderboard's resource stays out of this chunk).
  leaderboard: on('leaderboard', () => undefined),
  // Issue #13: the payload is the bar's value (rows, speed, time left); the import is refetched, and
  // the history (with the layout's running import) when an import changes state.
  importProgress: on('importProgress', (queryClient, progress) => {
    const key = importProgressQueries.latest().queryKey
    const previous = queryClient.getQueryData(key)
    queryClient.setQueryData(key, progress)
    void queryClient.invalidateQueries({ queryKey: importKeys.detail(progress.importId) })
    if (previous?.importId !== progress.importId || previous.state !== progress.state)
      void queryClient.invalidateQueries({ queryKey: importKeys.lists() })
  }),
}

/**
 * The back-office queries each kind of reference data feeds, by their key's root (src/api/*.ts).
 * Every kind also reaches the lead sheets (mission colour, banner, steps, scripts, outcomes) and the
 * app configuration.
 */
export const REFERENCE_QUERY_ROOTS: Record<ReferenceDataKind, readonly string[]> = {
  mission: ['missions', 'assignments', 'users'],
  market: ['markets', 'missions'],
  tag: ['tags', 'call-processes'],
  callProcess: ['call-processes', 'missions'],
  configuration: ['configuration', 'appointments'],
  demoData: [],
}

async function refreshReferenceData(queryClient: QueryClient, kind: ReferenceDataKind): Promise<void> {
  await dropReferenceCache()
  // Issue #15: the UAT reset replaced every lead and call: nothing cached of them still holds.
  if (kind === 'demoData') return queryClient.invalidateQueries()
  const roots = [...REFERENCE_QUERY_ROOTS[kind]]
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadQueries.all() }),
    queryClient.invalidateQueries({ queryKey: configQueries.all() }),
    ...roots.map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
  ])
}

/** Applies one channel event to the cache; false when it was dropped (unknown channel, bad data). */
export function applyLiveEvent(queryClient: QueryClient, event: string, data: unknown): boolean {
  const channel = parseChannel(event)
  if (!channel) {
    warnDropped('unknown channel', event)
    return false
  }
  return handlers[channel.kind](queryClient, event, data, channel)
}

/**
 * Once a socket's subscriptions are in place: what events raised before then would have changed is
 * fetched again (only the queries on screen refetch). After a loss, everything the channel feeds;
 * on the page's first socket, the current call and `me` only — an inbound call raised while the
 * page loaded (issue #11) — since the page has just fetched its leads.
 */
export function refreshAfterSync(queryClient: QueryClient, afterLoss: boolean): void {
  if (afterLoss) void queryClient.invalidateQueries({ queryKey: leadQueries.all() })
  // Issue #14: what the floor did while the socket was down (a first socket: the screen just fetched).
  if (afterLoss) refreshActivity(queryClient)
  void queryClient.invalidateQueries({ queryKey: callQueries.all() })
  invalidateMe(queryClient)
}
