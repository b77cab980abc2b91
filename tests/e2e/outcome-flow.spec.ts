// Issue #11 "Stay on the lead" and "Call-back later needs a when": an outcome that moves the lead on
// keeps the agent on the sheet at the next step (no reload, a confirmation, the focus on the new
// step's outcomes); "Rappeler plus tard" asks for a date and time in Paris, and the chosen one shows
// on the sheet and in the history. Every teleoperator account is some spec's on the shared server, so
// this file runs a server of its own (own port and data directory), where teleop1 is its alone.
import { expect, test, type Page } from './fixtures.ts'
import { addDays, civilDateOf, isoDate, isWorkingDay } from '../../src/contracts/paris-calendar.ts'
import { recallInstant } from '../../src/contracts/recall.ts'
import { formatLongDateTime } from '../../src/i18n/format.ts'
import { signIn, xsrfHeaders, pauseLeadChain } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

type Tag = {
  id: number
  label: string
  nextStep: number | null
  endsProcessing: boolean
  requiresAppointment: boolean
}
type Step = { number: number; title: string; callProcessTags: Tag[] }
type LeadData = {
  id: number
  uuid: string
  step: number
  maxStep: number
  market: { mission: { callProcess: { callProcessSteps: Step[] } } }
}

const server = useOwnServer('outcome')

/** A lead handed out by `Traiter un lead` whose current step has an outcome that moves it on. */
async function takeLeadThatMovesOn(page: Page): Promise<{ lead: LeadData; advance: Tag; next: Step }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.getByRole('button', { name: 'Traiter un lead' }).click()
    await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
    const uuid = new URL(page.url()).pathname.split('/')[2]!
    const lead = (await (await page.request.get(`${server.origin}/api/lead/${uuid}`)).json()) as LeadData
    const steps = lead.market.mission.callProcess.callProcessSteps
    const advance = steps
      .find((step) => step.number === lead.step)
      ?.callProcessTags.find(
        (tag) => tag.nextStep !== null && !tag.endsProcessing && !tag.requiresAppointment,
      )
    const next = steps.find((step) => step.number === advance?.nextStep)
    if (advance && next) return { lead, advance, next }
    // A lead at its last step: handed back, and the next one is taken.
    const released = await page.request.post(`${server.origin}/api/lead/${lead.id}/release`, {
      headers: await xsrfHeaders(page),
      data: { reason: 'Étape finale : un autre lead pour ce test' },
    })
    expect(released.ok()).toBe(true)
    await page.goto(`${server.origin}/home`)
  }
  throw new Error('no lead with an outcome that moves it on')
}

/** The working day (Paris) after tomorrow. */
function workingDayAfterTomorrow() {
  let date = addDays(civilDateOf(new Date()), 2)
  while (!isWorkingDay(date)) date = addDays(date, 1)
  return date
}

test('an outcome that moves the lead on keeps the agent on the sheet; a call-back asks when, and the history says it', async ({
  page,
}) => {
  await page.goto(`${server.origin}/login`)
  await signIn(page, 'teleop1@demo.fr')
  await expect(page).toHaveURL(/\/home$/)
  const { lead, advance, next } = await takeLeadThatMovesOn(page)
  const sheetUrl = page.url()
  // Issue #29: before a call, the form says why it is closed, and records nothing.
  const callFirst = page.getByRole('paragraph').filter({ hasText: /^Appelez d’abord le lead/ })
  await expect(callFirst).toBeVisible()
  await page.getByRole('radio', { name: advance.label }).check()
  await expect(page.getByRole('button', { name: 'Enregistrer le résultat' })).toBeDisabled()
  // The agent calls, then the lead hangs up: the outcome is that call's.
  await page.getByRole('button', { name: 'Appeler', exact: true }).click()
  let callId: number | null = null
  const ongoing = async () =>
    (
      (await (await page.request.get(`${server.origin}/api/call/ongoing`)).json()) as {
        callId: number | null
      }
    ).callId
  await expect.poll(async () => (callId = await ongoing())).not.toBeNull()
  const hangup = await page.request.post(`${server.origin}/api/dev/telephony/${callId}/hangup`, {
    headers: await xsrfHeaders(page),
  })
  expect(hangup.ok()).toBe(true)
  await expect(callFirst).toBeHidden()
  // A full reload would lose this.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }))

  await page.getByRole('radio', { name: advance.label }).check()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()

  await expect(page.getByText(`Lead passé à l’étape ${next.number} : ${next.title}.`)).toBeVisible()
  await expect(
    page.getByRole('heading', { name: `Étape ${next.number} / ${lead.maxStep} – ${next.title}` }),
  ).toBeVisible()
  expect(page.url()).toBe(sheetUrl)
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true)
  // The next key press is for the new step's outcomes.
  const focused = await page.evaluate(() => {
    const active = document.activeElement
    return active instanceof HTMLInputElement && active.type === 'radio'
      ? active.closest('label')?.textContent
      : null
  })
  expect(next.callProcessTags.map((tag) => tag.label)).toContain(focused)

  // Call back later: a proposal is there; the agent picks a day and a time by keyboard-usable fields.
  await pauseLeadChain(page)
  await page.getByRole('radio', { name: 'Rappeler plus tard' }).check()
  const day = page.getByLabel('Jour')
  const time = page.getByLabel('Heure (Paris)')
  await expect(day).not.toHaveValue('')
  const date = workingDayAfterTomorrow()
  await day.fill(isoDate(date))
  await time.selectOption('14:30')
  const when = formatLongDateTime(recallInstant(date, 14 * 60 + 30).toISOString())
  await expect(page.getByText(`Rappel prévu le ${when}.`)).toBeVisible()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).toHaveURL(/\/home$/)

  await page.goto(sheetUrl)
  await expect(page.getByText(`Rappel prévu le ${when}`, { exact: true })).toBeVisible()
  const entry = page.locator('.lead-history__item').filter({ hasText: 'Rappeler plus tard' }).first()
  await expect(entry).toContainText(`Rappel le ${when}`)
  // The step change is in the history too, before it.
  await expect(page.locator('.lead-history__item').filter({ hasText: advance.label })).toHaveCount(1)
})
