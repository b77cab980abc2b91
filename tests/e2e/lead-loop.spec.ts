// The teleoperator's loop on the simulator (issue #4 "Tests"): find → lead sheet → call → hang up →
// tag with an outcome that ends processing → back home.
import { expect, test } from './fixtures.ts'
import { signInFromLogin, pauseLeadChain } from './helpers.ts'

test('a teleoperator processes a lead from home to tag', async ({ page }) => {
  await signInFromLogin(page, 'teleop2@demo.fr')

  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  await expect(page.getByText(/^Étape 1 \/ \d+/)).toBeVisible()

  await page.getByRole('button', { name: 'Appeler', exact: true }).click()
  let callId: number | null = null
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/call/ongoing')
      callId = ((await response.json()) as { callId: number | null }).callId
      return callId
    })
    .not.toBeNull()

  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')
  const hangup = await page.request.post(`/api/dev/telephony/${callId}/hangup`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
  })
  expect(hangup.ok()).toBe(true)

  await pauseLeadChain(page)
  await page.getByRole('radio', { name: 'Pas intéressé' }).check()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).toHaveURL(/\/home$/)
})
