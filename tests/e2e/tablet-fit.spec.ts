// Issue #31 point 4 "Screens that fit a tablet": at 1024×768 and 768×1024 the statistics per agent
// (five figures by default, the rest in « Colonnes affichées », the names' column sticky), the lead
// follow-up's pipeline (one card per market, every status shown) and the lists with phones never
// scroll the page sideways, and a phone number never wraps. Read-only: the spec changes no data.
import { expect, test, type Locator, type Page } from './fixtures.ts'
import { signInFromLogin } from './helpers.ts'

const TABLETS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]

async function expectPageFits(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide in ${innerWidth}px`).toBeLessThanOrEqual(
    innerWidth,
  )
}

/** Each phone shown is on one line: `nowrap`, and a single line box. */
async function expectPhonesOnOneLine(phones: Locator): Promise<void> {
  await expect(phones.first()).toBeVisible()
  const lines = await phones.evaluateAll((elements) =>
    elements.map((element) => ({
      text: element.textContent,
      whiteSpace: getComputedStyle(element).whiteSpace,
      lines: element.getClientRects().length,
    })),
  )
  for (const phone of lines) {
    expect(phone.text).toMatch(/^0\d( \d\d){4}$/)
    expect(phone.whiteSpace).toBe('nowrap')
    expect(phone.lines, `${phone.text} wraps`).toBe(1)
  }
}

for (const viewport of TABLETS) {
  const size = `${viewport.width}×${viewport.height}`

  test.describe(`on a ${size} tablet`, () => {
    test.use({ viewport })

    test('the statistics per agent fit; more figures are chosen and kept in the URL', async ({ page }) => {
      await signInFromLogin(page, 'manager@demo.fr')
      await page.goto('/activity/stats-teleops?period=this-month')
      const table = page.getByRole('table', { name: 'Statistiques par agent' })
      await expect(table.getByRole('rowheader').first()).toBeVisible()
      await expect(table.getByRole('columnheader')).toHaveCount(6)
      await expectPageFits(page)
      if (viewport.width === 1024) {
        // The five figures fit their box: nothing to scroll sideways at all.
        const box = page.getByRole('region', { name: 'Statistiques par agent' })
        const { scrollWidth, clientWidth } = await box.evaluate((element) => ({
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
        }))
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
      }

      await page.getByText(/^Colonnes affichées \(/).click()
      // A tick is a navigation (the route's loader runs before the URL lands), so the box shows ticked
      // a moment after the click: click and wait for it, where check() verifies at once (seen failing).
      const xp = page.getByRole('checkbox', { name: 'XP' })
      await xp.click()
      await expect(xp).toBeChecked()
      await expect(table.getByRole('columnheader')).toHaveCount(7)
      const received = page.getByRole('checkbox', { name: 'Appels reçus' })
      await received.click()
      await expect(received).toBeChecked()
      await expect(page).toHaveURL(/cols=/)
      await expect(table.getByRole('columnheader')).toHaveCount(8)
      await expectPageFits(page)
      // The names' column stays in view while the figures scroll in their box.
      const name = table.getByRole('rowheader').first()
      expect(await name.evaluate((element) => getComputedStyle(element).position)).toBe('sticky')

      await page.reload()
      await expect(table.getByRole('columnheader')).toHaveCount(8)
    })

    test('the lead follow-up shows every status of the pipeline, and its phones on one line', async ({
      page,
    }) => {
      await signInFromLogin(page, 'manager@demo.fr')
      await page.goto('/activity/leads-follow-up')
      const pipeline = page.getByRole('list', { name: /^Leads de la mission .+ par marché et par statut$/ })
      await expect(pipeline).toBeVisible()
      await expectPageFits(page)
      // Every count button lies inside the viewport: none is cut off on the right.
      const rights = await pipeline
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().right))
      expect(rights.length).toBeGreaterThan(0)
      for (const right of rights) expect(right).toBeLessThanOrEqual(viewport.width)

      await pipeline
        .getByRole('button', { name: /, Total : \d+ leads?$/ })
        .last()
        .click()
      const leads = page.getByRole('table', { name: 'Liste des leads' })
      await expect(leads.getByRole('link').first()).toBeVisible()
      await expectPageFits(page)
      await expectPhonesOnOneLine(leads.locator('.phone-number'))
    })

    test('search results keep each phone on one line', async ({ page }) => {
      await signInFromLogin(page, 'teleop1@demo.fr')
      await page.getByLabel('Rechercher un lead').fill('mar')
      const results = page.getByRole('table', { name: 'Résultats de la recherche' })
      await expect(results.getByRole('link').first()).toBeVisible()
      await expectPageFits(page)
      await expectPhonesOnOneLine(results.locator('.phone-number'))
    })
  })
}
