// Putting Aircall's side right (issue #15 "Check and repair Aircall's side", docs/domain.md "Telephony
// webhook status", docs/decisions.md "Aircall webhook created from the page"): create the product's
// webhook when the account has none, or add the call events an active one lacks. Aircall gives each
// webhook its own token: the SHA-256 of the token of a webhook created here is kept
// (aircall_webhook_tokens) and a delivery carrying it is accepted beside AIRCALL_WEBHOOK_TOKEN.
//
// Two clicks, two administrators or two processes never create two webhooks: a creation first claims
// the one "in progress" row the table allows (a partial unique index), then asks Aircall again
// whether ours exists, and only then creates it. A webhook whose token could not be kept is deleted
// at Aircall again: left there, its deliveries would be refused while the page called it registered.
import { createHash, timingSafeEqual } from 'node:crypto'
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { AIRCALL_PRODUCT_EVENTS } from '../../../src/contracts/call.ts'
import type { WebhookRegistrations } from '../../../src/contracts/webhooks.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { aircallWebhookTokens } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import type { CreatedWebhook, TelephonyProvider } from '../../telephony/provider.ts'
import { recordAudit } from '../audit/trail.ts'
import { expectedWebhookUrl, registrationsOf } from './registrations.ts'

/** The name the webhook carries in Aircall's dashboard. */
export const PRODUCT_WEBHOOK_NAME = 'Centre d’appels (leads)'
/** A claim older than this was left by a process that died during the creation. */
const STALE_CLAIM_MS = 2 * 60 * 1000

export const REPAIR_MESSAGES = {
  simulator: 'Le simulateur n’a pas de compte Aircall : il n’y a pas de webhook à créer.',
  noPublicUrl:
    'PUBLIC_URL n’est pas configurée : l’adresse du webhook du produit est inconnue, il ne peut pas être créé.',
  inProgress: 'Une création du webhook est déjà en cours : réessayez dans un instant.',
  exists: 'Le webhook du produit est déjà enregistré sur le compte Aircall.',
  nothingMissing: 'Le webhook du produit reçoit déjà tous les événements d’appel nécessaires.',
  noneToComplete: 'Aucun webhook actif du produit à compléter : créez-le d’abord.',
} as const

