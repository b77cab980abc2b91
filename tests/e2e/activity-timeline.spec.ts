// Issue #14 "Timeline" and "Lead follow-up": a teleoperator takes a lead and calls it on the simulator;
// their manager, on a tablet, opens the teleoperator timeline, sees the day's events in order and
// finds them by the lead's name typed without accents; then opens the lead follow-up and the leads
// behind a count. Its own server (own-server.ts): the teleoperator's day is this file's alone.
import { expect, test, type Browser, type Page } from './fixtures.ts'
import { signIn, xsrfHeaders, pauseLeadChain } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('timeline')
const TELEOPERATOR = { email: 'teleop2@demo.fr' }
const MANAGER = 'manager@demo.fr'
/** Offered at step 1 of every call process; ends the processing (docs/domain.md "Demo data"). */
const OUTCOME = 'Faux numéro'

async function signedInPage(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: server.origin, viewport })
  const page = await context.newPage()
  await page.goto('/login')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
  return page
}

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, `${page.url()} overflows`).toBeLessThanOrEqual(innerWidth)
}

test('a manager reads a teleoperator’s day and finds the lead by its name without accents', async ({
  browser,
}) => {
  // One simulated call, answered after SIMULATOR_ANSWER_DELAY_MS (1 s in e2e: own-server.ts).
  test.setTimeout(90_000)
  const teleoperator = await signedInPage(browser, TELEOPERATOR.email, { width: 1280, height: 800 })
  const me = (await (await teleoperator.request.get('/api/user/me')).json()) as {
    id: number
    firstName: string
    lastName: string
  }

  // The teleoperator takes a lead; it is given an accented name, as the processing user may.
  await teleoperator.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(teleoperator).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = /\/lead\/([0-9a-f-]{36})$/.exec(teleoperator.url())![1]!
  const renamed = await teleoperator.request.put(`/api/lead/${uuid}`, {
    headers: await xsrfHeaders(teleoperator),
    data: { firstName: 'Zoé', lastName: 'Éluard-Mégève' },
  })
  expect(renamed.ok(), await renamed.text()).toBe(true)
  await expect(teleoperator.getByRole('heading', { level: 1, name: 'Zoé Éluard-Mégève' })).toBeVisible()

  // It calls the lead; the simulator answers; it hangs up and records the outcome.
  await teleoperator.getByRole('button', { name: 'Appeler', exact: true }).click()
  const bar = teleoperator.getByRole('region', { name: 'Appel en cours' })
  await expect(bar.getByText('En communication')).toBeVisible()
  await bar.getByRole('button', { name: 'Terminer l’appel' }).click()
  await expect(bar).toBeHidden()
  await pauseLeadChain(teleoperator)
  await teleoperator.getByRole('radio', { name: OUTCOME }).check()
  await teleoperator.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(teleoperator).toHaveURL(/\/home$/)

  // The manager, on a tablet, chooses the agent: today's events, in order.
  const manager = await signedInPage(browser, MANAGER, { width: 768, height: 1024 })
  await manager.goto('/activity/teleops-timeline')
  await expect(
    manager.getByRole('heading', { level: 1, name: 'Chronologie des téléopérateurs' }),
  ).toBeVisible()
  await manager.getByLabel('Agent', { exact: true }).selectOption(String(me.id))
  await expect(manager).toHaveURL(new RegExp(`/activity/teleops-timeline\\?agent=${me.id}$`))
  const events = manager.locator('ol.timeline-events > li')
  const titles = events.locator('.timeline-event__title')
  await expect(titles).toHaveText([
    'Connexion',
    'Lead pris',
    'Fiche consultée',
    'Appel sortant lancé',
    'Appel décroché',
    'Appel terminé',
    `Tag : ${OUTCOME}`,
  ])
  await expect(events.nth(5)).toContainText(/Durée \d+ s|Durée \d+ min/)
  await expect(manager.getByText(/^De \d\d:\d\d à \d\d:\d\d : 1 appel \(1 décroché/)).toBeVisible()
  await expectNoHorizontalOverflow(manager)

  // Searched without accents, the lead's events alone remain.
  await manager.getByLabel('Rechercher (nom du lead, téléphone, tag)').fill('eluard megeve')
  await expect(manager).toHaveURL(/[?&]q=eluard(\+|%20)megeve/)
  await expect(titles).toHaveText([
    'Lead pris',
    'Fiche consultée',
    'Appel sortant lancé',
    'Appel décroché',
    'Appel terminé',
    `Tag : ${OUTCOME}`,
  ])
  await expect(manager.getByText('6 événements sur 7 correspondent à la recherche')).toBeVisible()
  await expect(
    events.first().getByRole('link', { name: 'Ouvrir la fiche de Zoé Éluard-Mégève' }),
  ).toHaveAttribute('href', `/lead/${uuid}`)

  // The previous day is another day, reached from the buttons.
  await manager.getByRole('button', { name: 'Jour précédent' }).click()
  await expect(manager).toHaveURL(/[?&]day=\d{4}-\d\d-\d\d/)
  await expect(manager.getByText('Aucune activité ce jour-là.')).toBeVisible()
})

test('the lead follow-up opens the leads behind a count, on a tablet', async ({ browser }) => {
  const manager = await signedInPage(browser, MANAGER, { width: 768, height: 1024 })
  await manager.goto('/activity/leads-follow-up')
  const pipeline = manager.getByRole('list', { name: /^Leads de la mission .+ par marché et par statut$/ })
  await expect(pipeline).toBeVisible()
  await expectNoHorizontalOverflow(manager)
  const newLeads = pipeline.getByRole('button', { name: /^Tous les marchés, Nouveau : \d+ leads?$/ })
  await newLeads.click()
  await expect(manager).toHaveURL(/bucket=status&value=NEW/)
  const heading = manager.getByRole('heading', { level: 2, name: 'Nouveau – Tous les marchés' })
  await expect(heading).toBeFocused()
  const leads = manager.getByRole('table', { name: 'Liste des leads' })
  await expect(leads.getByRole('link', { name: /^Ouvrir la fiche de / }).first()).toBeVisible()
  await expectNoHorizontalOverflow(manager)
})
