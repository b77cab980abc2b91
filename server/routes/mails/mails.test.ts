// Issue #15 "E-mails": templates edited by administrators (whitelisted placeholders, optimistic saves,
// restore, audit), mails sent by the durable job to a REAL local SMTP server (tests/setup/smtp-server),
// failures recorded with the SMTP error, resend, and no password link in the log.
import { and, eq } from 'drizzle-orm'
import type { Job } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MailLogPage, MailTemplate } from '../../../src/contracts/mails.ts'
import { auditEntries, leads, mailLog, passwordResetTokens, users } from '../../db/schema.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'
import { appointmentDay } from '../../domain/mails/appointment-mails.ts'
import { deliverMail, MAIL_QUEUE, queueMail, type MailJobData } from '../../domain/mails/send.ts'
import { hashToken, isResetTokenValid, resetPasswordWithToken } from '../../domain/access/password-reset.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { startSmtpServer, type TestSmtpServer } from '../../../tests/setup/smtp-server.ts'

let smtp: TestSmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp.close())

// Short SMTP steps, so that the stalled send ends quickly; an answer of the local server takes
// milliseconds.
const SMTP_STEP_MS = 1_500

const t = signedInServer({
  config: () => ({
    smtpUrl: smtp.url,
    smtpStepTimeoutMs: SMTP_STEP_MS,
    publicUrl: 'https://centre.exemple.fr',
  }),
  users: { admin: { role: 'ADMIN' }, teleop: {} },
})
const { admin, teleop: agent } = t.agents
const WAIT = { timeout: 15_000, interval: 50 }

async function template(key: string): Promise<MailTemplate> {
  const res = await admin.request({ url: '/api/mail-templates' })
  expect(res.statusCode).toBe(200)
  return res.json().templates.find((item: MailTemplate) => item.key === key)
}

function received(to: string, count = 1) {
  return vi.waitFor(() => {
    const mails = smtp.received.filter((mail) => mail.to === to)
    if (mails.length < count) throw new Error(`${mails.length} mails to ${to}`)
    return mails
  }, WAIT)
}

function logged(id: number, status: string) {
  return vi.waitFor(async () => {
    const [row] = await t.database.db.select().from(mailLog).where(eq(mailLog.id, id))
    if (row?.status !== status) throw new Error(`mail ${id} is ${row?.status}`)
    return row
  }, WAIT)
}

async function heldLead(email: string | null) {
  const { db } = t.database
  const me = t.users.teleop
  const { market } = await insertMission(db, { userIds: [me.id] })
  const lead = await insertLead(db, market.id, {
    firstName: 'Zoé',
    lastName: 'L’Écuyer',
    email,
    step: 2,
    status: 'IN_PROGRESS',
    processingUserId: me.id,
    processingSince: new Date(),
  })
  await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
  return lead
}

const slot = () => offeredDays(new Date())[1]!.slots[1]!.startsAt

