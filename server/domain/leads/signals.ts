// Lead-change signals (issue #4 "Screens move by themselves"): every change of a lead reaches the
// user processing it and the users viewing it, on `user:{id}:lead:update`. Sent by the lead, call and
// auth routes after the change is committed.
import type { FastifyInstance } from 'fastify'
import { eq, or } from 'drizzle-orm'
import { channels } from '../../../src/contracts/live.ts'
import { leads, users } from '../../db/schema.ts'
import { changeViewingLead } from '../../lib/activity-events.ts'

/** What the signals need of the app: its database, live hub, bus and log. */
export type SignalApp = Pick<FastifyInstance, 'database' | 'live' | 'bus' | 'log'>

export async function publishLeadUpdate(
  app: SignalApp,
  lead: { id: number; uuid: string },
  reason: string,
  alsoUserIds: readonly number[] = [],
) {
  const rows = await app.database.db
    .select({ id: users.id })
    .from(users)
    .leftJoin(leads, eq(leads.id, lead.id))
    .where(or(eq(users.viewingLeadId, lead.id), eq(users.id, leads.processingUserId)))
  await publishLeadUpdateTo(app, lead, reason, [...rows.map((r) => r.id), ...alsoUserIds])
}

/** The same signal to recipients already known (find and pick read the viewers with the take). */
export async function publishLeadUpdateTo(
  app: SignalApp,
  lead: { id: number; uuid: string },
  reason: string,
  userIds: Iterable<number>,
) {
  await Promise.all(
    [...new Set(userIds)].map((userId) =>
      app.live.publish(channels.leadUpdate(userId), { leadId: lead.id, uuid: lead.uuid, reason }),
    ),
  )
}

/**
 * A lead was just handed to `userId` (find or pick): their `me` caches drop and the lead's sheet
 * moves for them and its viewers. This process learns it at once (the bus delivers locally before it
 * signals); the signal to other processes is sent without holding the answer, which has nothing to
 * wait for (a failed signal is logged, the assignment stands).
 */
export function announceAssignment(
  app: SignalApp,
  userId: number,
  lead: { id: number; uuid: string; viewerIds: number[] },
): void {
  Promise.all([
    userChanged(app, userId),
    publishLeadUpdateTo(app, lead, 'assignment', [userId, ...lead.viewerIds]),
  ]).catch((error: unknown) => app.log.error({ err: error }, 'lead assignment: live signal failed'))
}

/** The user's processing/viewing lead changed: caches of `me` must drop (server/live/bus.ts). */
export async function userChanged(app: SignalApp, userId: number) {
  await app.bus.publish('user-changed', { userId })
}

/**
 * Sets or clears (null) the sheet the user views (docs/domain.md "Leads", Viewing). With `onlyFrom`,
 * nothing happens unless the user still views that lead: a late "quit" of a sheet left for another
 * one does not clear the new one. The sheets left and opened learn who views them.
 */
export async function setViewingLead(
  app: SignalApp,
  userId: number,
  leadId: number | null,
  onlyFrom?: number,
) {
  const { db } = app.database
  const [before] = await db
    .select({ viewingLeadId: users.viewingLeadId })
    .from(users)
    .where(eq(users.id, userId))
  if (!before || (onlyFrom !== undefined && before.viewingLeadId !== onlyFrom)) return
  // The same statement records the sheet opened or left for the timeline (issue #14).
  if (!(await changeViewingLead(db, userId, before.viewingLeadId, leadId, onlyFrom))) return
  await userChanged(app, userId)
  for (const id of new Set([before.viewingLeadId, leadId])) {
    if (id === null) continue
    const [lead] = await db.select({ id: leads.id, uuid: leads.uuid }).from(leads).where(eq(leads.id, id))
    if (lead) await publishLeadUpdate(app, lead, 'viewers')
  }
}
