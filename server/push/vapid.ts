// VAPID keys (issue #5): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or generated once and kept in
// app_secrets so that every server process (and every restart) signs with the same pair — browsers
// subscribed with the public key, and a new key would silently orphan every subscription.
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Db } from '../db/client.ts'
import { appSecrets } from '../db/schema.ts'
import { base64UrlByteLength } from '../../src/contracts/push.ts'

export type VapidKeys = { publicKey: string; privateKey: string; subject: string }

const SECRET_NAME = 'vapid'

type VapidSettings = {
  vapidPublicKey: string | undefined
  vapidPrivateKey: string | undefined
  vapidSubject: string
}

/** Throws unless the pair has the shapes of a P-256 public (65 bytes) and private (32 bytes) key. */
function checkKeys(publicKey: string, privateKey: string): void {
  if (base64UrlByteLength(publicKey) !== 65 || base64UrlByteLength(privateKey) !== 32)
    throw new Error('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: not a base64url P-256 key pair')
}

export async function loadVapidKeys(db: Db, settings: VapidSettings): Promise<VapidKeys> {
  const { vapidPublicKey, vapidPrivateKey, vapidSubject: subject } = settings
  if (vapidPublicKey || vapidPrivateKey) {
    if (!vapidPublicKey || !vapidPrivateKey)
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')
    checkKeys(vapidPublicKey, vapidPrivateKey)
    return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject }
  }
  // Two processes starting together both insert; the first wins and both read its pair.
  const generated = webpush.generateVAPIDKeys()
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(generated) })
    .onConflictDoNothing()
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME))
  if (!row) throw new Error('VAPID keys missing after insert')
  const stored = JSON.parse(row.value) as { publicKey: string; privateKey: string }
  checkKeys(stored.publicKey, stored.privateKey)
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject }
}