describe('templates', () => {
  it('lists every template with its default and its variables', async () => {
    const confirmation = await template('appointment-confirmation')
    expect(confirmation).toMatchObject({ version: 0, isDefault: true, updatedAt: null })
    expect(confirmation.variables).toEqual(['prénom', 'nom', 'date_rdv', 'heure_rdv', 'mission'])
    expect((await template('welcome')).variables).toContain('lien')
  })

  it('refuses unknown placeholders and unbalanced braces in French, changing nothing', async () => {
    const base = await template('appointment-confirmation')
    for (const [field, value, message] of [
      ['text', 'Bonjour {lien}', 'La variable {lien} n’existe pas pour ce modèle.'],
      ['html', '<p>Bonjour {prénom</p>', 'n’est pas refermée'],
      ['subject', 'RDV}', 'n’a pas d’accolade ouvrante'],
    ] as const) {
      const res = await admin.request({
        method: 'PUT',
        url: '/api/mail-templates/appointment-confirmation',
        payload: { subject: base.subject, html: base.html, text: base.text, version: 0, [field]: value },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields[field]).toContain(message)
    }
    expect(await template('appointment-confirmation')).toEqual(base)
    expect(await t.database.db.select().from(auditEntries)).toEqual([])
  })

  it('refuses a password mail without {lien} in its HTML or its text, by field, changing nothing', async () => {
    const message =
      'Ce champ doit contenir la variable {lien} : sans elle, le destinataire ne reçoit pas de lien pour choisir son mot de passe.'
    for (const key of ['welcome', 'password-reset'] as const) {
      const base = await template(key)
      const save = (content: Partial<MailTemplate>) =>
        admin.request({
          method: 'PUT',
          url: `/api/mail-templates/${key}`,
          payload: { subject: base.subject, html: base.html, text: base.text, version: 0, ...content },
        })
      const withoutLink = {
        html: base.html.replace('<a href="{lien}">', '<a href="https://exemple.fr">'),
        text: base.text.replace('{lien}', 'https://exemple.fr'),
      }
      for (const [content, fields] of [
        [{ html: withoutLink.html }, { html: message }],
        [{ text: withoutLink.text }, { text: message }],
        [withoutLink, { html: message, text: message }],
      ] as const) {
        const res = await save(content)
        expect(res.statusCode).toBe(400)
        expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message })
        expect(res.json().error.fields).toEqual(fields)
      }
      expect(await template(key)).toEqual(base)
      // The link moved elsewhere in each part is enough.
      const moved = await save({
        html: `${withoutLink.html}<p>{lien}</p>`,
        text: `{lien}\n${withoutLink.text}`,
      })
      expect(moved.statusCode).toBe(200)
    }
    // The appointment mails carry no link: nothing is required there.
    const confirmation = await template('appointment-confirmation')
    const plain = await admin.request({
      method: 'PUT',
      url: '/api/mail-templates/appointment-confirmation',
      payload: { subject: 'RDV', html: '<p>RDV</p>', text: 'RDV', version: confirmation.version },
    })
    expect(plain.statusCode).toBe(200)
  })

  it('saves from the version edited, refuses a stale one, restores the default; all audited', async () => {
    const base = await template('appointment-reminder')
    const edit = { subject: base.subject, html: `${base.html}<p>Nouveau</p>`, text: base.text }
    const save = (version: number) =>
      admin.request({
        method: 'PUT',
        url: '/api/mail-templates/appointment-reminder',
        payload: { ...edit, version },
      })
    const [first, second] = await Promise.all([save(0), save(0)])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409])
    const stale = first.statusCode === 409 ? first : second
    expect(stale.json()).toMatchObject({ error: { code: 'STALE_VERSION' }, current: { version: 1 } })
    expect(await template('appointment-reminder')).toMatchObject({
      version: 1,
      isDefault: false,
      html: edit.html,
    })
    expect((await agent.request({ url: '/api/mail-templates' })).statusCode).toBe(403)

    const restored = await admin.request({
      method: 'POST',
      url: '/api/mail-templates/appointment-reminder/restore',
      payload: { version: 1 },
    })
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toMatchObject({ version: 2, isDefault: true, html: base.html })
    const audit = await t.database.db.select().from(auditEntries).orderBy(auditEntries.id)
    expect(audit.map((entry) => [entry.entity, entry.action])).toEqual([
      ['mailTemplate', 'update'],
      ['mailTemplate', 'restore'],
    ])
  })

  it('serves the preview frame as its own document: inline styles allowed, scripts not, XSRF in the form (issue #31)', async () => {
    const content = {
      subject: 'Test {prénom}',
      html: '<p style="color: #0b5">Bonjour {prénom} {nom}</p>',
      text: 'Texte {nom}',
    }
    await admin.request({ method: 'GET', url: '/api/user/me' })
    const form = (extra: Record<string, string>) => new URLSearchParams({ ...content, ...extra }).toString()
    const frame = await admin.request({
      method: 'POST',
      url: '/api/mail-templates/appointment-confirmation/preview-frame',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ _xsrf: admin.cookies.get('XSRF-TOKEN')! }),
      xsrf: false,
    })
    expect(frame.statusCode, frame.body).toBe(200)
    expect(frame.headers['content-type']).toMatch(/^text\/html/)
    expect(frame.body).toContain('<p style="color: #0b5">Bonjour Camille Martin</p>')
    const csp = String(frame.headers['content-security-policy'])
    expect(csp).toContain("style-src 'unsafe-inline'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain('sandbox')
    expect(csp).not.toContain('script-src')
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN')
    // Without the form's token (another site's form), or with a wrong one: refused.
    for (const extra of [{}, { _xsrf: 'forged' }] as Record<string, string>[]) {
      const refused = await admin.request({
        method: 'POST',
        url: '/api/mail-templates/appointment-confirmation/preview-frame',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(extra),
        xsrf: false,
      })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.code).toBe('CSRF')
    }
    // An unknown placeholder: the French refusal, as the JSON preview gives it.
    const bad = await admin.request({
      method: 'POST',
      url: '/api/mail-templates/appointment-confirmation/preview-frame',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...content,
        html: '<p>{inconnu}</p>',
        _xsrf: admin.cookies.get('XSRF-TOKEN')!,
      }).toString(),
      xsrf: false,
    })
    expect(bad.statusCode).toBe(400)
  })

  it('previews with the sample lead and sends a test to the administrator', async () => {
    const content = { subject: 'Test {prénom}', html: '<p>Bonjour {prénom} {nom}</p>', text: 'Texte {nom}' }
    const preview = await admin.request({
      method: 'POST',
      url: '/api/mail-templates/appointment-confirmation/preview',
      payload: content,
    })
    expect(preview.statusCode).toBe(200)
    expect(preview.json().subject).toBe('Test Camille')
    expect(preview.json().html).toContain('Bonjour Camille Martin')
    const sent = await admin.request({
      method: 'POST',
      url: '/api/mail-templates/appointment-confirmation/test',
      payload: content,
    })
    expect(sent.statusCode).toBe(202)
    const [mail] = await received(t.users.admin.email)
    expect(mail).toMatchObject({ subject: 'Test Camille', text: 'Texte Martin' })
    expect(mail!.html).toContain('Bonjour Camille Martin')
    expect(await logged(sent.json().id, 'sent')).toMatchObject({ test: true, attempts: 1 })
  })
})

