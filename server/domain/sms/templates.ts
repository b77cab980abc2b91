// SMS templates (issue #15 "SMS"): one row per catalogue key, created with its default text when first
// read; an administrator's edit is versioned (optimistic) and audited (entity 'smsTemplate').
import { eq, sql } from 'drizzle-orm'
import {
  SMS_TEMPLATE_DEFAULTS,
  SMS_TEMPLATE_KEYS,
  type SmsTemplate,
  type SmsTemplateBody,
  type SmsTemplateKey,
} from '../../../src/contracts/sms.ts'
import { STALE_VERSION } from '../../../src/contracts/concurrency.ts'
import type { Db } from '../../db/client.ts'
import { smsTemplates } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'
import { recordAudit } from '../audit.ts'

type Row = typeof smsTemplates.$inferSelect

export async function ensureSmsTemplates(db: Db): Promise<void> {
  await db
    .insert(smsTemplates)
    .values(SMS_TEMPLATE_KEYS.map((key) => ({ key, body: SMS_TEMPLATE_DEFAULTS[key] })))
    .onConflictDoNothing()
}

function toTemplate(row: Row): SmsTemplate {
  return {
    key: row.key,
    body: row.body,
    defaultBody: SMS_TEMPLATE_DEFAULTS[row.key],
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listSmsTemplates(db: Db): Promise<SmsTemplate[]> {
  await ensureSmsTemplates(db)
  const rows = await db.select().from(smsTemplates)
  const byKey = new Map(rows.map((row) => [row.key, row]))
  return SMS_TEMPLATE_KEYS.map((key) => toTemplate(byKey.get(key)!))
}

export async function smsTemplateBody(db: Db, key: SmsTemplateKey): Promise<string> {
  const [row] = await db
    .select({ body: smsTemplates.body })
    .from(smsTemplates)
    .where(eq(smsTemplates.key, key))
  return row?.body ?? SMS_TEMPLATE_DEFAULTS[key]
}

/** Saves a template from the version it was edited from; a stale version is a 409 with the current one. */
export async function updateSmsTemplate(
  db: Db,
  userId: number,
  key: SmsTemplateKey,
  input: SmsTemplateBody,
): Promise<SmsTemplate> {
  await ensureSmsTemplates(db)
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(smsTemplates).where(eq(smsTemplates.key, key)).for('update')
    if (!before) throw new Error(`sms template ${key} missing`)
    if (before.version !== input.version)
      throw new HttpError(
        409,
        STALE_VERSION,
        'Ce modèle a été modifié entre-temps par quelqu’un d’autre : voici sa version actuelle.',
        { current: toTemplate(before) },
      )
    if (before.body === input.body) return toTemplate(before)
    const [after] = await tx
      .update(smsTemplates)
      .set({
        body: input.body,
        version: sql`${smsTemplates.version} + 1`,
        updatedAt: new Date(),
        updatedBy: userId,
      })
      .where(eq(smsTemplates.key, key))
      .returning()
    await recordAudit(tx as unknown as Db, {
      userId,
      entity: 'smsTemplate',
      entityId: before.id,
      action: 'update',
      before: { key, body: before.body },
      after: { key, body: after!.body },
    })
    return toTemplate(after!)
  })
}
