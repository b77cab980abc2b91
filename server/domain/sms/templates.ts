// SMS templates (issue #15 "SMS"): the product's default until an administrator saves one (issue #26:
// reading writes nothing; a row exists from the first save); an edit is versioned (optimistic, 0 for
// the default never saved) and audited (entity 'smsTemplate'), as the e-mail templates are.
import { eq, sql } from 'drizzle-orm'
import {
  SMS_TEMPLATE_DEFAULTS,
  SMS_TEMPLATE_KEYS,
  type SmsTemplate,
  type SmsTemplateBody,
  type SmsTemplateKey,
} from '../../../src/contracts/sms.ts'
import { STALE_VERSION } from '../../../src/contracts/concurrency.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { smsTemplates } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'
import { recordAudit } from '../audit/trail.ts'

type Row = typeof smsTemplates.$inferSelect

function toTemplate(key: SmsTemplateKey, row: Row | undefined): SmsTemplate {
  return {
    key,
    body: row?.body ?? SMS_TEMPLATE_DEFAULTS[key],
    defaultBody: SMS_TEMPLATE_DEFAULTS[key],
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  }
}

async function readTemplate(db: Db, key: SmsTemplateKey): Promise<SmsTemplate> {
  const [row] = await db.select().from(smsTemplates).where(eq(smsTemplates.key, key))
  return toTemplate(key, row)
}

function stale(current: SmsTemplate): HttpError {
  return new HttpError(
    409,
    STALE_VERSION,
    'Ce modèle a été modifié entre-temps par quelqu’un d’autre : voici sa version actuelle.',
    { current },
  )
}

export async function listSmsTemplates(db: Db): Promise<SmsTemplate[]> {
  const rows = await db.select().from(smsTemplates)
  return SMS_TEMPLATE_KEYS.map((key) =>
    toTemplate(
      key,
      rows.find((row) => row.key === key),
    ),
  )
}

export async function smsTemplateBody(db: Db, key: SmsTemplateKey): Promise<string> {
  return (await readTemplate(db, key)).body
}

/**
 * Saves a template from the version it was edited from; a stale version is a 409 with the current
 * one. The row is locked, so two saves from one version cannot both win; two first saves at once
 * meet on the primary key.
 */
export async function updateSmsTemplate(
  db: Db,
  userId: number,
  key: SmsTemplateKey,
  input: SmsTemplateBody,
): Promise<SmsTemplate> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(smsTemplates).where(eq(smsTemplates.key, key)).for('update')
      const before = toTemplate(key, row)
      if (before.version !== input.version) throw stale(before)
      if (before.body === input.body) return before
      const now = new Date()
      const [saved] = row
        ? await tx
            .update(smsTemplates)
            .set({
              body: input.body,
              version: sql`${smsTemplates.version} + 1`,
              updatedAt: now,
              updatedBy: userId,
            })
            .where(eq(smsTemplates.key, key))
            .returning()
        : await tx
            .insert(smsTemplates)
            .values({ key, body: input.body, version: 1, updatedAt: now, updatedBy: userId })
            .returning()
      await recordAudit(tx, {
        userId,
        entity: 'smsTemplate',
        entityId: saved!.id,
        action: 'update',
        before: { key, body: before.body },
        after: { key, body: saved!.body },
      })
      return toTemplate(key, saved)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw stale(await readTemplate(db, key))
    throw error
  }
}
