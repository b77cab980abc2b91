// The password-link mails (issue #17, issue #15 "E-mails"): welcome and reset, through the templates
// and the send job like every mail.
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { users } from '../../db/schema.ts'
import { queueMail } from './send.ts'

/**
 * Queues the welcome or reset mail of the user with this address (nothing for an unknown or inactive
 * one). The link itself is issued by the send job (server/domain/mails/send.ts), pointing at
 * linkOrigin: it is never stored in the mail log nor in the job.
 */
export async function sendPasswordLink(
  app: FastifyInstance,
  { email, kind }: { email: string; kind: 'reset' | 'welcome' },
): Promise<void> {
  const [user] = await app.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (!user || user.status !== 'ACTIVE') return
  await queueMail(app, {
    template: kind === 'reset' ? 'password-reset' : 'welcome',
    to: user.email,
    userId: user.id,
    variables: { prénom: user.firstName, nom: user.lastName },
  })
}
