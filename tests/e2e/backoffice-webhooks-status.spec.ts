// Issue #15 "Telephony webhook status", on the production build: an administrator opens the page,
// sees the health at a glance and the per-hour table, filters the deliveries from the keyboard (the
// URL keeps the filter), opens a payload, at a tablet's sizes without sideways scrolling. It writes
// one refused delivery (a wrong token) so that the list and the refused addresses are never empty.
// Then, on a server of its own against the local fake of Aircall's API (issue #15 "Check and repair
// Aircall's side"): the administrator creates the product's missing webhook from the keyboard, and a
// delivery carrying the token Aircall gave it is accepted.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from './fixtures.ts'
import { startFakeAircall, type FakeAircall } from '../fakes/aircall-server.ts'
import { signIn, signInFromLogin } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

for (const size of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]) {
  test(`an administrator reads the webhook status at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size)
    const refused = await page.request.post('/api/webhooks/aircall', {
      data: { resource: 'call', event: 'call.created', timestamp: 1, token: 'e2e-wrong-token', data: {} },
    })
    expect(refused.status()).toBe(401)
    await signInFromLogin(page, 'admin@demo.fr')
    await page.goto('/backoffice/aircall-webhooks-status')
    await expect(page.getByRole('heading', { level: 1, name: 'Statut des webhooks Aircall' })).toBeVisible()
    const health = page.getByRole('region', { name: 'Santé' })
    await expect(health.getByText('Jeton de webhook')).toBeVisible()
    // The e2e server runs the simulator: no Aircall account to check.
    await expect(page.getByText('Simulateur : aucun compte Aircall à vérifier.')).toBeVisible()
    const hours = page.getByRole('region', { name: 'Réceptions par heure (24 h)' })
    await expect(hours.getByRole('row')).toHaveCount(25)
    await expect(
      page.getByRole('region', { name: 'Adresses des réceptions refusées' }).getByRole('row'),
    ).not.toHaveCount(0)
    const deliveries = page.getByRole('region', { name: 'Réceptions' })
    await deliveries.getByText('Contenu reçu').first().click()
    await expect(deliveries.locator('pre').first()).toBeVisible()
    await noSidewaysScroll(page)
    await deliveries.getByLabel('État').focus()
    await deliveries.getByLabel('État').selectOption('error')
    await expect(page).toHaveURL(/\?state=error$/)
    await noSidewaysScroll(page)
  })
}

test.describe('with an Aircall account', () => {
  const PUBLIC_URL = 'https://centre.example.fr'
  let fake: FakeAircall
  let server: OwnServer | null = null
  let dataDir = ''
  let origin = ''

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    fake = await startFakeAircall()
    const port = await freePort()
    dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-webhook-repair-'))
    origin = `http://localhost:${port}`
    server = await startOwnServer({
      port,
      dataDir,
      env: {
        TELEPHONY_PROVIDER: 'aircall',
        AIRCALL_API_ID: fake.apiId,
        AIRCALL_API_TOKEN: fake.apiToken,
        AIRCALL_API_URL: fake.url,
        AIRCALL_WEBHOOK_TOKEN: '',
        PUBLIC_URL,
      },
    })
  })

  test.afterAll(async () => {
    await stopOwnServer(server)
    await fake.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('an administrator creates the missing webhook and its token is accepted', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 })
    await page.goto(`${origin}/login`)
    await signIn(page, 'admin@demo.fr')
    await expect(page).toHaveURL(/\/home$/)
    await page.goto(`${origin}/backoffice/aircall-webhooks-status`)
    const health = page.getByRole('region', { name: 'Santé' })
    await expect(health.getByText('Non configuré : toute réception est refusée')).toBeVisible()
    const aircall = page.getByRole('region', { name: 'Côté Aircall' })
    await expect(aircall.getByText('Aucun webhook enregistré sur le compte Aircall.')).toBeVisible()
    const create = aircall.getByRole('button', { name: 'Créer le webhook' })
    await create.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Webhook créé sur le compte Aircall.')).toBeVisible()
    await expect(aircall.getByText('Tous les événements d’appel nécessaires sont reçus.')).toBeVisible()
    await expect(create).toHaveCount(0)
    await expect(health.getByText('Configuré', { exact: true })).toBeVisible()
    await noSidewaysScroll(page)

    const created = fake.webhooks.filter((one) => one.url === `${PUBLIC_URL}/api/webhooks/aircall`)
    expect(created).toHaveLength(1)
    const delivery = (token: string) =>
      page.request.post(`${origin}/api/webhooks/aircall`, {
        data: {
          resource: 'user',
          event: 'user.opened.v2',
          timestamp: Math.floor(Date.now() / 1000),
          token,
          data: { id: 1 },
        },
      })
    expect((await delivery(created[0]!.token!)).status()).toBe(200)
    expect((await delivery('e2e-wrong-token')).status()).toBe(401)
  })
})
