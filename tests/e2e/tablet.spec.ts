// Issue #11 "Tablets and the shell": at 1024×768 and 768×1024 the main navigation is a drawer
// behind the header's toggle, and no page overflows the viewport horizontally — home, a search
// with results, a lead sheet and a back-office list. Read-only: the spec takes no lead.
import { expect, test, type Page } from './fixtures.ts'
import { signInFromLogin } from './helpers.ts'

const TABLETS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The outermost elements past the right edge, to name the culprit when the check fails.
    widest: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element) => (element.parentElement?.getBoundingClientRect().right ?? 0) <= window.innerWidth)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }))
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide: ${widest.join(', ')}`).toBeLessThanOrEqual(
    innerWidth,
  )
}

/** The navigation opens through the toggle, shows its links, and Escape closes it. */
async function expectNavigationBehindToggle(page: Page, link: string): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' })
  const toggle = page.getByRole('button', { name: 'Menu' })
  await expect(navigation).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  // The toggle names the navigation it controls (hidden, so out of the accessibility tree).
  const controls = await toggle.getAttribute('aria-controls')
  await expect(page.locator(`nav#${controls}`)).toHaveAttribute('aria-label', 'Navigation principale')

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(navigation.getByRole('link', { name: link })).toBeVisible()
  await expect(navigation.getByRole('link').first()).toBeFocused()
  await expectNoHorizontalOverflow(page)

  await page.keyboard.press('Escape')
  await expect(navigation).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle).toBeFocused()
}

for (const viewport of TABLETS) {
  const size = `${viewport.width}×${viewport.height}`

  test.describe(`on a ${size} tablet`, () => {
    test.use({ viewport })

    test('home, search results and a lead sheet fit the screen', async ({ page }) => {
      await signInFromLogin(page, 'teleop1@demo.fr')
      await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible()
      await expectNoHorizontalOverflow(page)
      await expectNavigationBehindToggle(page, 'Accueil')

      await page.getByLabel('Rechercher un lead').fill('mar')
      const results = page.getByRole('table', { name: 'Résultats de la recherche' })
      const firstLead = results.getByRole('link').first()
      await expect(firstLead).toBeVisible()
      await expectNoHorizontalOverflow(page)

      await firstLead.click()
      await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoHorizontalOverflow(page)
      await expectNavigationBehindToggle(page, 'Accueil')
    })

    test('a back-office list fits the screen', async ({ page }) => {
      await signInFromLogin(page, 'admin@demo.fr')
      await page.goto('/backoffice/missions')
      await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible()
      await expectNoHorizontalOverflow(page)
      await expectNavigationBehindToggle(page, 'Tags')

      // A link of the drawer takes there and closes it.
      await page.getByRole('button', { name: 'Menu' }).click()
      const navigation = page.getByRole('navigation', { name: 'Navigation principale' })
      await navigation.getByRole('link', { name: 'Accueil' }).click()
      await expect(page).toHaveURL(/\/home$/)
      await expect(navigation).toBeHidden()
    })
  })
}

test('on a 1280×800 desktop the sidebar is always shown, without a toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInFromLogin(page, 'teleop1@demo.fr')
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' })
  await expect(navigation.getByRole('link', { name: 'Accueil' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
  await expectNoHorizontalOverflow(page)
})
