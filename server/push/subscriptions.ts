// Push subscription rows that change without the user's own session (docs/domain.md "Alerts (push)"):
// - a browser renews its subscription (`pushsubscriptionchange`, maybe long after the session
//   lapsed): the row named by the old endpoint moves to the new endpoint and keys;
// - a browser signs out: whoever it alerted, it alerts nobody any more;
// - a user is deactivated: none of their browsers alerts them any more.
// An endpoint is a capability (only the browser and its push service know it), so presenting one
// is what identifies the browser here, never a session.
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { pushSubscriptions, users } from '../db/schema.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type NewSubscription = { endpoint: string; p256dh: string; auth: string }

/**
 * Replaces the subscription of `oldEndpoint` (an active user's) by `next`, for the same user and
 * browser; false when no such subscription exists (nothing changes then). When `next` is already
 * saved — the page saved it in a session first — that row stays as it is and the old one goes.
 */
export async function replaceSubscription(db: Db, oldEndpoint: string, next: NewSubscription) {
  return db.transaction(async (tx) => {
    const activeUsers = tx.select({ id: users.id }).from(users).where(eq(users.status, 'ACTIVE'))
    const [old] = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, oldEndpoint), inArray(pushSubscriptions.userId, activeUsers)))
      .returning()
    if (!old) return false
    await tx
      .insert(pushSubscriptions)
      .values({
        userId: old.userId,
        endpoint: next.endpoint,
        p256dh: next.p256dh,
        auth: next.auth,
        userAgent: old.userAgent,
        // The same browser, subscribed since then: its place among the user's newest is kept.
        createdAt: old.createdAt,
      })
      .onConflictDoNothing({ target: pushSubscriptions.endpoint })
    return true
  })
}

/** At sign-out: the browser holding `endpoint` stops alerting anyone (whoever it alerted). */
export async function forgetBrowser(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
}

/** At deactivation, in its transaction: none of the user's browsers alerts them any more. */
export async function deleteUserSubscriptions(tx: Tx | Db, userId: number): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
}
