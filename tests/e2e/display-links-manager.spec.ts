// Issue #31 point 5: a manager creates a display link for a team they manage from the navigation's
// "Liens d'affichage", at a tablet's size with no sideways scroll; the wall screen it opens shows that
// team's leaderboard only. The demo manager manages both demo teams (docs/domain.md "Demo data").
import { expect, test, type Page } from './fixtures.ts'
import { signIn } from './helpers.ts'

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide`).toBeLessThanOrEqual(innerWidth)
}

test('a manager creates a display link for their team; its wall screen shows that team', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/login')
  await signIn(page, 'manager@demo.fr')
  await expect(page).toHaveURL(/\/home$/)
  await page.getByRole('navigation').getByRole('link', { name: 'Liens d’affichage' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Liens d’affichage' })).toBeVisible()

  await page.setViewportSize({ width: 768, height: 1024 })
  await page.getByRole('button', { name: 'Nouveau lien d’affichage' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nouveau lien d’affichage' })
  await dialog.getByLabel('Nom de l’écran').fill('Télévision de Lyon')
  // No team chosen: refused by the form itself.
  await dialog.getByRole('button', { name: 'Créer le lien' }).click()
  await expect(dialog.getByText('Choisissez l’équipe dont l’écran affichera le classement.')).toBeVisible()
  await dialog.getByLabel('Classement affiché').selectOption({ label: 'Équipe Lyon' })
  await dialog.getByRole('button', { name: 'Créer le lien' }).click()
  const created = page.getByRole('dialog', { name: 'Lien créé' })
  const url = await created.getByLabel('Adresse du lien').inputValue()
  expect(url).toMatch(/\/display\/[\w-]{43}$/)
  await created.getByRole('button', { name: 'Terminer' }).click()
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Télévision de Lyon' }) })
  await expect(row.getByRole('cell', { name: 'Équipe Lyon' })).toBeVisible()
  await expectNoHorizontalOverflow(page)

  const wall = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage()
  await wall.goto(url)
  await expect(wall.getByText(/^Aujourd’hui · .*Lyon$/)).toBeVisible()
  await expect(wall.getByText('Vue 1 sur 3')).toBeVisible()
  await wall.context().close()
})
