// Issue #15 "E-mails", on the production build: an administrator adds a sentence to the appointment
// confirmation template, a teleoperator books an appointment for a lead with an address (the
// confirmation box ticked by default), and a REAL local SMTP server started by this spec receives the
// mail with the edited sentence; the log shows it sent. Tablet sizes scroll no page sideways. The
// server is this file's own, its SMTP_URL pointing at the spec's SMTP server.
import { expect, test, type Page } from './fixtures.ts'
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.ts'
import { signIn, xsrfHeaders } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

// Filled before the server starts (hooks run in the order they are declared).
const env: Record<string, string> = {}
let smtp: TestSmtpServer
test.beforeAll(async () => {
  smtp = await startSmtpServer()
  env.SMTP_URL = smtp.url
})
test.afterAll(async () => {
  await smtp.close()
})
const server = useOwnServer('mails', env)

const SENTENCE = 'Merci de préparer vos trois dernières factures.'
const LEAD_EMAIL = 'lead.e2e@exemple.fr'

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

test('an edited confirmation template reaches the lead through SMTP when a teleoperator books', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  // The administrator edits the template.
  const adminContext = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const admin = await adminContext.newPage()
  await admin.goto(`${server.origin}/login`)
  await signIn(admin, 'admin@demo.fr')
  await expect(admin).toHaveURL(/\/home$/)
  await admin.goto(`${server.origin}/backoffice/mails`)
  await expect(admin.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible()
  await expect(admin.getByLabel('Modèle', { exact: true })).toHaveValue('appointment-confirmation')
  const html = admin.getByLabel('Contenu HTML')
  await html.click()
  await html.press('End')
  await html.pressSequentially(`<p style="color: rgb(0, 110, 50)">${SENTENCE} `)
  await admin.getByRole('button', { name: '{prénom}' }).click()
  await html.pressSequentially('</p>')
  // Issue #31: the preview is the server's own document (its CSP allows the mail's inline styles), so
  // the paragraph shows in its colour, as recipients will see it.
  const preview = admin.frameLocator('iframe[title="Aperçu de l’e-mail en HTML"]')
  const paragraph = preview.getByText(`${SENTENCE} Camille`)
  await expect(paragraph).toBeVisible()
  await expect(paragraph).toHaveCSS('color', 'rgb(0, 110, 50)')
  await noSidewaysScroll(admin)
  await admin.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(admin.getByText('Modèle enregistré.')).toBeVisible()
  await admin.setViewportSize({ width: 768, height: 1024 })
  await noSidewaysScroll(admin)

  // A teleoperator takes a lead, gives it an address and books its appointment.
  const teleopContext = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const teleop = await teleopContext.newPage()
  await teleop.goto(`${server.origin}/login`)
  await signIn(teleop, 'teleop1@demo.fr')
  await teleop.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(teleop).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = new URL(teleop.url()).pathname.split('/').pop()!
  const lead = (await (await teleop.request.get(`${server.origin}/api/lead/${uuid}`)).json()) as {
    id: number
    updatedAt: string
    firstName: string
  }
  const updated = await teleop.request.put(`${server.origin}/api/lead/${lead.id}`, {
    headers: await xsrfHeaders(teleop),
    data: { email: LEAD_EMAIL, updatedAt: lead.updatedAt },
  })
  expect(updated.ok(), await updated.text()).toBe(true)
  await teleop.goto(`${server.origin}/lead/${uuid}/appointment`)
  await expect(teleop.getByRole('checkbox', { name: 'Envoyer la confirmation par e-mail' })).toBeChecked()
  const firstDay = teleop
    .getByRole('group')
    .filter({ has: teleop.getByRole('radio') })
    .first()
  await firstDay.getByRole('radio').first().focus()
  await teleop.keyboard.press('Space')
  await teleop.keyboard.press('Enter')
  await expect(teleop.getByText(/^Rendez-vous fixé le /)).toBeVisible()

  // The SMTP server receives the edited confirmation.
  await expect
    .poll(() => smtp.received.find((mail) => mail.to === LEAD_EMAIL)?.html ?? '', { timeout: 30_000 })
    .toContain(`${SENTENCE} ${lead.firstName}`)
  const mail = smtp.received.find((item) => item.to === LEAD_EMAIL)!
  expect(mail.subject).toMatch(/^Confirmation de votre rendez-vous du /)
  expect(mail.text).toContain(`Bonjour ${lead.firstName}`)

  // The log shows it sent.
  await admin.goto(`${server.origin}/backoffice/mails?vue=journal`)
  const row = admin.getByRole('row').filter({ hasText: LEAD_EMAIL })
  await expect(row).toContainText('Confirmation de rendez-vous au lead')
  await expect(row).toContainText('Envoyé', { timeout: 15_000 })
  await noSidewaysScroll(admin)
  await admin.setViewportSize({ width: 1024, height: 768 })
  await noSidewaysScroll(admin)
  await adminContext.close()
  await teleopContext.close()
})