describe('sending', () => {
  it('books with the confirmation: the SMTP server receives the edited template, the log says sent', async () => {
    const base = await template('appointment-confirmation')
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/mail-templates/appointment-confirmation',
      payload: { ...base, html: `${base.html}<p>Pensez à vos factures, {prénom}.</p>`, version: 0 },
    })
    expect(saved.statusCode).toBe(200)
    const lead = await heldLead('zoe@exemple.fr')
    const startsAt = slot()
    const res = await agent.request({
      method: 'POST',
      url: `/api/lead/${lead.uuid}/appointment`,
      payload: { startsAt: startsAt.toISOString(), confirmByEmail: true },
    })
    expect(res.statusCode).toBe(200)
    const [mail] = await received('zoe@exemple.fr')
    // Built with the product's own formatter, and read with a Unicode-aware pattern: `\w` without
    // the `u` flag is ASCII and failed in décembre, février and août (issue #25).
    expect(mail!.subject).toBe(`Confirmation de votre rendez-vous du ${appointmentDay(startsAt)}`)
    expect(mail!.subject).toMatch(/^Confirmation de votre rendez-vous du \p{L}+ \d{1,2}(er)? \p{L}+ \d{4}$/u)
    expect(mail!.text).toContain('Bonjour Zoé L’Écuyer')
    expect(mail!.html).toContain('Pensez à vos factures, Zoé.')
    const page: MailLogPage = (
      await admin.request({ url: '/api/mail-log?template=appointment-confirmation' })
    ).json()
    expect(page.items).toMatchObject([{ to: 'zoe@exemple.fr', leadId: lead.id, status: 'sent', attempts: 1 }])
  })

  it('sends nothing without the box ticked, nor to a lead without an address', async () => {
    for (const [email, confirmByEmail] of [
      ['sans@exemple.fr', false],
      [null, true],
    ] as const) {
      const lead = await heldLead(email)
      const res = await agent.request({
        method: 'POST',
        url: `/api/lead/${lead.uuid}/appointment`,
        payload: { startsAt: slot().toISOString(), confirmByEmail },
      })
      expect(res.statusCode).toBe(200)
      await t.database.db.update(users).set({ processingLeadId: null }).where(eq(users.id, t.users.teleop.id))
    }
    expect(await t.database.db.select().from(mailLog)).toEqual([])
  })

  it('records an SMTP refusal as failed with the server’s error, and resends on demand', async () => {
    const lead = await heldLead('reject@exemple.fr')
    await agent.request({
      method: 'POST',
      url: `/api/lead/${lead.uuid}/appointment`,
      payload: { startsAt: slot().toISOString(), confirmByEmail: true },
    })
    const [row] = await t.database.db.select().from(mailLog)
    const failed = await logged(row!.id, 'failed')
    expect(failed.error).toContain('550')
    expect(failed.attempts).toBe(1)
    const filtered: MailLogPage = (
      await admin.request({ url: '/api/mail-log?status=failed&q=REJECT' })
    ).json()
    expect(filtered.items.map((item) => item.id)).toEqual([row!.id])

    // The lead's address corrected, the resend goes (to the logged address: here a good one).
    await t.database.db.update(mailLog).set({ to: 'zoe2@exemple.fr' }).where(eq(mailLog.id, row!.id))
    await t.database.db.update(leads).set({ email: 'zoe2@exemple.fr' }).where(eq(leads.id, lead.id))
    const resend = await admin.request({ method: 'POST', url: `/api/mail-log/${row!.id}/resend` })
    expect(resend.statusCode).toBe(202)
    expect(await logged(resend.json().id, 'sent')).toMatchObject({ resendOf: row!.id })
    const [mail] = await received('zoe2@exemple.fr')
    expect(mail!.text).toContain('Bonjour Zoé')
    const [audit] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entity, 'mail'))
    expect(audit).toMatchObject({ action: 'resend', entityId: row!.id })
    expect((await admin.request({ method: 'POST', url: '/api/mail-log/999999/resend' })).statusCode).toBe(404)
  })

  it('ends a send the SMTP server stalls within the mailer’s bound: failed once, its job set to retry', async () => {
    // Unbounded, nodemailer waits 10 minutes for an answer: pg-boss would retry the job (after 120 s)
    // while the first attempt still runs, and both could deliver.
    const boss = t.app.jobs.boss()
    // The job engine's tables outlive the reset between tests, and log ids restart: earlier jobs aside.
    const earlier = new Set((await boss.findJobs(MAIL_QUEUE)).map((job) => job.id))
    const id = await queueMail(t.app, {
      template: 'appointment-confirmation',
      to: 'stall@exemple.fr',
      variables: { prénom: 'Zoé', nom: 'L’Écuyer' },
    })
    // Ended by the mailer's own bound (the test's 30 s limit is far below nodemailer's 10 minutes).
    const failed = await logged(id, 'failed')
    expect(failed).toMatchObject({ attempts: 1, sentAt: null })
    expect(failed.error).toMatch(/timeout/i)
    // The log row is written before the handler throws; pg-boss then records the failure.
    const jobs = await vi.waitFor(
      async () => {
        const mine = (await boss.findJobs<MailJobData>(MAIL_QUEUE, { data: { logId: id } })).filter(
          (job) => !earlier.has(job.id),
        )
        if (mine.some((job) => job.state === 'active')) throw new Error('the attempt is still being recorded')
        return mine
      },
      { timeout: 10_000, interval: 50 },
    )
    // Failed once and waiting for its first retry (30 s later, MAIL_RETRY), which no attempt overlaps.
    expect(jobs.map(({ state, retryCount }) => ({ state, retryCount }))).toEqual([
      { state: 'retry', retryCount: 0 },
    ])
    expect(jobs[0]!.startAfter.getTime()).toBeGreaterThan(Date.now() + 10_000)
    expect(smtp.received.filter((mail) => mail.to === 'stall@exemple.fr')).toEqual([])
  })

  it('delivers at least once: a job back for a sent row sends nothing, a row left unsent is sent again', async () => {
    const to = 'deux@exemple.fr'
    const id = await queueMail(t.app, {
      template: 'appointment-confirmation',
      to,
      variables: { prénom: 'Zoé' },
    })
    await logged(id, 'sent')
    await received(to)
    const job = { data: { logId: id } } as Job<MailJobData>
    // The worker recorded the mail, then died before the engine marked the job done: it comes back.
    await deliverMail(t.app, job)
    expect(smtp.received.filter((mail) => mail.to === to)).toHaveLength(1)
    // The worker died after the SMTP server accepted the mail, before the row said so: sent again.
    await t.database.db.update(mailLog).set({ status: 'queued', sentAt: null }).where(eq(mailLog.id, id))
    await deliverMail(t.app, job)
    expect(await received(to, 2)).toHaveLength(2)
  })

  it('keeps password links out of the log; a resend issues a fresh link and the old one dies', async () => {
    const { db } = t.database
    const email = t.users.teleop.email
    await agent.request({ method: 'POST', url: '/api/forgotPassword', payload: { email } })
    const [first] = await received(email)
    const link = first!.text.match(/https:\/\/centre\.exemple\.fr\/reset-password\?token=\S+/)![0]
    expect(first!.html).toContain(link.replaceAll('&', '&amp;'))
    const [row] = await db.select().from(mailLog).where(eq(mailLog.template, 'password-reset'))
    const sent = await logged(row!.id, 'sent')
    const token = new URL(link).searchParams.get('token')!
    const stored = JSON.stringify(sent)
    expect(stored).not.toContain(token)
    expect(sent.text).toContain('[lien personnel masqué]')
    expect(sent.html).toContain('[lien personnel masqué]')

    const resend = await admin.request({ method: 'POST', url: `/api/mail-log/${row!.id}/resend` })
    await logged(resend.json().id, 'sent')
    const [, second] = await received(email, 2)
    const fresh = new URL(second!.text.match(/https:\S+token=\S+/)![0]).searchParams.get('token')!
    expect(fresh).not.toBe(token)
    const tokens = await db.select().from(passwordResetTokens)
    expect(tokens.map((row) => row.tokenHash)).toEqual([hashToken(fresh)])
    const all = JSON.stringify(
      await db
        .select()
        .from(mailLog)
        .where(and(eq(mailLog.to, email))),
    )
    expect(all).not.toContain(token)
    expect(all).not.toContain(fresh)
  })

  it('sends a retried password mail with the link of its first attempt while it is valid (issue #30)', async () => {
    const { db } = t.database
    const email = t.users.teleop.email
    const before = smtp.received.filter((mail) => mail.to === email).length
    const tokenOf = (mail: { text: string }) =>
      new URL(mail.text.match(/https:\S+token=\S+/)![0]).searchParams.get('token')!
    await agent.request({ method: 'POST', url: '/api/forgotPassword', payload: { email } })
    const first = (await received(email, before + 1)).at(-1)!
    const [row] = await db.select().from(mailLog).where(eq(mailLog.template, 'password-reset'))
    await logged(row!.id, 'sent')
    // The worker died after the SMTP server took the mail, before the row said so: the job comes back.
    await db.update(mailLog).set({ status: 'queued', sentAt: null }).where(eq(mailLog.id, row!.id))
    await deliverMail(t.app, { data: { logId: row!.id } } as Job<MailJobData>)
    const again = (await received(email, before + 2)).at(-1)!
    expect(tokenOf(again)).toBe(tokenOf(first))
    expect(await isResetTokenValid(db, tokenOf(first))).toBe(true)
    // Once the link is used, a retry cannot bring it back: it carries a fresh one.
    expect(await resetPasswordWithToken(db, tokenOf(first), 'Nouveau1234')).toBe(t.users.teleop.id)
    await db.update(mailLog).set({ status: 'queued', sentAt: null }).where(eq(mailLog.id, row!.id))
    await deliverMail(t.app, { data: { logId: row!.id } } as Job<MailJobData>)
    const third = (await received(email, before + 3)).at(-1)!
    expect(tokenOf(third)).not.toBe(tokenOf(first))
    expect(await isResetTokenValid(db, tokenOf(first))).toBe(false)
    expect(await isResetTokenValid(db, tokenOf(third))).toBe(true)
  })
})
