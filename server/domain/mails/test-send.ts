// A template as edited, sent to the administrator's own address through the send queue
// (POST /api/mail-templates/{key}/test): the catalogue's sample variables, a sample link only.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { MailContent, MailTemplateKey } from '../../../src/contracts/mails.ts'
import { users } from '../../db/schema.ts'
import { MAIL_CATALOGUE } from './catalogue.ts'
import { assertPlaceholders, renderMail } from './render.ts'
import { queueMail } from './send.ts'

/** Answers the mail log row's id. */
export async function sendTestMail(
  app: FastifyInstance,
  actorId: number,
  key: MailTemplateKey,
  content: MailContent,
): Promise<number> {
  assertPlaceholders(key, content)
  const [me] = await app.database.db.select({ email: users.email }).from(users).where(eq(users.id, actorId))
  const sample = MAIL_CATALOGUE[key].sample
  return queueMail(app, {
    template: key,
    to: me!.email,
    variables: sample,
    requestedBy: actorId,
    rendered: await renderMail(content, sample),
  })
}
