// Issue #11 "Search", end to end on the demo data: accents and case never matter, and a lead the
// agent cannot take says why instead of offering « Prendre »; a result opens the lead's sheet.
// Read-only: the spec takes no lead, so it leaves the shared demo user as it found it.
import { expect, test, type Page } from './fixtures.ts'
import type { LeadSearchItem, LeadSearchResult } from '../../src/contracts/lead.ts'
import { signInFromLogin } from './helpers.ts'

const AGENT = 'teleop5@demo.fr'

function searchBox(page: Page) {
  return page.getByLabel('Rechercher un lead')
}

function results(page: Page) {
  return page.getByRole('table', { name: 'Résultats de la recherche' })
}

/** A closed lead of the agent's missions, found through the search API (the demo seed has many). */
async function closedLead(page: Page): Promise<LeadSearchItem> {
  for (const letter of ['a', 'b', 'd', 'g', 'l', 'm', 'p', 'r']) {
    const response = await page.request.get(`/api/lead/search/${letter}/1?limit=100`)
    expect(response.ok()).toBe(true)
    const found = ((await response.json()) as LeadSearchResult).items.find(
      (item) => item.pickRefusal === 'CLOSED',
    )
    if (found) return found
  }
  throw new Error('no closed lead in the demo data of this agent')
}

test('a name typed without accents or in capitals finds the accented name', async ({ page }) => {
  await signInFromLogin(page, AGENT)

  await searchBox(page).fill('lefevre')
  await expect(
    results(page)
      .getByRole('link', { name: /Lefèvre$/ })
      .first(),
  ).toBeVisible()
  await expect(page.getByText(/Résultats approchants/)).toHaveCount(0)

  await searchBox(page).fill('LEFÈ')
  await expect(
    results(page)
      .getByRole('link', { name: /Lefèvre$/ })
      .first(),
  ).toBeVisible()

  // A typo: no name starts with it, the closest names are offered and said to be approximate.
  await searchBox(page).fill('lefebre')
  await expect(page.getByText(/^Résultats approchants/)).toBeVisible()
  await expect(
    results(page)
      .getByRole('link', { name: /Lef(è|eb)vre$/ })
      .first(),
  ).toBeVisible()
})

test('a lead the agent cannot take says why, offers no « Prendre », and opens in view mode', async ({
  page,
}) => {
  await signInFromLogin(page, AGENT)
  const lead = await closedLead(page)
  const name = `${lead.firstName} ${lead.lastName}`

  // The phone number finds that one lead.
  await searchBox(page).fill(lead.phone)
  const row = results(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name }) })
  await expect(row).toBeVisible()
  await expect(row.getByText('Lead clos')).toBeVisible()
  await expect(row.getByRole('button')).toHaveCount(0)
  await expect(results(page).getByRole('button', { name: /^Prendre/ })).toHaveCount(0)

  await row.getByRole('link', { name }).click()
  await expect(page).toHaveURL(new RegExp(`/lead/${lead.uuid}$`))
  await expect(page.getByText(name).first()).toBeVisible()
})
