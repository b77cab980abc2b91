import { expect, test } from './fixtures.ts'
import { signIn } from './helpers.ts'

// teleop7 is used by this file only: its password changes here.
test('forgotten password: the e-mailed link sets a new password that then signs in', async ({
  page,
  request,
}) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('Adresse e-mail').fill('teleop7@demo.fr')
  await page.getByRole('button', { name: 'Envoyer le lien' }).click()
  await expect(page.getByText(/Si un compte correspond à cette adresse/)).toBeVisible()

  // Read the dev mailbox as an administrator (non-production only).
  await request.get('/api/user/me')
  const xsrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
  const login = await request.post('/api/login', {
    data: { email: 'admin@demo.fr', password: 'Demo1234!' },
    headers: { 'x-xsrf-token': await xsrf() },
  })
  expect(login.ok()).toBe(true)
  let link = ''
  await expect(async () => {
    const mails = (await (await request.get('/api/dev/mailbox?to=teleop7@demo.fr')).json()) as {
      text: string
    }[]
    link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mails[0]?.text ?? '')?.[0] ?? ''
    expect(link).not.toBe('')
  }).toPass({ timeout: 10_000 })

  await page.goto(new URL(link).pathname + new URL(link).search)
  await page.getByLabel('Nouveau mot de passe').fill('Printemps2027')
  await page.getByLabel('Confirmation du mot de passe').fill('Printemps2027')
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click()
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, 'teleop7@demo.fr', 'Printemps2027')
  await expect(page).toHaveURL(/\/home$/)

  // The link was single-use.
  await page.goto(new URL(link).pathname + new URL(link).search)
  await expect(page.getByText('Ce lien est invalide ou expiré.')).toBeVisible()
})
