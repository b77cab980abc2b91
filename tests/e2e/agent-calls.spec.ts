// Issue #11 "The agent's day", the call points on the simulator: the lead's second phone is called
// from its own Appeler; an inbound call while holding a lead is answered in one click, or refused;
// the focus goes where the next key press is expected after Appeler, Terminer, Continuer, Répondre
// and an outcome; the login page focuses the e-mail field; without an Aircall account Appeler is
// off and says why.
// teleop4 is used by this file only for calls on the shared server (foundation.spec.ts only signs
// it in); the tests run one after the other and each leaves it without call, untagged call or lead.
import { expect, test, type Page } from './fixtures.ts'
import { ongoingCallId, settleUser, signIn, signInFromLogin, xsrfHeaders, pauseLeadChain } from './helpers.ts'

const AGENT = 'teleop4@demo.fr'

test.use({ viewport: { width: 1280, height: 800 } })
const BAR = 'Appel en cours'

type Lead = {
  id: number
  uuid: string
  firstName: string
  lastName: string
  phone: string
  secondaryPhone: string | null
  status: string
  substatus: string | null
  isExpired: boolean
  processingUser: { id: number } | null
}

/** `+33612345678` → `06 12 34 56 78`, as the screens write French numbers. */
function frenchFormat(e164: string): string {
  return `0${e164.slice(3)}`.replace(/(\d{2})(?=\d)/g, '$1 ')
}

async function leadById(page: Page, id: number): Promise<Lead | null> {
  const response = await page.request.get(`/api/lead/${id}`)
  return response.ok() ? ((await response.json()) as Lead) : null
}

/** Picks (search pick) a free, open lead of the agent's missions that has a second phone. */
async function pickLeadWithSecondPhone(page: Page): Promise<Lead> {
  const headers = await xsrfHeaders(page)
  for (let id = 1600; id > 1000; id--) {
    const lead = await leadById(page, id)
    if (!lead || lead.processingUser || lead.isExpired || !lead.secondaryPhone) continue
    if (!['NEW', 'IN_PROGRESS', 'RECALL', 'UNREACHABLE'].includes(lead.status)) continue
    if (lead.substatus === 'WAITING_FOR_FORCED_RDV') continue
    const picked = await page.request.post(`/api/lead/search/pick/${lead.id}`, { headers })
    if (picked.ok()) return lead
  }
  throw new Error('no free lead with a second phone')
}

/**
 * A caller no find or pick hands out meanwhile (a final status), held by nobody. Not the range
 * inbound-call.spec.ts takes from; once tagged (the clean-up's recall) it is no longer final, so
 * the next test takes another one. Demo phones are drawn at random: the number designates it.
 */
async function callerLead(page: Page): Promise<Lead> {
  for (let id = 1999; id > 1600; id--) {
    const lead = await leadById(page, id)
    if (lead && !lead.processingUser && ['NOT_INTERESTED', 'WRONG_NUMBER'].includes(lead.status)) return lead
  }
  throw new Error('no suitable caller lead')
}

async function raiseInbound(page: Page, fromNumber: string): Promise<void> {
  const me = (await (await page.request.get('/api/user/me')).json()) as { id: number }
  const raised = await page.request.post('/api/dev/telephony/inbound', {
    headers: await xsrfHeaders(page),
    data: { userId: me.id, fromNumber },
  })
  expect(raised.ok(), await raised.text()).toBe(true)
}

