import { expect, test } from './fixtures.ts'
import { signIn, signInFromLogin } from './helpers.ts'

test('a teleoperator signs in and lands on /home, then signs out back to /login', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.locator('title')).toHaveCount(1)
  await signIn(page, 'teleop1@demo.fr')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible()
  await expect(page.getByText('Téléopérateur').first()).toBeVisible()
  // Issue #31: one <title> per page, the screen's.
  await expect(page.locator('title')).toHaveCount(1)
  await expect(page).toHaveTitle('Accueil – Centre d’appels')
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/\/login/)
  // The session is really gone: a private page sends back to the login page.
  await page.goto('/home')
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fhome/)
})

test('wrong credentials show a French message', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'teleop2@demo.fr', 'mauvais-mot-de-passe1')
  await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('an inactive account cannot sign in', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'inactif@demo.fr')
  await expect(page.getByText('Votre compte est désactivé. Contactez votre responsable.')).toBeVisible()
})

test('an unknown path lands on /404', async ({ page }) => {
  await signInFromLogin(page, 'teleop2@demo.fr')
  await page.goto('/cette/page/nexiste/pas')
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('the blocking-reason overlay shows its cause and Continuer removes both parameters', async ({
  page,
}) => {
  await signInFromLogin(page, 'teleop3@demo.fr')
  await page.goto('/home?redirect=/home&cause=UNTAGGED_CALL')
  const dialog = page.getByRole('dialog', { name: 'Appel non taggé' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Continuer' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/home$/)
})

test('a signed-out visitor returns to the private page asked for after signing in', async ({ page }) => {
  await page.goto('/activity/stats-teleops')
  await expect(page).toHaveURL(/\/login\?returnTo=/)
  await signIn(page, 'manager@demo.fr')
  await expect(page).toHaveURL(/\/activity\/stats-teleops$/)
})

test('a teleoperator typing a back-office URL is refused', async ({ page }) => {
  await signInFromLogin(page, 'teleop4@demo.fr')
  await page.goto('/backoffice/missions')
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Missions' })).toHaveCount(0)
})

test('the dev tools panel switches to Manager and says so', async ({ page }) => {
  await signInFromLogin(page, 'teleop5@demo.fr')
  await page.getByRole('button', { name: 'Outils de développement' }).click()
  await page.getByLabel('Rôle').selectOption({ label: 'Manager' })
  await page.getByRole('button', { name: 'Changer de rôle' }).click()
  await expect(page.getByText('Connecté en tant que Manager')).toBeVisible()
  await expect(page).toHaveURL(/\/home$/)
})
