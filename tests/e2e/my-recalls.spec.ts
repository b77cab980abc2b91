// Issue #29 point 5: a recall the agent set is in « Mes rappels », reached from the count of
// « Accueil », and opens its lead. A server of this file's own (teleop1 is its alone).
import { expect, test } from './fixtures.ts'
import { callAndHangUp, settleUser, signIn, tagLeadForRecall } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('my-recalls')

test('a recall set by the agent is listed in « Mes rappels » and opens its lead', async ({ browser }) => {
  // The helpers' API calls are relative: this context's base is the file's own server.
  const context = await browser.newContext({ baseURL: server.origin })
  const page = await context.newPage()
  await page.goto('/login')
  await signIn(page, 'teleop1@demo.fr')
  await expect(page).toHaveURL(/\/home$/)
  await settleUser(page)

  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = /\/lead\/([0-9a-f-]{36})$/.exec(page.url())![1]!
  const lead = (await (await page.request.get(`/api/lead/${uuid}`)).json()) as {
    firstName: string
    lastName: string
  }
  // An outcome is recorded on the agent's call (issue #29).
  await callAndHangUp(page)
  await tagLeadForRecall(page, uuid)

  await page.goto('/home')
  await page.getByRole('link', { name: /voir mes rappels$/ }).click()
  await expect(page).toHaveURL(/\/rappels$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Mes rappels' })).toBeVisible()
  await expect(page.getByText(/passent avant les nouveaux leads/)).toBeVisible()
  await page.getByRole('link', { name: `Ouvrir la fiche de ${lead.firstName} ${lead.lastName}` }).click()
  await expect(page).toHaveURL(new RegExp(`/lead/${uuid}$`))
  await expect(page.getByText(/^Rappel prévu le /)).toBeVisible()
  await settleUser(page)
  await context.close()
})
