// An inbound call from a known number on the simulator (issue #4 "Tests"): the 'Appel entrant' alert
// shows the caller and the matched lead, `Répondre` opens that lead's sheet; when the user holds
// another lead, the alert says so up front and one click answers anyway (issue #11).
// The manager (call-capable, reads every lead) is used by this file only for calls on the shared
// server; the tests run one after the other and each leaves it without call, untagged call or lead.
import { expect, test, type Page } from './fixtures.ts'
import { ongoingCallId, settleUser, signInFromLogin, xsrfHeaders, pauseLeadChain } from './helpers.ts'

type Lead = {
  id: number
  uuid: string
  firstName: string
  lastName: string
  phone: string
  status: string
  processingUser: { id: number } | null
}

/** `+33612345678` → `06 12 34 56 78`, as the screens write French numbers. */
function frenchFormat(e164: string): string {
  return `0${e164.slice(3)}`.replace(/(\d{2})(?=\d)/g, '$1 ')
}

/**
 * A lead no find or pick of another spec can hand out meanwhile (a final status), held by nobody,
 * whose phone is its own: the caller's number then designates it alone. Once a test has tagged it
 * (`Rappeler plus tard`), it is no longer final, so the next test takes another one.
 */
async function callerLead(page: Page): Promise<Lead> {
  for (let id = 2400; id > 2000; id--) {
    const response = await page.request.get(`/api/lead/${id}`)
    if (!response.ok()) continue
    const lead = (await response.json()) as Lead
    if (lead.processingUser || !['NOT_INTERESTED', 'WRONG_NUMBER'].includes(lead.status)) continue
    const search = await page.request.get(`/api/lead/search/${encodeURIComponent(lead.phone)}/1`)
    const found = (await search.json()) as { total: number }
    if (found.total === 1) return lead
  }
  throw new Error('no suitable caller lead')
}

async function hangUpFromSoftphone(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Outils de développement' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await page
    .getByRole('region', { name: 'Softphone (simulateur)' })
    .getByRole('button', { name: 'Raccrocher' })
    .click()
  await expect(page.getByRole('region', { name: 'Appel en cours' })).toBeHidden()
  await toggle.click()
}

test.beforeEach(async ({ page }) => {
  await signInFromLogin(page, 'manager@demo.fr')
})

test.afterEach(async ({ page }) => {
  await settleUser(page)
})

test('an inbound call from a known number: the alert names the lead and Répondre opens its sheet', async ({
  page,
}) => {
  const me = (await (await page.request.get('/api/user/me')).json()) as { id: number }
  const lead = await callerLead(page)
  const name = `${lead.firstName} ${lead.lastName}`

  // The caller dials in with the number written the French way; the server normalises it.
  const raised = await page.request.post('/api/dev/telephony/inbound', {
    headers: await xsrfHeaders(page),
    data: { userId: me.id, fromNumber: frenchFormat(lead.phone) },
  })
  expect(raised.ok(), await raised.text()).toBe(true)

  const alert = page.getByRole('dialog', { name: 'Appel entrant' })
  await expect(alert).toBeVisible()
  await expect(alert.getByText(`Appelant : ${frenchFormat(lead.phone)}`)).toBeVisible()
  await expect(alert.getByText(`Lead reconnu : ${name}`)).toBeVisible()
  await alert.getByRole('button', { name: 'Répondre', exact: true }).click()

  await expect(page).toHaveURL(new RegExp(`/lead/${lead.uuid}$`))
  await expect(alert).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const bar = page.getByRole('region', { name: 'Appel en cours' })
  await expect(bar.getByText('Entrant')).toBeVisible()
  await expect(bar.getByText('En communication')).toBeVisible()
  await expect(bar.getByRole('link', { name: `Lead : ${name}` })).toBeVisible()

  const callId = await ongoingCallId(page)
  await hangUpFromSoftphone(page)
  // The user does not hold this lead, but their own call concerns it: the outcome form is theirs.
  await pauseLeadChain(page)
  await page.getByRole('radio', { name: 'Rappeler plus tard' }).check()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).toHaveURL(/\/home$/)
  const history = (await (await page.request.get(`/api/lead/${lead.id}/history`)).json()) as {
    kind: string
    data: { callId?: number }
  }[]
  expect(history[0]).toMatchObject({ kind: 'tag', data: { callId } })
})

test('an inbound call while holding another lead: the alert explains it and answers anyway', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const held = new URL(page.url()).pathname.split('/')[2]!
  const heldLead = (await (await page.request.get(`/api/lead/${held}`)).json()) as Lead

  const lead = await callerLead(page)
  const name = `${lead.firstName} ${lead.lastName}`
  expect(lead.uuid).not.toBe(held)

  // Raised from the dev tools softphone this time.
  const toggle = page.getByRole('button', { name: 'Outils de développement' })
  await toggle.click()
  const softphone = page.getByRole('region', { name: 'Softphone (simulateur)' })
  await softphone.getByLabel('Numéro de l’appelant').fill(lead.phone)
  await softphone.getByRole('button', { name: 'Simuler un appel entrant' }).click()

  const alert = page.getByRole('dialog', { name: 'Appel entrant' })
  await expect(alert.getByText(`Lead reconnu : ${name}`)).toBeVisible()
  // Issue #11: the held lead is said up front (the page knows it) and one click answers anyway.
  await expect(alert.getByText('Vous avez un lead en cours de traitement : il reste le vôtre.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/lead/${held}$`))
  await alert.getByRole('button', { name: 'Répondre', exact: true }).click()

  await expect(page).toHaveURL(new RegExp(`/lead/${lead.uuid}$`))
  await expect(alert).toBeHidden()
  await expect(
    page.getByRole('region', { name: 'Appel en cours' }).getByText('En communication'),
  ).toBeVisible()
  // Answering does not assign the caller's lead: the user still holds the first one.
  const me = (await (await page.request.get('/api/user/me')).json()) as { processingLeadId: number | null }
  expect(me.processingLeadId).toBe(heldLead.id)

  await hangUpFromSoftphone(page)
  await pauseLeadChain(page)
  await page.getByRole('radio', { name: 'Rappeler plus tard' }).check()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).toHaveURL(/\/home$/)
  expect(await ongoingCallId(page)).toBeNull()
})
