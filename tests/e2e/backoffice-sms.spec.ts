// Issue #15 "SMS", on the production build and the simulator: an administrator edits a template and
// sees its count of characters and segments change (one Ê turns the text to UCS-2); a teleoperator
// sends that template from a lead's sheet, sees it in the lead's history, and the administrator's send
// log shows it delivered. The server's SMS clock is set to a Tuesday morning (SMS_CLOCK), so the quiet
// hours do not depend on the hour the test runs at. Laptop and tablet sizes, no sideways scroll.
import { expect, test, type Page } from './fixtures.ts'
import { signIn, xsrfHeaders } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('sms', { SMS_CLOCK: '2026-03-03T10:00:00+01:00' })
const TEMPLATE = 'Nous avons essayé de vous joindre'
const EDITED = 'Bonjour {prénom}, nous avons tenté de vous joindre pour {mission}. STOP au 36180'
/** 80 characters; the four braces are GSM-7 extension characters, two each. */
const GSM_COUNT = 'Texte brut : 84 caractères · 1 SMS · GSM-7'

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

test('an administrator edits a template and a teleoperator sends it from the lead sheet', async ({
  browser,
}) => {
  const admin = await browser.newPage({ viewport: { width: 1024, height: 768 } })
  await admin.goto(`${server.origin}/login`)
  await signIn(admin, 'admin@demo.fr')
  await expect(admin).toHaveURL(/\/home$/)
  await admin.goto(`${server.origin}/backoffice/sms`)
  await expect(admin.getByRole('heading', { level: 1, name: 'SMS' })).toBeVisible()

  const editor = admin.getByRole('region', { name: TEMPLATE })
  const field = editor.getByLabel(`Texte du modèle « ${TEMPLATE} »`)
  await field.fill(EDITED)
  const count = editor.getByText(/^Texte brut : /)
  await expect(count).toHaveText(GSM_COUNT)
  await expect(
    editor.getByText('Bonjour Camille, nous avons tenté de vous joindre pour Isolation.', { exact: false }),
  ).toBeVisible()
  // One capital Ê: the whole text is UCS-2, 70 characters a segment.
  await field.press('End')
  await field.pressSequentially(' Ê')
  await expect(count).toHaveText('Texte brut : 82 caractères · 2 SMS · UCS-2 (caractères spéciaux)')
  await field.press('Backspace')
  await field.press('Backspace')
  await expect(count).toHaveText(GSM_COUNT)
  // An unknown variable is refused before saving.
  await field.pressSequentially(' {code}')
  await expect(editor.getByRole('alert')).toContainText('Variable inconnue : {code}')
  await expect(editor.getByRole('button', { name: 'Enregistrer' })).toBeDisabled()
  await field.fill(EDITED)
  await editor.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(admin.getByText(`Modèle « ${TEMPLATE} » enregistré.`)).toBeVisible()
  await noSidewaysScroll(admin)
  await admin.setViewportSize({ width: 768, height: 1024 })
  await noSidewaysScroll(admin)

  // The teleoperator takes a lead and texts it. Its phone is made a mobile first (not every demo lead
  // has one) by the administrator: an agent may not text a number they changed less than an hour ago.
  const agent = await browser.newPage({ viewport: { width: 768, height: 1024 } })
  await agent.goto(`${server.origin}/login`)
  await signIn(agent, 'teleop2@demo.fr')
  await agent.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(agent).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = agent.url().split('/').pop()!
  const update = await admin.request.put(`${server.origin}/api/lead/${uuid}`, {
    headers: await xsrfHeaders(admin),
    data: { phone: '06 12 34 56 78' },
  })
  expect(update.ok()).toBe(true)
  await agent.reload()
  await agent.getByLabel('Modèle', { exact: true }).selectOption({ label: TEMPLATE })
  await expect(agent.getByText(/nous avons tenté de vous joindre pour .*\. STOP au 36180$/)).toBeVisible()
  await expect(
    agent.getByText(/^\d+ caractères · 1 SMS · (GSM-7|UCS-2 \(caractères spéciaux\))$/),
  ).toBeVisible()
  await agent.getByRole('button', { name: 'Envoyer le SMS' }).click()
  await expect(agent.getByText('SMS envoyé au lead.')).toBeVisible()
  await expect(agent.getByText(`SMS « ${TEMPLATE} »`)).toBeVisible()
  await noSidewaysScroll(agent)

  // The send log: delivered (the simulator reports sent, then delivered).
  await admin.goto(`${server.origin}/backoffice/sms?tab=log`)
  // Phones are written the French way in every list (issue #31 point 4).
  const item = admin.getByRole('listitem').filter({ hasText: '06 12 34 56 78' })
  await expect(item.getByText('Remis', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(item).toContainText('STOP au 36180')
  await noSidewaysScroll(admin)
})