test.describe('calls of an agent', () => {
  test.beforeEach(async ({ page }) => {
    await signInFromLogin(page, AGENT)
  })

  test.afterEach(async ({ page }) => {
    await settleUser(page)
  })

  test('the second phone is called from its own Appeler; the focus follows Appeler, Terminer and the outcome', async ({
    page,
  }) => {
    const lead = await pickLeadWithSecondPhone(page)
    await page.goto(`/lead/${lead.uuid}`)
    const second = page.getByRole('button', { name: 'Appeler le second téléphone' })
    await expect(page.getByText(frenchFormat(lead.secondaryPhone!), { exact: true })).toBeVisible()
    // The call bar's place is kept: the page does not move when a call starts or ends. Measured in the
    // document, not the viewport: moving the focus to the outcome form may scroll the page.
    const main = page.locator('main')
    const documentTop = () => main.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
    const topBefore = await documentTop()
    await second.click()

    const bar = page.getByRole('region', { name: BAR })
    await expect(bar.getByText(frenchFormat(lead.secondaryPhone!))).toBeVisible()
    // After Appeler: the call bar's Terminer.
    const end = bar.getByRole('button', { name: 'Terminer l’appel' })
    await expect(end).toBeFocused()
    await expect(bar.getByText('En communication')).toBeVisible()
    expect(await documentTop()).toBe(topBefore)
    const call = (await (await page.request.get('/api/call/ongoing')).json()) as { phoneNumber: string }
    expect(call.phoneNumber).toBe(lead.secondaryPhone)

    // After Terminer: the outcome form's first choice, from which the keyboard goes on.
    await end.click()
    await expect(bar).toBeHidden()
    expect(await documentTop()).toBe(topBefore)
    const firstOutcome = page
      .getByRole('radiogroup', { name: 'Résultat de l’appel' })
      .getByRole('radio')
      .first()
    await expect(firstOutcome).toBeFocused()

    // After an outcome that ends the processing: home, on its own action.
    await pauseLeadChain(page)
    await page.getByRole('radio', { name: 'Faux numéro' }).check()
    await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByRole('button', { name: 'Traiter un lead' })).toBeFocused()
  })

  test('after Continuer on the blocking overlay, the focus is on the outcome form', async ({ page }) => {
    const lead = await pickLeadWithSecondPhone(page)
    const sheet = `/lead/${lead.uuid}`
    await page.goto(`${sheet}?redirect=${encodeURIComponent(sheet)}&cause=UNFINISHED_PROCESSING_LEAD`)
    const overlay = page.getByRole('dialog', { name: 'Lead en cours de traitement' })
    await overlay.getByRole('button', { name: 'Continuer' }).click()
    await expect(overlay).toBeHidden()
    await expect(
      page.getByRole('radiogroup', { name: 'Résultat de l’appel' }).getByRole('radio').first(),
    ).toBeFocused()
  })

  test('an inbound call while holding a lead: said up front, one click answers, the focus on Terminer', async ({
    page,
  }) => {
    const held = await pickLeadWithSecondPhone(page)
    await page.goto(`/lead/${held.uuid}`)
    const caller = await callerLead(page)
    await raiseInbound(page, caller.phone)

    const alert = page.getByRole('dialog', { name: 'Appel entrant' })
    await expect(alert.getByText(`Lead reconnu : ${caller.firstName} ${caller.lastName}`)).toBeVisible()
    await expect(
      alert.getByText('Vous avez un lead en cours de traitement : il reste le vôtre.'),
    ).toBeVisible()
    const bar = page.getByRole('region', { name: BAR })
    // Ringing: no duration yet, it counts from the answer.
    await expect(bar.getByText('Sonnerie')).toBeVisible()
    await expect(bar.getByText('Durée')).toHaveCount(0)
    await alert.getByRole('button', { name: 'Répondre', exact: true }).click()

    await expect(page).toHaveURL(new RegExp(`/lead/${caller.uuid}$`))
    await expect(alert).toBeHidden()
    await expect(bar.getByText('En communication')).toBeVisible()
    await expect(bar.getByText('Durée')).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Terminer l’appel' })).toBeFocused()
    // Answering does not assign the caller's lead: the agent still holds theirs.
    const me = (await (await page.request.get('/api/user/me')).json()) as { processingLeadId: number | null }
    expect(me.processingLeadId).toBe(held.id)
  })

  test('Refuser ends the ringing for the agent, who stays where they were', async ({ page }) => {
    const held = await pickLeadWithSecondPhone(page)
    await page.goto(`/lead/${held.uuid}`)
    const caller = await callerLead(page)
    await raiseInbound(page, caller.phone)

    const alert = page.getByRole('dialog', { name: 'Appel entrant' })
    await expect(alert).toBeVisible()
    const callId = await ongoingCallId(page)
    expect(callId).not.toBeNull()
    await alert.getByRole('button', { name: 'Refuser' }).click()

    await expect(alert).toBeHidden()
    await expect(page.getByRole('region', { name: BAR })).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`/lead/${held.uuid}$`))
    expect(await ongoingCallId(page)).toBeNull()
  })
})

test('the login page puts the focus on the e-mail field', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByLabel('Adresse e-mail')).toBeFocused()
})

test('without an Aircall account, Appeler is off and says why', async ({ page }) => {
  // teleop8 has no Aircall id in the demo data (docs/domain.md "Demo data").
  await page.goto('/login')
  await signIn(page, 'teleop8@demo.fr')
  await expect(page).toHaveURL(/\/home$/)
  try {
    await page.getByRole('button', { name: 'Traiter un lead' }).click()
    await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
    const call = page.getByRole('button', { name: 'Appeler', exact: true })
    await expect(call).toBeDisabled()
    await expect(call).toHaveAccessibleDescription(/^Compte Aircall non relié : demandez à un administrateur/)
  } finally {
    await settleUser(page)
  }
})
