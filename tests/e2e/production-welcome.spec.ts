// Issue #31 point 1 "A production install that tells the truth about mail", on the production build:
// a server in production mode without SMTP_URL, started on an empty database whose first administrator
// comes from `npm run create-admin`. Creating a user says no mail could go and hands the administrator
// the welcome link (« Copier le lien », shown once, with its validity); the new user chooses their
// password through it; « Nouveau lien » issues a fresh one and the older stops working; « E-mails »
// says at the top that no mail server is set.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

const ADMIN = 'direction@centre.example'
const NEW_USER = { firstName: 'Léa', lastName: 'Bonnet', email: 'lea.bonnet@centre.example' }
const PASSWORD = 'Printemps2027'

let server: OwnServer | null = null
let dataDir = ''
let origin = ''
let adminLink = ''

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const port = await freePort()
  origin = `http://localhost:${port}`
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-production-welcome-'))
  const env = { APP_ENV: 'production', PUBLIC_URL: origin, SMTP_URL: '', DATABASE_URL: '' }
  // The first administrator of a real centre (README), before the server starts.
  const printed = execFileSync(process.execPath, ['server/cli/create-admin.ts', ADMIN, 'Anne', 'Martin'], {
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  adminLink = /^http\S+\/reset-password\?token=\S+$/m.exec(printed)?.[0] ?? ''
  expect(adminLink, printed).not.toBe('')
  // A directory that is not empty is used as it is (no copy of the seeded demo data).
  server = await startOwnServer({ port, dataDir, env })
})

test.afterAll(async () => {
  await stopOwnServer(server)
  rmSync(dataDir, { recursive: true, force: true })
})

/** Opens a password link, chooses the password, and signs in with it. */
async function choosePasswordAndSignIn(page: Page, link: string, email: string): Promise<void> {
  await page.goto(link)
  await page.getByLabel('Nouveau mot de passe').fill(PASSWORD)
  await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD)
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click()
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/home$/)
}

test('without a mail server, the administrator hands the welcome link over, and can issue a new one', async ({
  browser,
}) => {
  const adminContext = await browser.newContext({ baseURL: origin })
  await adminContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  const admin = await adminContext.newPage()
  await choosePasswordAndSignIn(admin, adminLink, ADMIN)

  // « E-mails » says at the top that nothing can be sent.
  await admin.goto('/backoffice/mails')
  await expect(admin.getByText(/^Aucun serveur d’envoi \(SMTP_URL\) n’est configuré/)).toBeVisible()

  // A new user: no claim that a mail left; the link, its validity, « Copier le lien ».
  await admin.goto('/utilisateurs')
  await admin.getByRole('button', { name: 'Nouvel utilisateur' }).click()
  const form = admin.getByRole('region', { name: 'Nouvel utilisateur' })
  await form.getByLabel('Prénom').fill(NEW_USER.firstName)
  await form.getByLabel('Nom', { exact: true }).fill(NEW_USER.lastName)
  await form.getByLabel('Adresse e-mail').fill(NEW_USER.email)
  await form.getByRole('button', { name: 'Créer l’utilisateur' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Lien de bienvenue à remettre' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Aucun serveur d’envoi n’est configuré')
  await expect(dialog).toContainText(/valable jusqu’au .+ à \d\d:\d\d, une seule fois/)
  await expect(
    admin.getByText('Utilisateur Léa Bonnet créé : remettez-lui son lien de bienvenue.'),
  ).toBeVisible()
  await expect(admin.getByText(/l’e-mail de bienvenue est (parti|en file)/)).toHaveCount(0)
  const firstLink = await dialog.getByLabel('Lien de bienvenue').inputValue()
  expect(firstLink).toMatch(new RegExp(`^${origin}/reset-password\\?token=`))
  await dialog.getByRole('button', { name: 'Copier le lien' }).click()
  await expect(dialog.getByText('Lien copié.')).toBeVisible()
  expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(firstLink)
  await dialog.getByRole('button', { name: 'J’ai remis le lien' }).click()
  await expect(dialog).toBeHidden()

  // « Nouveau lien » on the user's panel: a fresh link, shown once; the first one stops working.
  const panel = admin.getByRole('region', { name: 'Léa Bonnet' })
  await panel.getByRole('button', { name: 'Nouveau lien' }).click()
  await expect(dialog).toContainText('Ce nouveau lien remplace les précédents')
  const secondLink = await dialog.getByLabel('Lien de bienvenue').inputValue()
  expect(secondLink).not.toBe(firstLink)
  await dialog.getByRole('button', { name: 'J’ai remis le lien' }).click()
  await expect(dialog).toBeHidden()

  const userContext = await browser.newContext({ baseURL: origin })
  const user = await userContext.newPage()
  await user.goto(firstLink)
  await expect(user.getByText('Ce lien est invalide ou expiré.')).toBeVisible()
  await choosePasswordAndSignIn(user, secondLink, NEW_USER.email)

  // Her password chosen, no administrator can issue a link to her account any more.
  await admin.reload()
  await expect(panel.getByText(/Léa Bonnet a choisi son mot de passe/)).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Nouveau lien' })).toHaveCount(0)

  await userContext.close()
  await adminContext.close()
})
