// Issue #31 point 1: production without a mail server tells the truth. The server warns at start; a
// user created there gets no mail that cannot go: the administrator gets the welcome link (72 hours,
// single use) to hand over, shown once, with an audit entry; the mails screen says so at the top.
// Outside production (the dev mailbox stands in for a server) the welcome mail is queued, its link
// valid 72 hours.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { auditEntries, mailLog, passwordResetTokens, users } from '../../db/schema.ts'
import { isResetTokenValid, resetPasswordWithToken } from '../../domain/access/password-reset.ts'

const HOUR = 3_600_000
const newUser = { firstName: 'Léa', lastName: 'Dupont', email: 'lea.dupont@test.fr', role: 'TELEOPERATOR' }

describe('in production without a mail server', () => {
  const logLines: Record<string, unknown>[] = []
  const t = signedInServer({
    config: {
      appEnv: 'production',
      smtpUrl: undefined,
      logLevel: 'warn',
      publicUrl: 'https://centre.example.fr',
    },
    build: { logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) } },
    users: { admin: { role: 'ADMIN' } },
  })

  it('warns at start that no e-mail will be sent', () => {
    expect(logLines.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/^SMTP_URL is not set: no e-mail/),
    )
  })

  it('hands the welcome link to the administrator instead of a mail that cannot go', async () => {
    const before = Date.now()
    const res = await t.agents.admin.request({ method: 'POST', url: '/api/users', payload: newUser })
    expect(res.statusCode, res.body).toBe(201)
    const { welcome, ...user } = res.json()
    expect(user).toMatchObject({ email: 'lea.dupont@test.fr', status: 'ACTIVE' })
    expect(welcome).toEqual({
      kind: 'link',
      url: expect.stringMatching(/^https:\/\/centre\.example\.fr\/reset-password\?token=[\w-]{20,}$/),
      expiresAt: expect.any(String),
    })
    const validFor = Date.parse(welcome.expiresAt) - before
    expect(validFor).toBeGreaterThanOrEqual(72 * HOUR - 1_000)
    expect(validFor).toBeLessThanOrEqual(72 * HOUR + 60_000)
    const token = decodeURIComponent(new URL(welcome.url).searchParams.get('token')!)
    expect(await isResetTokenValid(t.database.db, token)).toBe(true)
    // No mail queued that would fail (or, sent later, issue another link and kill this one).
    expect(await t.database.db.select().from(mailLog)).toEqual([])
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.action, 'hand-over-link')))
    expect(audit).toHaveLength(1)
    expect(JSON.stringify(audit)).not.toContain(token)
  })

  it('gives no link for an account created inactive', async () => {
    const res = await t.agents.admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { ...newUser, status: 'INACTIVE' },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().welcome).toEqual({ kind: 'none' })
    expect(await t.database.db.select().from(passwordResetTokens)).toEqual([])
  })

  it('« Nouveau lien » issues a fresh link that replaces the earlier one, audited, never stored', async () => {
    const created = await t.agents.admin.request({ method: 'POST', url: '/api/users', payload: newUser })
    const { id, welcome } = created.json()
    const first = decodeURIComponent(new URL(welcome.url).searchParams.get('token')!)

    const before = Date.now()
    const res = await t.agents.admin.request({ method: 'POST', url: `/api/user/${id}/welcome-link` })
    expect(res.statusCode, res.body).toBe(200)
    const link = res.json()
    expect(link).toEqual({
      url: expect.stringMatching(/^https:\/\/centre\.example\.fr\/reset-password\?token=[\w-]{20,}$/),
      expiresAt: expect.any(String),
    })
    const validFor = Date.parse(link.expiresAt) - before
    expect(validFor).toBeGreaterThanOrEqual(72 * HOUR - 1_000)
    expect(validFor).toBeLessThanOrEqual(72 * HOUR + 60_000)
    const second = decodeURIComponent(new URL(link.url).searchParams.get('token')!)
    expect(second).not.toBe(first)
    expect(await isResetTokenValid(t.database.db, second)).toBe(true)
    expect(await isResetTokenValid(t.database.db, first)).toBe(false)
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'hand-over-link')))
    expect(audit).toHaveLength(2)
    expect(await t.database.db.select().from(mailLog)).toEqual([])
  })

  it('« Nouveau lien » refuses a deactivated account (409) and an unknown one (404), issuing nothing', async () => {
    const created = await t.agents.admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { ...newUser, status: 'INACTIVE' },
    })
    const inactive = await t.agents.admin.request({
      method: 'POST',
      url: `/api/user/${created.json().id}/welcome-link`,
    })
    expect(inactive.statusCode).toBe(409)
    expect(inactive.json().error.message).toBe(
      'Ce compte est désactivé : réactivez-le avant de lui donner un lien.',
    )
    const unknown = await t.agents.admin.request({ method: 'POST', url: '/api/user/2000000000/welcome-link' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toBe('Utilisateur introuvable.')
    expect(await t.database.db.select().from(passwordResetTokens)).toEqual([])
  })

  it('« Nouveau lien » refuses an account whose owner chose a password (409): no take-over by a link', async () => {
    const created = await t.agents.admin.request({ method: 'POST', url: '/api/users', payload: newUser })
    const { id, welcome } = created.json()
    expect(created.json().passwordChosen).toBe(false)
    // The user follows the welcome link and chooses a password.
    const token = decodeURIComponent(new URL(welcome.url).searchParams.get('token')!)
    expect(await resetPasswordWithToken(t.database.db, token, 'Choisi-par-Lea-42')).toBe(id)
    expect((await t.agents.admin.request({ url: `/api/user/${id}` })).json().passwordChosen).toBe(true)
    const auditBefore = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, id))

    const res = await t.agents.admin.request({ method: 'POST', url: `/api/user/${id}/welcome-link` })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe(
      'Cet utilisateur a déjà choisi son mot de passe : il en obtient un nouveau avec « Mot de passe oublié ».',
    )
    // Nothing issued, nothing audited.
    expect(
      await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id)),
    ).toEqual([expect.objectContaining({ usedAt: expect.any(Date) })])
    expect(await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, id))).toEqual(
      auditBefore,
    )
  })

  it('says so at the top of the mails screen', async () => {
    const res = await t.agents.admin.request({ url: '/api/mail-templates' })
    expect(res.statusCode).toBe(200)
    expect(res.json().mailServerMissing).toBe(true)
  })
})

