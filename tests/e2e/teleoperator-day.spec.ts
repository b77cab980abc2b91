// A teleoperator's day on the simulator (issue #4 "Tests"): three leads in a row from home to tag,
// and an untagged call that blocks the next lead until it is tagged.
// teleop6 is used by this file only on the shared server (live.spec.ts runs its own server); the
// tests run one after the other and each leaves teleop6 without call, untagged call or lead.
import { expect, test, type Page } from './fixtures.ts'
import { ongoingCallId, settleUser, signInFromLogin, pauseLeadChain } from './helpers.ts'

const TELEOPERATOR = { email: 'teleop6@demo.fr', name: 'Lucas Mercier' }
const LEAD_SHEET = /\/lead\/([0-9a-f-]{36})$/
/** Offered at every step of every call process, and it ends processing (docs/domain.md "Demo data"). */
const RECALL_LATER = 'Rappeler plus tard'

type HistoryEvent = { kind: string; data: Record<string, unknown>; user: { id: number } | null }

function uuidOf(page: Page): string {
  const uuid = new URL(page.url()).pathname.split('/')[2]
  if (!uuid) throw new Error(`not a lead sheet: ${page.url()}`)
  return uuid
}

/** `Traiter un lead` from home: the lead sheet of the lead handed out. */
async function takeNextLead(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(LEAD_SHEET)
  await expect(page.getByText(/^Étape \d+ \/ \d+/)).toBeVisible()
  return uuidOf(page)
}

/** `Appeler`, then the call bar follows the simulated call until the lead answers. */
async function callUntilAnswered(page: Page): Promise<number> {
  const leadName = await page.getByRole('heading', { level: 1 }).innerText()
  await page.getByRole('button', { name: 'Appeler', exact: true }).click()
  const bar = page.getByRole('region', { name: 'Appel en cours' })
  await expect(bar).toBeVisible()
  await expect(bar.getByText('Sortant')).toBeVisible()
  await expect(bar.getByRole('link', { name: `Lead : ${leadName}` })).toBeVisible()
  // SIMULATOR_ANSWER_DELAY_MS (1 s in e2e: own-server.ts) later, call.answered.
  await expect(bar.getByText('En communication')).toBeVisible()
  const callId = await ongoingCallId(page)
  expect(callId).not.toBeNull()
  return callId!
}

/** The lead hangs up: the dev tools softphone's `Raccrocher` (call.hungup from the simulator). */
async function leadHangsUp(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Outils de développement' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page
    .getByRole('region', { name: 'Softphone (simulateur)' })
    .getByRole('button', { name: 'Raccrocher' })
    .click()
  await expect(page.getByRole('region', { name: 'Appel en cours' })).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
}

/** The teleoperator ends the call from the call bar (`Terminer l’appel`, force-end). */
async function teleoperatorHangsUp(page: Page): Promise<void> {
  const bar = page.getByRole('region', { name: 'Appel en cours' })
  await bar.getByRole('button', { name: 'Terminer l’appel' }).click()
  await expect(bar).toBeHidden()
}

async function tagFromSheet(page: Page, outcome: string): Promise<void> {
  await pauseLeadChain(page)
  await page.getByRole('radio', { name: outcome }).check()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

async function historyOf(page: Page, uuid: string): Promise<HistoryEvent[]> {
  const lead = (await (await page.request.get(`/api/lead/${uuid}`)).json()) as { id: number }
  return (await (await page.request.get(`/api/lead/${lead.id}/history`)).json()) as HistoryEvent[]
}

test.beforeEach(async ({ page }) => {
  await signInFromLogin(page, TELEOPERATOR.email)
})

test.afterEach(async ({ page }) => {
  await settleUser(page)
})

test('a teleoperator processes three leads in a row: find, call, hang up, tag, home', async ({ page }) => {
  // Three simulated calls, each answered after SIMULATOR_ANSWER_DELAY_MS.
  test.setTimeout(60_000)
  const me = (await (await page.request.get('/api/user/me')).json()) as { id: number }
  const processed: { uuid: string; callId: number }[] = []

  for (let round = 0; round < 3; round++) {
    const uuid = await takeNextLead(page)
    const callId = await callUntilAnswered(page)
    // Both ways a call ends: the lead hangs up, or the teleoperator ends it from the call bar.
    if (round === 1) await teleoperatorHangsUp(page)
    else await leadHangsUp(page)
    await tagFromSheet(page, RECALL_LATER)
    await expect(page.getByText('Vous n’avez aucun lead en cours de traitement.')).toBeVisible()
    processed.push({ uuid, callId })
  }

  expect(new Set(processed.map((lead) => lead.uuid)).size).toBe(3)
  for (const { uuid, callId } of processed) {
    // Newest first: the outcome (with the call it tagged), then the hand-out by `Traiter un lead`.
    const events = (await historyOf(page, uuid)).filter((event) => event.user?.id === me.id)
    expect(events.map((event) => event.kind)).toEqual(['tag', 'assignment'])
    expect(events[0]!.data).toMatchObject({ label: RECALL_LATER, callId, status: 'RECALL' })
    expect(events[1]!.data).toMatchObject({ action: 'assigned', via: 'find' })

    await page.goto(`/lead/${uuid}`)
    const history = page.getByRole('list').filter({ hasText: 'Résultat d’appel' })
    await expect(history.getByText(`Résultat d’appel · ${TELEOPERATOR.name}`)).toBeVisible()
    await expect(history.getByText(`Attribution · ${TELEOPERATOR.name}`)).toBeVisible()
    await expect(page.getByText('À rappeler', { exact: true })).toBeVisible()
  }
})

test('an untagged call blocks the next lead until it is tagged', async ({ page }) => {
  const uuid = await takeNextLead(page)
  await callUntilAnswered(page)
  await leadHangsUp(page)

  // Home without tagging, then `Traiter un lead`: back to the same sheet, with the reason.
  await page.getByRole('navigation').getByRole('link', { name: 'Accueil' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(new RegExp(`/lead/${uuid}\\?redirect=.*&cause=UNTAGGED_CALL$`))
  const overlay = page.getByRole('dialog', { name: 'Appel non taggé' })
  await expect(overlay).toBeVisible()
  await expect(
    overlay.getByText('Veuillez tagger le lead avant de continuer.', { exact: false }),
  ).toBeVisible()
  await overlay.getByRole('button', { name: 'Continuer' }).click()
  await expect(overlay).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/lead/${uuid}$`))

  // Tagging frees the user: the next `Traiter un lead` hands out another lead, with no overlay.
  await tagFromSheet(page, RECALL_LATER)
  const next = await takeNextLead(page)
  expect(next).not.toBe(uuid)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
