// Booking an appointment (issue #4 "Appointments"): a teleoperator takes a lead, calls, hangs up,
// brings the lead to its last step, chooses "RDV pris", lands on the appointment page, books a slot
// and finds it on the lead. Issue #29 point 3: "RDV pris" is recorded with the booking, not before —
// leaving the booking page leaves the lead held, its outcome still to record. teleop3 is this spec's
// own account (other specs sign in with others).
import { expect, test, type Page } from './fixtures.ts'
import { ongoingCallId, settleUser, signInFromLogin, xsrfHeaders } from './helpers.ts'

type Tag = { id: number; label: string; nextStep: number | null }
type LeadData = {
  id: number
  uuid: string
  step: number
  maxStep: number
  metadata: { appointment?: { startsAt: string } }
  market: { mission: { callProcess: { callProcessSteps: { number: number; callProcessTags: Tag[] }[] } } }
}

async function readLead(page: Page, uuid: string): Promise<LeadData> {
  return (await (await page.request.get(`/api/lead/${uuid}`)).json()) as LeadData
}

/** Test setup through the API: the outcomes that move the lead on, step by step, to its last step. */
async function advanceToLastStep(page: Page, uuid: string): Promise<void> {
  for (;;) {
    const lead = await readLead(page, uuid)
    if (lead.step >= lead.maxStep) return
    const step = lead.market.mission.callProcess.callProcessSteps.find((s) => s.number === lead.step)
    const next = step?.callProcessTags.find((tag) => tag.nextStep === lead.step + 1)
    if (!next) throw new Error(`no outcome moves lead ${uuid} on from step ${lead.step}`)
    const response = await page.request.post('/api/calls/tag', {
      headers: await xsrfHeaders(page),
      data: { leadId: lead.id, callId: null, callProcessTagId: next.id, details: {}, comment: null },
    })
    expect(response.ok(), await response.text()).toBe(true)
  }
}

test.afterEach(async ({ page }) => {
  await settleUser(page)
})

test('a teleoperator chooses "RDV pris", books a slot with it, and the lead shows the appointment', async ({
  page,
}) => {
  await signInFromLogin(page, 'teleop3@demo.fr')

  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByText(/^Étape 1 \/ \d+/)).toBeVisible()

  await page.getByRole('button', { name: 'Appeler', exact: true }).click()
  let callId: number | null = null
  await expect.poll(async () => (callId = await ongoingCallId(page))).not.toBeNull()
  const hangup = await page.request.post(`/api/dev/telephony/${callId}/hangup`, {
    headers: await xsrfHeaders(page),
  })
  expect(hangup.ok()).toBe(true)

  await advanceToLastStep(page, uuid)
  await page.reload()
  const { maxStep } = await readLead(page, uuid)
  await expect(page.getByText(new RegExp(`^Étape ${maxStep} / ${maxStep}`))).toBeVisible()
  await page.getByRole('radio', { name: 'RDV pris' }).check()
  await page.getByRole('button', { name: 'Choisir le créneau' }).click()

  await expect(page).toHaveURL(new RegExp(`/lead/${uuid}/appointment$`))
  await expect(page.getByRole('heading', { level: 1, name: /^Rendez-vous pour / })).toBeVisible()
  await expect(page.getByText(/L’issue « RDV pris » sera enregistrée avec le rendez-vous\./)).toBeVisible()
  // Leaving the booking page records nothing: the lead is still the agent's, its outcome to record.
  await page.getByRole('link', { name: 'Retour à la fiche du lead' }).click()
  await expect(page).toHaveURL(new RegExp(`/lead/${uuid}$`))
  await expect(page.getByText(/« RDV pris » reste à enregistrer/)).toBeVisible()
  const held = (await (await page.request.get(`/api/lead/${uuid}`)).json()) as {
    status: string
    processingUser: { id: number } | null
  }
  expect(held.status).not.toBe('APPOINTMENT')
  expect(held.processingUser).not.toBeNull()
  await page.getByRole('link', { name: 'Choisir le créneau' }).click()
  await expect(page).toHaveURL(new RegExp(`/lead/${uuid}/appointment$`))
  await expect(page.getByText('Aucun rendez-vous n’est encore fixé pour ce lead.')).toBeVisible()
  const firstDay = page
    .getByRole('group')
    .filter({ has: page.getByRole('radio') })
    .first()
  const dayName = (await firstDay.locator('legend').textContent())!
  const slot = firstDay.getByRole('radio').first()
  const time = (await firstDay.locator('label').first().textContent())!
  // Keyboard only: focus the slot, choose it, confirm with Enter.
  await slot.focus()
  await page.keyboard.press('Space')
  await expect(page.getByText(`Créneau choisi : le ${dayName} à ${time}.`)).toBeVisible()
  await page.keyboard.press('Enter')

  // The outcome with its booking freed the lead: the agent chains to the next lead (or home when none
  // is left), as after any outcome, with both confirmations.
  await expect(page).toHaveURL(/\/(home|lead\/[0-9a-f-]{36})$/)
  expect(page.url()).not.toContain(uuid)
  await expect(page.getByText('Issue enregistrée : RDV pris.')).toBeVisible()
  await expect(page.getByText(`Rendez-vous fixé le ${dayName} à ${time}.`)).toBeVisible()

  const lead = (await readLead(page, uuid)) as LeadData & { status: string; processingUser: unknown }
  expect(lead.metadata.appointment?.startsAt).toBeTruthy()
  expect(lead).toMatchObject({ status: 'APPOINTMENT', processingUser: null })
  await page.goto(`/lead/${uuid}`)
  // One step, two entries of the history: the outcome and the booking.
  const history = page.locator('.lead-history__item')
  await expect(history.filter({ hasText: '· Rendez-vous ·' })).toHaveCount(1)
  await expect(history.filter({ hasText: 'RDV pris' })).toHaveCount(1)
  await page.goto(`/lead/${uuid}/appointment`)
  await expect(page.getByText(`Le ${dayName} à ${time}`)).toBeVisible()
})
