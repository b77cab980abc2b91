// Shared steps of the end-to-end tests (real server, real build, Debian Chromium).
import { expect, type Page } from './fixtures.ts'
import { firstRecallFrom } from '../../src/contracts/recall.ts'

export const DEMO_PASSWORD = 'Demo1234!'

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

export async function signInFromLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/home$/)
}

/** The header the API expects on writes (double-submit XSRF cookie), for `page.request` calls. */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') }
}

/** The signed-in user's ongoing call id (GET /api/call/ongoing), null when none. */
export async function ongoingCallId(page: Page): Promise<number | null> {
  const response = await page.request.get('/api/call/ongoing')
  return ((await response.json()) as { callId: number | null }).callId
}

/**
 * From the open lead sheet: « Appeler », then the lead hangs up (the simulator's dev route). An outcome
 * is recorded on a call (issue #29): this is the call it is recorded on.
 */
export async function callAndHangUp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Appeler', exact: true }).click()
  let callId: number | null = null
  await expect.poll(async () => (callId = await ongoingCallId(page))).not.toBeNull()
  const hangup = await page.request.post(`/api/dev/telephony/${callId}/hangup`, {
    headers: await xsrfHeaders(page),
  })
  expect(hangup.ok(), await hangup.text()).toBe(true)
  await expect.poll(() => ongoingCallId(page)).toBeNull()
}

type LeadSheetData = {
  id: number
  uuid: string
  step: number
  market: {
    mission: { callProcess: { callProcessSteps: { number: number; callProcessTags: Tag[] }[] } | null }
  }
}
type Tag = { id: number; label: string }

/** Tags the lead through the API (`Rappeler plus tard`, offered at every step) with the user's call on it. */
export async function tagLeadForRecall(page: Page, leadRef: string | number): Promise<void> {
  const lead = (await (await page.request.get(`/api/lead/${leadRef}`)).json()) as LeadSheetData
  const step = lead.market.mission.callProcess?.callProcessSteps.find((s) => s.number === lead.step)
  const tag = step?.callProcessTags.find((t) => t.label === 'Rappeler plus tard')
  if (!tag) throw new Error(`no recall tag at step ${lead.step} of lead ${lead.uuid}`)
  const response = await page.request.post('/api/calls/tag', {
    headers: await xsrfHeaders(page),
    // The outcome asks when to call back (issue #11): the first allowed time two hours from now.
    data: {
      leadId: lead.id,
      callId: null,
      callProcessTagId: tag.id,
      details: { recallAt: firstRecallFrom(new Date(Date.now() + 2 * 3_600_000), new Date())?.toISOString() },
      comment: null,
    },
  })
  expect(response.ok(), await response.text()).toBe(true)
}

/**
 * Leaves the signed-in user as a test found them even after a failure: no ongoing call, every
 * untagged call tagged, no lead held. Specs share one server, so each cleans up its own user.
 */
export async function settleUser(page: Page): Promise<void> {
  const headers = await xsrfHeaders(page)
  for (let attempt = 0; attempt < 5; attempt++) {
    const callId = await ongoingCallId(page).catch(() => null)
    if (callId !== null) await page.request.post('/api/call/force-end', { headers, data: { callId } })
    // find-lead-to-process names the first blocking cause (or hands a lead out, released below).
    const find = await page.request.post('/api/lead/find-lead-to-process', { headers })
    const body = (await find.json().catch(() => ({}))) as { redirect?: string; error?: { code?: string } }
    const uuid = /^\/lead\/([0-9a-f-]{36})/.exec(body.redirect ?? '')?.[1]
    if (find.status() === 403 && body.error?.code === 'UNTAGGED_CALL' && uuid)
      await tagLeadForRecall(page, uuid)
    else if (find.status() !== 403 || body.error?.code !== 'ONGOING_CALL') break
  }
  await page.request.post('/api/users/unassign-lead-from-user', { headers })
}

/**
 * Issue #29: the agent pauses the chaining of leads (the call bar's « Pause »): after an outcome that
 * releases the lead, Accueil rather than the next lead's sheet.
 */
export async function pauseLeadChain(page: Page): Promise<void> {
  const pause = page.getByRole('button', { name: 'Pause', exact: true })
  // The preference is kept: a second outcome of the same test finds it paused already.
  if ((await pause.getAttribute('aria-pressed')) !== 'true') await pause.click()
  await expect(pause).toHaveAttribute('aria-pressed', 'true')
}
