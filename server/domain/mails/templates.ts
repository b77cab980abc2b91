// The e-mail templates (issue #15 "E-mails", docs/domain.md "E-mails"): the product's default until an
// administrator saves one; saving is optimistic (the version edited, 0 for the default) and audited,
// and refuses placeholders outside the template's whitelist, or a password mail without its link.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  MAIL_TEMPLATE_KEYS,
  MAIL_VARIABLES,
  type MailContent,
  type MailTemplate,
  type MailTemplateKey,
} from '../../../src/contracts/mails.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { mailTemplates } from '../../db/schema.ts'
import { assertVersion, staleVersion } from '../../lib/optimistic-concurrency.ts'
import { recordAudit } from '../audit/trail.ts'
import { MAIL_CATALOGUE } from './catalogue.ts'
import { assertPlaceholders, assertRequiredPlaceholders } from './render.ts'

type Row = typeof mailTemplates.$inferSelect

function toTemplate(key: MailTemplateKey, row: Row | undefined): MailTemplate {
  const content = row ?? MAIL_CATALOGUE[key].defaults
  const defaults = MAIL_CATALOGUE[key].defaults
  return {
    key,
    subject: content.subject,
    html: content.html,
    text: content.text,
    variables: [...MAIL_VARIABLES[key]],
    version: row?.version ?? 0,
    isDefault:
      content.subject === defaults.subject &&
      content.html === defaults.html &&
      content.text === defaults.text,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  }
}

export async function readTemplate(db: Db, key: MailTemplateKey): Promise<MailTemplate> {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.key, key))
  return toTemplate(key, row)
}

export async function listTemplates(db: Db): Promise<MailTemplate[]> {
  const rows = await db.select().from(mailTemplates)
  return MAIL_TEMPLATE_KEYS.map((key) =>
    toTemplate(
      key,
      rows.find((row) => row.key === key),
    ),
  )
}

/**
 * Writes `content` as the template, from `version` (0: the default never saved). The row is locked,
 * so two saves from one version cannot both win; two first saves at once meet on the primary key.
 */
export async function saveTemplate(
  app: FastifyInstance,
  actorId: number,
  key: MailTemplateKey,
  { version, ...content }: MailContent & { version: number },
  action: 'update' | 'restore' = 'update',
): Promise<MailTemplate> {
  assertPlaceholders(key, content)
  assertRequiredPlaceholders(key, content)
  const { db } = app.database
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(mailTemplates).where(eq(mailTemplates.key, key)).for('update')
      await assertVersion(row?.version ?? 0, version, () => readTemplate(tx, key))
      const before = toTemplate(key, row)
      const now = new Date()
      const [saved] = row
        ? await tx
            .update(mailTemplates)
            .set({ ...content, version: row.version + 1, updatedAt: now, updatedBy: actorId })
            .where(eq(mailTemplates.key, key))
            .returning()
        : await tx
            .insert(mailTemplates)
            .values({ key, ...content, version: 1, updatedAt: now, updatedBy: actorId })
            .returning()
      await recordAudit(tx, {
        userId: actorId,
        entity: 'mailTemplate',
        entityId: saved!.id,
        action,
        before: { key, subject: before.subject, html: before.html, text: before.text },
        after: { key, subject: saved!.subject, html: saved!.html, text: saved!.text },
      })
      return toTemplate(key, saved)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw staleVersion(await readTemplate(db, key))
    throw error
  }
}

/** "Rétablir le modèle par défaut": the product's default saved as a new version. */
export function restoreTemplate(
  app: FastifyInstance,
  actorId: number,
  key: MailTemplateKey,
  version: number,
) {
  return saveTemplate(app, actorId, key, { ...MAIL_CATALOGUE[key].defaults, version }, 'restore')
}
