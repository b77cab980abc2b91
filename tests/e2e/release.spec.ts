// Issue #11 "Release a lead": a teleoperator takes a lead, hands it back with a reason instead of
// faking an outcome, lands home with a confirmation, and finds the release and its reason in the
// lead's history; the next « Traiter un lead » gives another lead (issue #29). Every teleoperator
// account is some spec's on the shared server, and repeats of this test may run side by side; so each
// worker runs a server of its own (own port and data directory, seeded on start), where teleop1 is
// this file's alone.
import { expect, test } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('release')

test('a teleoperator hands a lead back with a reason, and its history says so', async ({ page }) => {
  await page.goto(`${server.origin}/login`)
  await signIn(page, 'teleop1@demo.fr')
  await expect(page).toHaveURL(/\/home$/)

  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const sheetUrl = page.url()
  // Unique per run: a repeated run may be handed the same lead again.
  const reason = `Numéro erroné ${Date.now()}`

  await page.getByRole('button', { name: 'Rendre le lead' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rendre le lead' })
  await expect(dialog.getByLabel('Motif')).toBeFocused()
  await dialog.getByLabel('Motif').fill(reason)
  await dialog.getByRole('button', { name: 'Rendre le lead' }).click()

  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText('Lead rendu : il retourne dans la file.')).toBeVisible()

  await page.goto(sheetUrl)
  const entry = page.locator('.lead-history__item').filter({ hasText: reason })
  await expect(entry).toContainText('Lead rendu')
  await expect(entry).toContainText(`Motif : « ${reason} »`)
  // No longer held: nothing to hand back.
  await expect(page.getByRole('button', { name: 'Rendre le lead' })).toHaveCount(0)

  // Issue #29: « Traiter un lead » hands out another lead, not the one just handed back.
  await page.goto(`${server.origin}/home`)
  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  expect(page.url()).not.toBe(sheetUrl)
})
