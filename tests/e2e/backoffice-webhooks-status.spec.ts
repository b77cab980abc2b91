// Issue #15 "Telephony webhook status", on the production build: an administrator opens the page,
// sees the health at a glance and the per-hour table, filters the deliveries from the keyboard (the
// URL keeps the filter), opens a payload, at a tablet's sizes without sideways scrolling. It writes
// one refused delivery (a wrong token) so that the list and the refused addresses are never empty.
import { expect, test, type Page } from '@playwright/test'
import { signInFromLogin } from './helpers.ts'

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
