// Issue #12 "Users", on the production build: an administrator creates a user, finds them with a
// search and a filter held in the URL, links their Aircall account by e-mail, deactivates them after
// a confirmation and reads the history of those changes; a teleoperator gets the 403 behaviour. The
// shared server runs the telephony simulator, whose Aircall users are the linked accounts only: this
// spec runs its own server on the local fake of Aircall's API (tests/fakes/aircall-server.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from './fixtures.ts'
import { startFakeAircall, type FakeAircall } from '../fakes/aircall-server.ts'
import { signIn } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

let fake: FakeAircall
let server: OwnServer | null = null
let dataDir = ''
let origin = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  fake = await startFakeAircall()
  const port = await freePort()
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-users-'))
  origin = `http://localhost:${port}`
  server = await startOwnServer({
    port,
    dataDir,
    env: {
      TELEPHONY_PROVIDER: 'aircall',
      AIRCALL_API_ID: fake.apiId,
      AIRCALL_API_TOKEN: fake.apiToken,
      AIRCALL_API_URL: fake.url,
      AIRCALL_WEBHOOK_TOKEN: 'e2e-webhook-token',
    },
  })
})

test.afterAll(async () => {
  await stopOwnServer(server)
  await fake?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function signInAs(page: Page, email: string) {
  await page.goto(`${origin}/login`)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
}

test('an administrator creates a user, filters, links Aircall and deactivates after confirmation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const suffix = randomUUID().slice(0, 8)
  const email = `e2e.${suffix}@demo.fr`
  fake.users = [
    { id: 9101, email: `E2E.${suffix}@demo.fr`, name: `Agent ${suffix}` },
    { id: 9102, email: 'standard@demo.fr', name: 'Standard' },
  ]
  await signInAs(page, 'admin@demo.fr')
  await page.goto(`${origin}/utilisateurs`)
  await expect(page.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeVisible()

  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click()
  const create = page.getByRole('region', { name: 'Nouvel utilisateur' })
  await create.getByRole('button', { name: 'Créer l’utilisateur' }).click()
  // Nothing typed: French messages next to the fields, focus back in the form.
  await expect(create.getByText('Ce champ est obligatoire.').first()).toBeVisible()
  await expect(create.getByLabel('Prénom')).toBeFocused()
  await create.getByLabel('Prénom').fill('Élise')
  await create.getByLabel('Nom', { exact: true }).fill(`Essai ${suffix}`)
  await create.getByLabel('Adresse e-mail').fill(email)
  await create.getByLabel('Rôle').selectOption('TELEOPERATOR')
  await create.getByRole('button', { name: 'Créer l’utilisateur' }).click()
  const panel = page.getByRole('region', { name: `Élise Essai ${suffix}` })
  await expect(panel).toBeVisible()
  // Saved: focus lands on the new user's panel.
  await expect(panel.getByRole('heading', { level: 2 })).toBeFocused()

  // Search and filter, held in the URL: a reload shows the same list.
  await page.getByLabel('Rechercher (nom ou e-mail)').fill(`elise essai ${suffix}`)
  await expect(page).toHaveURL(new RegExp(`q=elise\\+essai\\+${suffix}`))
  await page
    .getByRole('group', { name: 'Filtres des utilisateurs' })
    .getByLabel('Compte Aircall')
    .selectOption('1')
  await expect(page).toHaveURL(/aircall=1/)
  const table = page.getByRole('table', { name: 'Liste des utilisateurs' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await page.reload()
  await expect(page.getByLabel('Rechercher (nom ou e-mail)')).toHaveValue(`elise essai ${suffix}`)
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByText('Aircall à lier')).toBeVisible()

  // Linked by e-mail among the provider's users (the fake's GET /v1/users).
  await panel.getByRole('button', { name: 'Lier à Aircall' }).click()
  await panel.getByRole('button', { name: 'Lier par l’adresse e-mail' }).click()
  await expect(panel.getByText('Lié (identifiant 9101)').first()).toBeVisible()
  // No longer "to link": the filtered list is empty and says what to do.
  await expect(
    page.getByText('Aucun utilisateur ne correspond à ces critères.', { exact: false }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Effacer les filtres' }).click()
  await page.getByLabel('Rechercher (nom ou e-mail)').fill(email)
  await expect(table.getByRole('row')).toHaveCount(2)

  // Deactivated from a selection, after a confirmation whose focus starts on "Annuler".
  await table.getByLabel(`Sélectionner Élise Essai ${suffix}`).check()
  const bulk = page.getByRole('region', { name: 'Actions sur la sélection' })
  await expect(bulk.getByText('1 utilisateur sélectionné')).toBeVisible()
  await bulk.getByLabel('Action').selectOption('deactivate')
  await bulk.getByRole('button', { name: 'Appliquer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Désactiver ces utilisateurs ?' })
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Désactiver' }).click()
  await expect(table.getByRole('cell', { name: 'Inactif' })).toBeVisible()

  const history = panel.getByRole('region', { name: 'Historique des modifications' })
  const entries = history.getByRole('listitem')
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText('Désactivation')
  await expect(entries.nth(1)).toContainText('Compte Aircall lié')
  await expect(entries.nth(2)).toContainText('Création')
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
})

test('a teleoperator gets the 403 behaviour on the users screen and API', async ({ page }) => {
  await signInAs(page, 'teleop7@demo.fr')
  await page.goto(`${origin}/utilisateurs`)
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible()
  expect((await page.request.get(`${origin}/api/users?page=1`)).status()).toBe(403)
})
