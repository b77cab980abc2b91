// Issue #27 point 4: the sign-in form is in the page's HTML, so it shows before any JavaScript has run
// (the render delay was most of /login's LCP); what is typed into it before the app takes over is kept.
import { expect, test } from './fixtures.ts'

test('the sign-in form shows without JavaScript, and cannot be sent without it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  try {
    const page = await context.newPage()
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible()
    await page.getByLabel('Adresse e-mail').fill('teleop1@demo.fr')
    await page.getByLabel('Mot de passe', { exact: true }).fill('secret')
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter')
    // Nothing is sent: no form to submit, the password never reaches a URL.
    await expect(page).toHaveURL(/\/login$/)
    expect(page.url()).not.toContain('secret')
  } finally {
    await context.close()
  }
})

test('what is typed before the app starts is kept, with the field it was typed in', async ({ page }) => {
  // The entry script waits until the visitor has typed: the form they type into is the server's copy.
  let release: () => void = () => undefined
  const typed = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await typed
    await route.continue()
  })
  // Not until `load`: the held entry script holds that event.
  await page.goto('/login', { waitUntil: 'commit' })
  await expect(page.locator('[data-first-paint="login"]')).toBeVisible()
  await page.getByLabel('Adresse e-mail').fill('teleop1@demo.fr')
  await page.getByLabel('Rester connecté sur cet appareil').check()
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo')
  release()

  // The app has taken over: the copy is gone, the live form holds what was typed, the focus where it was.
  await expect(page.locator('[data-first-paint]')).toHaveCount(0)
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue('teleop1@demo.fr')
  await expect(page.getByLabel('Rester connecté sur cet appareil')).toBeChecked()
  const password = page.getByLabel('Mot de passe', { exact: true })
  await expect(password).toBeFocused()
  await expect(password).toHaveValue('Demo')
  await password.pressSequentially('1234!')
  await password.press('Enter')
  await expect(page).toHaveURL(/\/home$/)
})

test('« Se connecter » is off until the page can act on it, and a press before the form is live signs in', async ({
  page,
}) => {
  // The sign-in page's own chunk waits: the entry has run, the form shown is still the server's copy.
  let release: () => void = () => undefined
  const pressed = new Promise<void>((resolve) => (release = resolve))
  let entryHeld: () => void = () => undefined
  const entryReleased = new Promise<void>((resolve) => (entryHeld = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await entryReleased
    await route.continue()
  })
  await page.route(/\/assets\/login-[^/]+\.js$/, async (route) => {
    await pressed
    await route.continue()
  })
  await page.goto('/login', { waitUntil: 'commit' })
  const copy = page.locator('[data-first-paint="login"]')
  await expect(copy.getByRole('button', { name: 'Se connecter' })).toBeDisabled()
  entryHeld()
  await expect(copy.getByRole('button', { name: 'Se connecter' })).toBeEnabled()
  await copy.getByLabel('Adresse e-mail').fill('teleop1@demo.fr')
  await copy.getByLabel('Mot de passe', { exact: true }).fill('Demo1234!')
  await copy.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/login$/)
  release()
  await expect(page).toHaveURL(/\/home$/)
})
