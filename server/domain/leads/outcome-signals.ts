// What follows a recorded outcome or a booking once committed (who must refetch what, what was
// earned). Shared by the agents' routes (POST /api/calls/tag, POST /api/lead/{id}/appointment) and the
// simulated floor's virtual agents (issue #15), so both notify alike.
import type { FastifyInstance } from 'fastify'
import { channels } from '../../../src/contracts/live.ts'
import type { BookingOutcome } from '../appointments/booking.ts'
import { announceEarned, forgetMe } from '../gamification/announce.ts'
import { publishLeadUpdate } from './signals.ts'
import type { TagOutcome } from './tagging.ts'

export async function announceTagOutcome(app: FastifyInstance, userId: number, outcome: TagOutcome) {
  const affected = [userId, ...(outcome.previousProcessingUserId ? [outcome.previousProcessingUserId] : [])]
  if (outcome.released)
    for (const id of new Set(affected)) await app.bus.publish('user-changed', { userId: id })
  // Issue #14: the cached `me` dropped before the signals below make the client refetch it.
  else await forgetMe(app, outcome.earned?.userId)
  await publishLeadUpdate(app, outcome.lead, 'tag', affected)
  if (outcome.callId !== null)
    await app.live.publish(channels.ongoingCallUpdate(userId), {
      callId: outcome.callId,
      status: (outcome.callStatus ?? 'done').slice(0, 32),
    })
  // Issue #14: the experience signal, then the badges and tentacalls the outcome earned.
  await announceEarned(app, outcome.earned)
}

export async function announceBooking(app: FastifyInstance, userId: number, outcome: BookingOutcome) {
  // Issue #14: `me` dropped before the signal makes the client refetch it.
  await forgetMe(app, outcome.earned?.userId)
  if (outcome.changed) await publishLeadUpdate(app, outcome.lead, 'appointment', [userId])
  await announceEarned(app, outcome.earned)
}
