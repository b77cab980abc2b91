// Issue #12 "Missions", "Markets", "Configuration", on the production build: an administrator creates
// a mission with a colour (its contrast shown in words), uploads its banner, adds two markets, reads
// the mission's history, then changes a setting and puts it back. The server is shared with other
// specs: names are unique to this run; the mission (no leads) is deleted at the end and the setting
// restored, so no other spec sees a change.
import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { signInFromLogin } from './helpers.ts'

test('an administrator creates a mission with a colour, a banner and two markets', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const name = `Mission E2E ${randomUUID().slice(0, 8)}`
  await signInFromLogin(page, 'admin@demo.fr')
  await page.goto('/backoffice/missions')
  await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible()

  await page.getByRole('button', { name: 'Nouvelle mission' }).click()
  const create = page.getByRole('region', { name: 'Nouvelle mission' })
  await create.getByLabel('Nom de la mission').fill(name)
  const hex = create.getByLabel('Code couleur (#RRGGBB)')
  await hex.fill('#ffd700')
  await expect(create.getByText(/— insuffisant/)).toBeVisible()
  await hex.fill('#7c2d12')
  await expect(create.getByText(/— suffisant/)).toBeVisible()
  await create.getByRole('button', { name: 'Créer la mission' }).click()

  const panel = page.getByRole('region', { name })
  await expect(panel).toBeVisible()
  await expect(page).toHaveURL(/mission=\d+/)

  // The banner: chosen, previewed, sent; the server's versioned URL is then shown.
  await panel.getByLabel('Bannière').setInputFiles('public/icons/icon-512.png')
  await expect(panel.getByRole('img', { name: 'Aperçu de la bannière' })).toHaveAttribute('src', /^blob:/)
  await panel.getByRole('button', { name: 'Envoyer la bannière' }).click()
  await expect(panel.getByRole('img', { name: 'Aperçu de la bannière' })).toHaveAttribute(
    'src',
    /^\/api\/mission\/\d+\/banner\?v=[0-9a-f]{16}$/,
  )

  const markets = panel.getByRole('region', { name: 'Marchés de la mission' })
  for (const [market, prefixes] of [
    ['Bretagne', '29, 35 56'],
    ['Corse', '2a 2B'],
  ] as const) {
    await markets.getByLabel('Nom du marché').fill(market)
    await markets.getByLabel('Préfixes postaux').fill(prefixes)
    await markets.getByRole('button', { name: 'Ajouter le marché' }).click()
    await expect(markets.getByRole('row', { name: new RegExp(market) })).toBeVisible()
    await expect(markets.getByLabel('Nom du marché')).toBeFocused()
  }
  await expect(markets.getByRole('row', { name: /Bretagne/ })).toContainText('29, 35, 56')
  await expect(markets.getByRole('row', { name: /Corse/ })).toContainText('2A, 2B')

  // The markets page, filtered on the mission in the URL, lists the same two.
  await markets.getByRole('link', { name: 'Voir sur la page des marchés' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Marchés' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Liste des marchés' }).getByRole('row')).toHaveCount(3)
  await page.goBack()

  const history = page
    .getByRole('region', { name })
    .getByRole('region', { name: 'Historique des modifications' })
  await expect(history.getByRole('listitem')).toHaveCount(2)
  await expect(history.getByRole('listitem').nth(0)).toContainText('Bannière')
  await expect(history.getByRole('listitem').nth(1)).toContainText('Création')

  // No lead yet: it may be deleted, after a confirmation.
  await page.getByRole('region', { name }).getByRole('button', { name: 'Supprimer la mission' }).click()
  const dialog = page.getByRole('dialog', { name: 'Supprimer la mission ?' })
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Supprimer' }).click()
  await expect(page.getByRole('region', { name })).toHaveCount(0)
})

test('an administrator changes a setting, reads its history and puts it back', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.fr')
  await page.goto('/backoffice/configuration')
  const section = page.getByRole('region', { name: 'Délai de rappel par défaut' })
  const field = section.getByLabel('Délai proposé pour un rappel quand l’issue n’en fixe pas (minutes)')
  const before = await field.inputValue()
  await field.fill('1')
  await section.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(
    section.getByText('Le délai de rappel est un nombre de minutes entre 5 et 86 400 (60 jours).'),
  ).toBeVisible()
  await field.fill('95')
  await section.getByRole('button', { name: 'Enregistrer' }).click()
  const entries = section.getByRole('region', { name: 'Historique des modifications' }).getByRole('listitem')
  await expect(entries.nth(0)).toContainText('95')
  await section.getByLabel('Délai proposé pour un rappel quand l’issue n’en fixe pas (minutes)').fill(before)
  await section.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(entries.nth(0)).toContainText(`95 → ${before}`)
})
