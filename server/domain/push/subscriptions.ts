// Web push subscriptions (issue #5), one row per browser (unique endpoint): saving one for the
// signed-in user (a browser already subscribed for another user moves to this one: a shared
// workstation alerts whoever signed in last), removing one only if it is the caller's, and the
// service worker's `pushsubscriptionchange`, named by its old endpoint and rate-limited per address
// like sign-in (only failures count).
import { and, desc, eq, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { pushSubscriptions } from '../../db/schema.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { errors } from '../../lib/http-error.ts'
import { attempt, forgetHits, type Limit } from '../../lib/rate-limit.ts'
import { replaceSubscription } from '../../push/subscriptions.ts'

/**
 * Unknown old endpoints per address in 15 minutes (successes do not count): a call centre's agents
 * share one address, and a browser renews its subscription rarely.
 */
export const CHANGE_FAILURES_PER_IP = 20
const WINDOW_15_MIN = 15 * 60 * 1000

function changeLimit(ip: string): Limit {
  return { bucket: `push-change:ip:${ip}`, max: CHANGE_FAILURES_PER_IP, windowMs: WINDOW_15_MIN }
}

/** Browsers kept per user: beyond it the oldest subscriptions go (each alert costs one request each). */
export const MAX_SUBSCRIPTIONS_PER_USER = 10

/** Refuses an endpoint of a push service the server does not send to. */
export function assertPushService(accepts: boolean, field = 'endpoint'): void {
  if (!accepts)
    throw errors.invalid('Ce service de notification n’est pas pris en charge.', {
      [field]: 'Service de notification inconnu.',
    })
}

export type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } }

/** Saves the browser's subscription for the user, keeping their newest browsers only. */
export async function saveSubscription(
  db: Db,
  userId: number,
  { endpoint, keys }: Subscription,
  userAgent: string | null,
): Promise<void> {
  const values = { userId, p256dh: keys.p256dh, auth: keys.auth, userAgent }
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint, ...values })
      // created_at restarts: the subscription is this user's from now on (and the newest kept).
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, createdAt: new Date() },
      })
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_SUBSCRIPTIONS_PER_USER)
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)))
  })
}

/** Removes the subscription if it is the user's; nothing otherwise (the answer is the same). */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
}

/**
 * The service worker's renewal: the old endpoint names the row (unknown → 404, nothing changes);
 * `accepts` says whether the new endpoint's push service is one the server sends to.
 */
export async function changeSubscription(
  db: Db,
  address: string,
  oldEndpoint: string,
  subscription: Subscription,
  accepts: (endpoint: string) => boolean,
): Promise<void> {
  const { limited, ids } = await attempt(db, [changeLimit(addressBucketOf(address))])
  if (limited) throw errors.tooManyAttempts()
  const { endpoint } = subscription
  assertPushService(accepts(endpoint), 'subscription.endpoint')
  const replaced = await replaceSubscription(db, oldEndpoint, { endpoint, ...subscription.keys })
  if (!replaced)
    throw errors.notFound('Abonnement aux alertes inconnu : réactivez les alertes depuis l’application.')
  await forgetHits(db, ids)
}
