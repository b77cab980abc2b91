// The password-link mails (issue #17, issue #15 "E-mails"): welcome and reset, through the templates
// and the send job like every mail. Issue #31: where production has no mail server, a new user's
// welcome link is handed to the administrator who created them instead of a mail that cannot go.
import type { FastifyInstance } from 'fastify'
import { eq, sql } from 'drizzle-orm'
import type { HandedOverLinkBody, WelcomeOutcome } from '../../../src/contracts/user-admin.ts'
import { mailServerMissing } from '../../config.ts'
import { users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { issuePasswordToken, linkOrigin, passwordLinkUrl } from '../access/password-reset.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { queueMail } from './send.ts'

/** « 72 heures », « 1 heure »: a welcome link's validity as the mail and the screen say it. */
export function validityWords(ms: number): string {
  const hours = Math.round(ms / 3_600_000)
  return `${hours} heure${hours > 1 ? 's' : ''}`
}

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
    variables: {
      prénom: user.firstName,
      nom: user.lastName,
      ...(kind === 'welcome' ? { validité: validityWords(app.config.welcomeLinkMs) } : {}),
    },
  })
}

/**
 * What a new user gets to choose their password (issue #31): the welcome mail queued; or, where
 * production has no mail server, the link itself for the administrator to hand over (shown once, never
 * stored: the audit trail records only that it was handed over); nothing for an inactive account.
 */
export async function welcomeNewUser(
  app: FastifyInstance,
  user: { id: number; email: string; status: string },
  actorId: number,
): Promise<WelcomeOutcome> {
  if (user.status !== 'ACTIVE') return { kind: 'none' }
  if (!mailServerMissing(app.config)) {
    await sendPasswordLink(app, { email: user.email, kind: 'welcome' })
    return { kind: 'mail-queued' }
  }
  return { kind: 'link', ...(await handOverLink(app, user.id, actorId)) }
}

/**
 * A fresh welcome link for the administrator to hand over; it replaces any link the user had. Issued
 * with its audit entry in one transaction: a link is never out without its trace.
 */
async function handOverLink(
  app: FastifyInstance,
  userId: number,
  actorId: number,
): Promise<HandedOverLinkBody> {
  return app.database.db.transaction((tx) => issueHandedOverLink(app, tx, userId, actorId))
}

async function issueHandedOverLink(
  app: FastifyInstance,
  tx: Tx,
  userId: number,
  actorId: number,
): Promise<HandedOverLinkBody> {
  const expiresAt = new Date(Date.now() + app.config.welcomeLinkMs)
  const token = await issuePasswordToken(tx, userId, app.config.welcomeLinkMs)
  await recordAudit(tx, { userId: actorId, entity: 'user', entityId: userId, action: 'hand-over-link' })
  return { url: passwordLinkUrl(linkOrigin(app), token), expiresAt: expiresAt.toISOString() }
}

/**
 * « Nouveau lien » (issue #31, POST /api/user/:id/welcome-link): the link of a user whose welcome mail
 * could not go, was lost, or whose link expired — issued afresh (the older links stop working) and handed
 * to the administrator, with or without a mail server. Only for an account whose owner never chose a
 * password: a link to an account in use would let an administrator take it over (that user asks for
 * their own with « Mot de passe oublié »). An unknown user is 404; a deactivated one or one with a
 * chosen password 409. The user's row is locked meanwhile, so a password chosen at that moment waits.
 */
export async function newWelcomeLink(
  app: FastifyInstance,
  userId: number,
  actorId: number,
): Promise<HandedOverLinkBody> {
  return app.database.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, status: users.status, passwordChosenAt: users.passwordChosenAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user) throw errors.notFound(messages.userNotFound)
    if (user.status !== 'ACTIVE') throw errors.conflict(INACTIVE_NO_LINK)
    if (user.passwordChosenAt !== null) throw errors.conflict(PASSWORD_CHOSEN_NO_LINK)
    return issueHandedOverLink(app, tx, user.id, actorId)
  })
}

const INACTIVE_NO_LINK = 'Ce compte est désactivé : réactivez-le avant de lui donner un lien.'
const PASSWORD_CHOSEN_NO_LINK =
  'Cet utilisateur a déjà choisi son mot de passe : il en obtient un nouveau avec « Mot de passe oublié ».'
