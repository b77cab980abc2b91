// Issue #31 point 2, end to end on the production build at 1024×768: an administrator imports a
// broker's file as received — Windows-1252, `;`, a title line above the header. The header is found
// under the title (and can be chosen again, the mapping following), a bad e-mail costs only the value,
// the errors come grouped by cause with their postal codes and the rejected-rows file one click away,
// « Importer N leads » stays in view; the same file again says « 3 doublons, 0 nouveau », and that
// abandoned import is discarded. The page never scrolls sideways. The mission is the spec's own.
import { readFileSync } from 'node:fs'
import { BROKER_FIXTURE } from '../../scripts/generate-import-fixtures.ts'
import { expect, test, type Page } from './fixtures.ts'
import { signInFromLogin, xsrfHeaders } from './helpers.ts'

const FIXTURE = `tests/fixtures/${BROKER_FIXTURE.file}`
const MISSION = 'Courtier E2E'
const MARKET = 'Paris et Hauts-de-Seine'

async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { headers: await xsrfHeaders(page), data })
  expect(response.ok(), `POST ${url}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** A new mission callable at any hour whose one market covers the postal codes 75 and 92. */
async function createMission(page: Page): Promise<void> {
  const demo = (await (await page.request.get('/api/missions?pageSize=100')).json()) as {
    items: { callProcess: { id: number } | null }[]
  }
  const mission = await post<{ id: number }>(page, '/api/missions', {
    name: MISSION,
    color: '#1d4ed8',
    callProcessId: demo.items.find((item) => item.callProcess !== null)?.callProcess?.id ?? null,
    callingRule: 'CUSTOM',
    callingHours: { days: [1, 2, 3, 4, 5, 6, 7], periods: [[0, 1440]], holidays: true },
    maxCallAttempts: null,
    quietDays: null,
  })
  await post(page, '/api/markets', {
    missionId: mission.id,
    name: MARKET,
    postalCodePrefixes: [...BROKER_FIXTURE.marketPrefixes],
  })
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** Upload → header found under the title → mapping → mission by postal code → analysed preview. */
async function uploadAndAnalyse(page: Page) {
  await page.goto('/integration/integrate')
  await page.getByLabel('Choisir un fichier').setInputFiles(FIXTURE)
  await expect(page.getByRole('heading', { name: 'Associer les colonnes' })).toBeFocused()
  await expect(page.getByLabel('Ligne d’en-tête')).toHaveValue('2')
  await expect(page.getByLabel('Champ du lead pour la colonne « Téléphone »')).toHaveValue('phone')
  await page.getByRole('button', { name: 'Continuer' }).click()
  await expect(page.getByRole('heading', { name: 'Mission et marché' })).toBeFocused()
  await page.getByLabel('Mission', { exact: true }).selectOption({ label: MISSION })
  await page.getByRole('radio', { name: 'D’après le code postal (préfixes des marchés)' }).check()
  await page.getByRole('button', { name: 'Analyser' }).click()
}

test('an administrator imports a broker file with a title line above its header', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await signInFromLogin(page, 'admin@demo.fr')
  await createMission(page)

  // The header is found under the title; choosing the title instead, the mapping follows, and back.
  await page.goto('/integration/integrate')
  await page.getByLabel('Choisir un fichier').setInputFiles(FIXTURE)
  await expect(page.getByRole('heading', { name: 'Associer les colonnes' })).toBeFocused()
  const headerLine = page.getByLabel('Ligne d’en-tête')
  await expect(headerLine).toHaveValue('2')
  await expect(
    page.getByText(/Les en-têtes sont à la ligne 2 : ce qui est au-dessus \(un titre\) est ignoré\./),
  ).toBeVisible()
  await expect(page.getByLabel('Champ du lead pour la colonne « NOM »')).toHaveValue('lastName')
  await expect(page.getByLabel('Champ du lead pour la colonne « E-mail »')).toHaveValue('email')
  await headerLine.selectOption('1')
  await page.getByRole('button', { name: 'Appliquer' }).click()
  await expect(page.getByLabel(`Champ du lead pour la colonne « ${BROKER_FIXTURE.title} »`)).toBeVisible()
  await expect(page.getByLabel('Champ du lead pour la colonne « Téléphone »')).toHaveCount(0)
  await page.getByLabel('Ligne d’en-tête').selectOption('2')
  await page.getByRole('button', { name: 'Appliquer' }).click()
  await expect(page.getByLabel('Champ du lead pour la colonne « Téléphone »')).toHaveValue('phone')
  await page.getByRole('button', { name: 'Continuer' }).click()
  await page.getByLabel('Mission', { exact: true }).selectOption({ label: MISSION })
  await page.getByRole('radio', { name: 'D’après le code postal (préfixes des marchés)' }).check()
  await page.getByRole('button', { name: 'Analyser' }).click()

  // The errors grouped by cause, with their codes; the e-mail dropped with a warning; nothing written yet.
  const noMarket = page.locator('summary', { hasText: '3 lignes : aucun marché ne couvre le code postal' })
  await expect(noMarket).toBeVisible({ timeout: 30_000 })
  await noMarket.click()
  await expect(page.getByText(`Valeurs : ${BROKER_FIXTURE.noMarketCodes.join(', ')}`)).toBeVisible()
  await expect(page.getByText('Lignes : 5, 6, 7')).toBeVisible()
  await expect(page.locator('summary', { hasText: '1 ligne : numéro de téléphone invalide' })).toBeVisible()
  await page.locator('summary', { hasText: 'Valeurs invalides ignorées' }).click()
  await expect(
    page
      .getByRole('table', { name: 'Valeurs ignorées par ligne' })
      .getByRole('row', { name: /lætitia\.leblanc@orange\.fr/ }),
  ).toBeVisible()
  await expectNoSidewaysScroll(page)

  // The rejected rows, before anything is written: one click.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Télécharger les lignes en erreur' }).click()
  const csv = readFileSync(await (await downloading).path())
    .subarray(3)
    .toString('utf8')
  expect(csv).toContain('Code postal : Aucun marché ne couvre le code postal 13008.')
  expect(csv.trim().split(/\r?\n/)).toHaveLength(1 + 4)

  // The action stays in view at the bottom of the screen, however far the page scrolls.
  const start = page.getByRole('button', { name: 'Importer 3 leads' })
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(start).toBeInViewport()
  await start.click()
  await expect(page.getByRole('heading', { name: 'Rapport d’import' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('3 leads importés')).toBeVisible()
  await expect(page.getByText('4 lignes rejetées')).toBeVisible()
  await expect(page.getByText('1 ligne avec une valeur facultative invalide, ignorée')).toBeVisible()

  // The same file again: the preview says it brings nothing new, and the import is abandoned.
  await uploadAndAnalyse(page)
  await expect(page.getByText('3 doublons, 0 nouveau')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('table', { name: 'Lignes importées (aperçu)' })).toHaveCount(0)
  const url = page.url()
  await page.getByRole('button', { name: 'Abandonner cet import' }).click()
  const dialog = page.getByRole('dialog', { name: 'Abandonner cet import ?' })
  await expect(dialog.getByRole('button', { name: 'Garder l’import' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Abandonner', exact: true }).click()
  await expect(page).toHaveURL(/\/integration\/integrate$/)
  await expect(page.getByLabel('Choisir un fichier')).toBeAttached()
  const id = /import=(\d+)/.exec(url)![1]
  expect((await page.request.get(`/api/imports/${id}`)).status()).toBe(404)
})
