// Issue #29 point 4, "the next lead at once", and point 6's 1280×800 sheet: after an outcome that
// releases the lead, a confirmation and the next lead's sheet with the focus on « Appeler »; from one
// outcome to the next lead's call ringing, 3 key presses or clicks (choose, confirm, Appeler), or 2
// when the mission calls by itself after its preview countdown. The inputs are counted in the page
// (trusted pointer and key events), not by the test's own steps. The time per lead is measured by
// bench/lead-chain.ts, never asserted here. Own server: its missions' settings change.
import { expect, test, type Browser, type Page } from './fixtures.ts'
import { signIn, xsrfHeaders } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('lead-chain')
const VIEWPORT = { width: 1280, height: 800 }
const RELEASING_OUTCOME = 'Pas intéressé'

type Counted = { inputs: number }

/** Counts the user's own presses and clicks in the page (the app's, not the test's API calls). */
async function countInputs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as Counted
    counted.inputs = 0
    const count = (event: Event) => {
      if (event.isTrusted) counted.inputs += 1
    }
    window.addEventListener('pointerdown', count, true)
    window.addEventListener('keydown', count, true)
  })
}

async function inputs(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as Counted).inputs)
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: VIEWPORT, baseURL: server.origin })).newPage()
  await countInputs(page)
  await page.goto('/login')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
  return page
}

async function ongoing(page: Page): Promise<{ callId: number | null; leadId: number | null }> {
  return (await (await page.request.get('/api/call/ongoing')).json()) as {
    callId: number | null
    leadId: number | null
  }
}

async function leadOfPage(page: Page): Promise<{ id: number; uuid: string; step: number }> {
  const uuid = new URL(page.url()).pathname.split('/')[2]!
  return (await (await page.request.get(`/api/lead/${uuid}`)).json()) as {
    id: number
    uuid: string
    step: number
  }
}

/** The lead answers, then hangs up (the simulator): nothing the agent does. */
async function callAnsweredThenHungUp(page: Page): Promise<void> {
  let callId: number | null = null
  await expect.poll(async () => (callId = (await ongoing(page)).callId)).not.toBeNull()
  const hangup = await page.request.post(`/api/dev/telephony/${callId}/hangup`, {
    headers: await xsrfHeaders(page),
  })
  expect(hangup.ok()).toBe(true)
  await expect(page.getByRole('region', { name: 'Appel en cours' })).toBeHidden()
}

/** Every outcome choice of the sheet is on screen, without scrolling (issue #29 point 6). */
async function expectOutcomesInView(page: Page): Promise<void> {
  const choices = page.getByRole('radiogroup', { name: 'Résultat de l’appel' }).getByRole('radio')
  await expect(choices.first()).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  for (const choice of await choices.all()) await expect(choice).toBeInViewport()
}

/** The mission's automatic call, set by an administrator through the API (the back office's form). */
async function setAutoCall(admin: Page, seconds: number | null): Promise<void> {
  const list = (await (await admin.request.get('/api/missions?pageSize=100')).json()) as {
    items: { id: number }[]
  }
  for (const { id } of list.items) {
    const mission = (await (await admin.request.get(`/api/mission/${id}`)).json()) as Record<string, unknown>
    const saved = await admin.request.put(`/api/mission/${id}`, {
      headers: await xsrfHeaders(admin),
      data: {
        name: mission.name,
        // Some demo colours predate the contrast rule the form now applies: a readable one instead.
        color: '#1d4ed8',
        leadProcessingDurationDays: mission.leadProcessingDurationDays,
        callProcessId: (mission.callProcess as { id: number } | null)?.id ?? null,
        callingRule: mission.callingRule,
        callingHours: mission.callingHours,
        maxCallAttempts: mission.maxCallAttempts,
        quietDays: mission.quietDays,
        autoCallDelaySeconds: seconds,
        version: mission.version,
      },
    })
    expect(saved.ok(), await saved.text()).toBe(true)
  }
}

test('after an outcome the next lead opens on « Appeler »: 3 inputs to its call, 2 with the automatic call, Pause goes home', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const admin = await signedIn(browser, 'admin@demo.fr')
  const page = await signedIn(browser, 'teleop1@demo.fr')

  // The first lead: its outcome choices are on screen at 1280×800, at its first step.
  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const first = await leadOfPage(page)
  expect(first.step).toBe(1)
  await expectOutcomesInView(page)
  await expect(page.getByRole('button', { name: 'Appeler', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await callAnsweredThenHungUp(page)

  // Without the automatic call: choose, confirm, Appeler.
  const before = await inputs(page)
  await page.getByRole('radio', { name: RELEASING_OUTCOME }).click()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page.getByText(`Issue enregistrée : ${RELEASING_OUTCOME}.`)).toBeVisible()
  await expect(page).not.toHaveURL(new RegExp(first.uuid))
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const second = await leadOfPage(page)
  const call = page.getByRole('button', { name: 'Appeler', exact: true })
  await expect(call).toBeFocused()
  await expectOutcomesInView(page)
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await ongoing(page)).leadId).toBe(second.id)
  expect((await inputs(page)) - before).toBe(3)
  await callAnsweredThenHungUp(page)

  // The missions call by themselves after 5 s of preview: choose, confirm, and the call rings.
  await setAutoCall(admin, 5)
  const beforeAuto = await inputs(page)
  await page.getByRole('radio', { name: RELEASING_OUTCOME }).click()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).not.toHaveURL(new RegExp(second.uuid))
  await expect(page.getByText(/^Appel automatique dans \d+ s$/)).toBeVisible()
  const third = await leadOfPage(page)
  await expect.poll(async () => (await ongoing(page)).leadId, { timeout: 15_000 }).toBe(third.id)
  expect((await inputs(page)) - beforeAuto).toBe(2)
  await callAnsweredThenHungUp(page)

  // One key cancels the countdown: the agent calls when ready.
  await page.getByRole('radio', { name: RELEASING_OUTCOME }).click()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).not.toHaveURL(new RegExp(third.uuid))
  await expect(page.getByText(/^Appel automatique dans \d+ s$/)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByText('Appel automatique annulé.')).toBeVisible()
  expect((await ongoing(page)).callId).toBeNull()
  await expect(page.getByRole('button', { name: 'Appeler', exact: true })).toBeEnabled()
  await page.getByRole('button', { name: 'Appeler', exact: true }).click()
  await callAnsweredThenHungUp(page)

  // Pause (kept across a reload): after the outcome, Accueil, as before.
  await setAutoCall(admin, null)
  const pause = page.getByRole('button', { name: 'Pause', exact: true })
  await pause.click()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // This lead may be at any step: a call-back (proposed two hours on) is an outcome of every step.
  await page.getByRole('radio', { name: 'Rappeler plus tard' }).click()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText('Issue enregistrée : Rappeler plus tard.')).toBeVisible()
})
