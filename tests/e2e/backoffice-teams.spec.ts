// Issue #12 "Teams", on the production build: an administrator creates a team, renames it, adds a
// member and reads the history of those changes; a teleoperator gets the 403 behaviour. The server
// is shared with other specs: the team's name is unique to this run, and the test archives it at
// the end (its member leaves it), so no other spec sees a change.
import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from './fixtures.ts'
import { signInFromLogin } from './helpers.ts'

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

test('an administrator creates, renames and staffs a team, and reads its history', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const suffix = randomUUID().slice(0, 8)
  const name = `Équipe E2E ${suffix}`
  const renamed = `Équipe E2E renommée ${suffix}`
  await signInFromLogin(page, 'admin@demo.fr')
  await page.goto('/backoffice/teams')
  await expect(page.getByRole('heading', { level: 1, name: 'Équipes' })).toBeVisible()

  const create = page.getByRole('region', { name: 'Nouvelle équipe' })
  await create.getByLabel('Nom de l’équipe').fill(name)
  await create.getByRole('button', { name: 'Créer l’équipe' }).click()
  // Saved: the field is emptied and keeps the focus for the next team; the new team's panel opens.
  await expect(create.getByLabel('Nom de l’équipe')).toHaveValue('')
  await expect(create.getByLabel('Nom de l’équipe')).toBeFocused()
  const panel = page.getByRole('region', { name })
  await expect(panel).toBeVisible()
  await expect(page.getByRole('button', { name: `Ouvrir l’équipe ${name}` })).toBeVisible()

  await panel.getByLabel('Nom de l’équipe').fill(renamed)
  await panel.getByRole('button', { name: 'Renommer' }).click()
  const renamedPanel = page.getByRole('region', { name: renamed })
  await expect(renamedPanel).toBeVisible()
  await expect(renamedPanel.getByLabel('Nom de l’équipe')).toBeFocused()

  await renamedPanel.getByLabel('Rechercher un utilisateur (nom ou e-mail)').fill('teleop8@demo.fr')
  await renamedPanel.getByRole('button', { name: /^Ajouter / }).click()
  const members = renamedPanel.getByRole('region', { name: 'Membres' })
  await expect(members.getByText('teleop8@demo.fr')).toBeVisible()
  await expect(renamedPanel.getByLabel('Rechercher un utilisateur (nom ou e-mail)')).toBeFocused()

  const history = renamedPanel.getByRole('region', { name: 'Historique des modifications' })
  const entries = history.getByRole('listitem')
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText('Membre ajouté')
  await expect(entries.nth(0)).toContainText('Sophie Marchand, le ')
  await expect(entries.nth(1)).toContainText('Modification')
  await expect(entries.nth(1).getByRole('deletion')).toHaveText(name)
  await expect(entries.nth(1).getByRole('insertion')).toHaveText(renamed)
  await expect(entries.nth(2)).toContainText('Création')
  await expectNoHorizontalOverflow(page)

  // The list finds it by a search held in the URL.
  await page.getByLabel('Rechercher une équipe').fill(`renommée ${suffix}`)
  await expect(page).toHaveURL(new RegExp(`q=renomm%C3%A9e\\+${suffix}`))
  await expect(page.getByRole('table', { name: 'Liste des équipes' }).getByRole('row')).toHaveCount(2)

  // Archived after confirmation: the member leaves, the history says so.
  await renamedPanel.getByRole('button', { name: 'Archiver l’équipe' }).click()
  const dialog = page.getByRole('dialog', { name: 'Archiver l’équipe ?' })
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Archiver' }).click()
  await expect(
    renamedPanel.getByText('Cette équipe est archivée : restaurez-la pour la modifier.'),
  ).toBeVisible()
  await expect(entries.nth(0)).toContainText('Archivage')
})

test('a teleoperator gets the 403 behaviour on the teams screen and API', async ({ page }) => {
  await signInFromLogin(page, 'teleop7@demo.fr')
  await page.goto('/backoffice/teams')
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Équipes' })).toHaveCount(0)
  const response = await page.request.get('/api/teams')
  expect(response.status()).toBe(403)
  expect((await response.json()).error.code).toBe('FORBIDDEN')
})