export type RepairContext = {
  db: Db
  provider: TelephonyProvider
  publicUrl: string | undefined
  /** The administrator doing it (the audit trail). */
  userId: number
  /** Where a webhook created but withdrawn is told (its id only, never its token). */
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** True when `token` is the token of a webhook the product created (compared in constant time). */
export async function isStoredWebhookToken(db: Db, token: string | undefined): Promise<boolean> {
  if (!token) return false
  const given = createHash('sha256').update(token).digest()
  const rows = await db
    .select({ hash: aircallWebhookTokens.tokenHash })
    .from(aircallWebhookTokens)
    .where(isNotNull(aircallWebhookTokens.tokenHash))
  let found = false
  // Every stored hash is compared (no early exit): the time taken says nothing about which matched.
  for (const row of rows) {
    const stored = Buffer.from(row.hash!, 'hex')
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = true
  }
  return found
}

/** How many webhook tokens the product keeps (the status page's "token configured"). */
export async function storedTokenCount(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select count(*) as n from aircall_webhook_tokens where token_hash is not null`,
  )
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0)
}

function aircallOf(context: RepairContext) {
  const { provider } = context
  if (
    !provider.listWebhooks ||
    !provider.createWebhook ||
    !provider.setWebhookEvents ||
    !provider.deleteWebhook
  )
    throw errors.conflict(REPAIR_MESSAGES.simulator)
  const expectedUrl = expectedWebhookUrl(context.publicUrl)
  if (!expectedUrl) throw errors.conflict(REPAIR_MESSAGES.noPublicUrl)
  return {
    expectedUrl,
    list: provider.listWebhooks,
    create: provider.createWebhook,
    setEvents: provider.setWebhookEvents,
    remove: provider.deleteWebhook,
  }
}

/** Claims the one creation in progress; false when another is under way. */
async function claimCreation(db: Db, url: string, userId: number): Promise<number | null> {
  await db
    .delete(aircallWebhookTokens)
    .where(
      and(
        isNull(aircallWebhookTokens.webhookId),
        lt(aircallWebhookTokens.createdAt, new Date(Date.now() - STALE_CLAIM_MS)),
      ),
    )
  const result = await db.execute(sql`
    insert into aircall_webhook_tokens (url, created_by) values (${url}, ${userId})
    on conflict do nothing returning id`)
  return rowsOf<{ id: number }>(result)[0]?.id ?? null
}

/** Creates the product's webhook with the call and message events it needs; answers the account as it is then. */
export async function createProductWebhook(context: RepairContext): Promise<WebhookRegistrations> {
  const { db, userId } = context
  const aircall = aircallOf(context)
  const claim = await claimCreation(db, aircall.expectedUrl, userId)
  if (claim === null) throw errors.conflict(REPAIR_MESSAGES.inProgress)
  const release = () =>
    db
      .delete(aircallWebhookTokens)
      .where(and(eq(aircallWebhookTokens.id, claim), isNull(aircallWebhookTokens.webhookId)))
  try {
    // Asked again under the claim: another administrator's creation may have ended just before.
    const before = await aircall.list()
    if (registrationsOf(before, aircall.expectedUrl).repair !== 'create')
      throw errors.conflict(REPAIR_MESSAGES.exists)
    const created = await aircall.create({
      customName: PRODUCT_WEBHOOK_NAME,
      url: aircall.expectedUrl,
      events: AIRCALL_PRODUCT_EVENTS,
    })
    try {
      await keepCreated(db, claim, created, userId)
    } catch (error) {
      await withdrawCreated(context, aircall.remove, created.webhook_id)
      throw error
    }
    // registrationsOf keeps id, URL, name, state and events: the token goes no further.
    return registrationsOf([...before, created], aircall.expectedUrl)
  } catch (error) {
    await release()
    throw error
  }
}

/** Keeps the created webhook's token hash on the claimed row, with the audit entry. */
function keepCreated(db: Db, claim: number, created: CreatedWebhook, userId: number) {
  return db.transaction(async (tx) => {
    await tx
      .update(aircallWebhookTokens)
      .set({ webhookId: created.webhook_id, tokenHash: tokenHash(created.token), url: created.url })
      .where(eq(aircallWebhookTokens.id, claim))
    await recordAudit(tx, {
      userId,
      entity: 'aircallWebhook',
      entityId: claim,
      action: 'create',
      after: { webhookId: created.webhook_id, url: created.url, events: AIRCALL_PRODUCT_EVENTS.join(', ') },
    })
  })
}

/**
 * The webhook exists at Aircall but its token was not kept: deleted there, so the page offers the
 * creation again. If Aircall refuses, its id is logged for deletion in Aircall's dashboard.
 */
async function withdrawCreated(
  context: RepairContext,
  remove: (webhookId: string) => Promise<void>,
  webhookId: string,
) {
  try {
    await remove(webhookId)
    context.log.warn({ webhookId }, 'telephony: Aircall webhook deleted again, its token could not be kept')
  } catch (error) {
    context.log.error(
      { webhookId, err: error },
      'telephony: Aircall webhook left without its token, delete it in Aircall’s dashboard',
    )
  }
}

/**
 * Adds the call and message events the product's active webhook lacks (PUT with the full list: Aircall resets a
 * webhook sent without events to every event). Doing it twice at once sends the same list twice.
 */
export async function completeProductWebhook(context: RepairContext): Promise<WebhookRegistrations> {
  const { db, userId } = context
  const aircall = aircallOf(context)
  const before = await aircall.list()
  const found = registrationsOf(before, aircall.expectedUrl)
  if (found.repair === 'create') throw errors.conflict(REPAIR_MESSAGES.noneToComplete)
  if (found.repair !== 'complete') throw errors.conflict(REPAIR_MESSAGES.nothingMissing)
  const ours = found.webhooks.find((one) => one.ours && one.active && one.events.length > 0)!
  const events = [...ours.events, ...found.missingEvents]
  const updated = await aircall.setEvents(ours.id, events)
  await db.transaction(async (tx) => {
    // A webhook registered elsewhere (Aircall's dashboard) gets its row here, without token, so the
    // audit trail has an entity to file the change under.
    await tx.execute(sql`
      insert into aircall_webhook_tokens (webhook_id, url, created_by) values (${ours.id}, ${ours.url}, ${userId})
      on conflict (webhook_id) where webhook_id is not null do nothing`)
    const [row] = await tx
      .select({ id: aircallWebhookTokens.id })
      .from(aircallWebhookTokens)
      .where(eq(aircallWebhookTokens.webhookId, ours.id))
    await recordAudit(tx, {
      userId,
      entity: 'aircallWebhook',
      entityId: row!.id,
      action: 'update',
      before: { events: ours.events.join(', ') },
      after: { events: events.join(', ') },
    })
  })
  return registrationsOf(
    before.map((one) => (one.webhook_id === ours.id ? updated : one)),
    aircall.expectedUrl,
  )
}
