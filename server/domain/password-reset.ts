// Password links: single-use tokens valid one hour, stored hashed; used by "forgot password"
// and by the welcome mail of a user created without a password.
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq, sql } from 'drizzle-orm'
import { passwordResetTokens, users } from '../db/schema.ts'

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** PUBLIC_URL when set (required in production: a Host header must never choose where links point). */
export function linkOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`
}

const MAILS = {
  reset: {
    subject: 'Réinitialisation de votre mot de passe',
    intro:
      'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, utilisable une seule fois) :',
  },
  welcome: {
    subject: 'Votre compte sur le centre d’appels',
    intro:
      'Un compte vient d’être créé pour vous. Choisissez votre mot de passe avec ce lien (valable une heure) :',
  },
} as const

export async function sendPasswordLink(
  app: FastifyInstance,
  { email, origin, kind }: { email: string; origin: string; kind: keyof typeof MAILS },
): Promise<void> {
  const { db } = app.database
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (!user || user.status !== 'ACTIVE') return
  const token = randomBytes(32).toString('base64url')
  await db.transaction(async (tx) => {
    // Only the newest link works: asking again invalidates the previous ones.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    })
  })
  const mail = MAILS[kind]
  await app.mailer.send({
    to: user.email,
    subject: mail.subject,
    text: [
      `Bonjour ${user.firstName},`,
      '',
      mail.intro,
      `${origin}/reset-password?token=${encodeURIComponent(token)}`,
      '',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    ].join('\n'),
  })
}
