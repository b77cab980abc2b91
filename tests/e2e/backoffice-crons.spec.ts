// Issue #15 "Scheduled jobs", on the production build: an administrator runs a job now and sees the
// run appear in its history, pauses and resumes it, and gives another job a new schedule after its
// live check and the preview of its next five runs, at a laptop's and a tablet's size. Pausing and
// rescheduling would surprise the other specs of the shared server, so this file runs its own.
import { expect, test, type Page } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('crons')

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

test('an administrator runs, pauses and reschedules the scheduled jobs', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(`${server.origin}/login`)
  await signIn(page, 'admin@demo.fr')
  await expect(page).toHaveURL(/\/home$/)
  await page.goto(`${server.origin}/backoffice/crons`)
  await expect(page.getByRole('heading', { level: 1, name: 'Tâches planifiées' })).toBeVisible()

  // Run now: the run shows in the job's history (the list asks again every 5 s).
  const keys = page.getByRole('region', { name: 'Ménage des clés d’idempotence' })
  await expect(keys.getByText('toutes les heures pile')).toBeVisible()
  await keys.getByRole('button', { name: 'Lancer maintenant' }).click()
  await expect(
    page.getByText('« Ménage des clés d’idempotence » va tourner dans quelques secondes.'),
  ).toBeVisible()
  const manualRun = keys.getByRole('row').filter({ hasText: 'À la main' })
  await expect(manualRun).toContainText('Réussie', { timeout: 15_000 })

  // Pause, then resume.
  await keys.getByRole('button', { name: 'Mettre en pause' }).click()
  await expect(keys.getByText('En pause', { exact: true })).toBeVisible()
  await expect(keys.getByText('Aucune : la tâche est en pause')).toBeVisible()
  await keys.getByRole('button', { name: 'Reprendre' }).click()
  await expect(keys.getByText('En pause', { exact: true })).toBeHidden()
  await expect(keys.getByRole('button', { name: 'Mettre en pause' })).toBeVisible()

  // A new schedule, from the keyboard: checked as typed, read in words, its next five runs previewed.
  const purge = page.getByRole('region', { name: 'Purge des fichiers d’import et d’extraction' })
  await expect(purge.getByText('tous les jours à 3 h')).toBeVisible()
  await purge.getByRole('button', { name: 'Modifier la planification' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', {
    name: 'Planification de « Purge des fichiers d’import et d’extraction »',
  })
  const field = dialog.getByLabel('Expression cron (minute heure jour mois jour-de-semaine)')
  await expect(field).toBeFocused()
  await field.fill('30 3 * * 1 *')
  await expect(dialog.getByText(/Une planification a cinq champs/)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeDisabled()
  await field.fill('30 3 * * 1')
  await expect(dialog.getByText('le lundi à 3 h 30', { exact: true })).toBeVisible()
  const nextRuns = dialog.getByRole('listitem')
  await expect(nextRuns.first()).toHaveText(/^lundi .* à 03:30$/)
  await expect(nextRuns).toHaveCount(5)
  for (const text of await nextRuns.allTextContents()) expect(text).toMatch(/^lundi .* à 03:30$/)
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog).toBeHidden()
  await expect(purge.getByText('le lundi à 3 h 30')).toBeVisible()
  await expect(purge.getByText(/^lundi .* à 03:30$/)).toBeVisible()

  // Escape closes the editor without saving; focus returns to its button.
  const edit = purge.getByRole('button', { name: 'Modifier la planification' })
  await edit.click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(edit).toBeFocused()

  await noSidewaysScroll(page)
  await page.setViewportSize({ width: 768, height: 1024 })
  await expect(purge).toBeVisible()
  await noSidewaysScroll(page)
})