describe('with a mail server (the dev mailbox outside production)', () => {
  const t = signedInServer({ config: { welcomeLinkMs: 5 * HOUR }, users: { admin: { role: 'ADMIN' } } })

  it('queues the welcome mail, whose link lasts the configured validity, and says it is queued', async () => {
    const before = Date.now()
    const res = await t.agents.admin.request({ method: 'POST', url: '/api/users', payload: newUser })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().welcome).toEqual({ kind: 'mail-queued' })
    const [created] = await t.database.db.select().from(users).where(eq(users.email, newUser.email))
    const token = await vi.waitFor(
      async () => {
        const [row] = await t.database.db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, created!.id))
        expect(row).toBeDefined()
        return row!
      },
      { timeout: 10_000, interval: 50 },
    )
    const validFor = token.expiresAt.getTime() - before
    expect(validFor).toBeGreaterThanOrEqual(5 * HOUR - 1_000)
    expect(validFor).toBeLessThanOrEqual(5 * HOUR + 60_000)
    const mail = await vi.waitFor(
      async () => {
        const sent = (await t.database.db.query.mailOutbox.findMany()).find((one) => one.to === newUser.email)
        expect(sent).toBeDefined()
        return sent!
      },
      { timeout: 10_000, interval: 50 },
    )
    expect(mail.text).toContain('(valable 5 heures)')
    expect((await t.agents.admin.request({ url: '/api/mail-templates' })).json().mailServerMissing).toBe(
      false,
    )
  })
})
