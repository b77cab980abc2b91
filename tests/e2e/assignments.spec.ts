// Issue #12 "Assignments", on the production build: an administrator adds a whole team to a mission
// on the per-mission page, which also opens the mission to the team (issue #26, "Équipes ayant
// accès"); a teleoperator of that team then takes a lead of that mission at once.
// The team's teleoperators lose their other missions first, so the lead handed out can only come from
// the mission assigned here: this file runs a server of its own (own port and data directory).
import { expect, test, type Page } from './fixtures.ts'
import { signIn, xsrfHeaders } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('assignments')
const MISSION = 'Rénovation énergétique'
const TEAM = 'Équipe Nantes'
const AGENT = 'teleop5@demo.fr'

type Grid = {
  missions: { id: number; name: string }[]
  items: { id: number; email: string; missionIds: number[] }[]
}

/** The teleoperator's current missions are taken away through the API (not what this spec tests). */
async function clearMissionsOf(page: Page, email: string): Promise<void> {
  const response = await page.request.get(`${server.origin}/api/assignments/missions?search=${email}`)
  const grid = (await response.json()) as Grid
  const user = grid.items.find((item) => item.email === email)!
  for (const missionId of user.missionIds) {
    const removed = await page.request.post(
      `${server.origin}/api/assignments/mission/${missionId}/unassign`,
      {
        headers: await xsrfHeaders(page),
        data: { userIds: [user.id] },
      },
    )
    expect(removed.ok()).toBe(true)
  }
}

test('an administrator assigns a team to a mission; its teleoperator then finds a lead of it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(`${server.origin}/login`)
  await signIn(page, 'admin@demo.fr')
  await expect(page).toHaveURL(/\/home$/)
  await clearMissionsOf(page, AGENT)

  // The agent signs in while they have no mission.
  const agent = await browser.newPage()
  await agent.goto(`${server.origin}/login`)
  await signIn(agent, AGENT)
  await expect(agent).toHaveURL(/\/home$/)

  await page.goto(`${server.origin}/affectations/missions`)
  await expect(page.getByRole('heading', { level: 1, name: 'Affectations aux missions' })).toBeVisible()
  const cell = page.getByRole('checkbox', { name: `Affecter Sophie Marchand à ${MISSION}` })
  await expect(cell).toBeVisible()
  await page.getByRole('link', { name: `Ouvrir la mission ${MISSION}` }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Utilisateurs de la mission ${MISSION}` }),
  ).toBeVisible()

  const addTeam = page.getByRole('region', { name: 'Ajouter une équipe' })
  await addTeam.getByLabel('Équipe').selectOption({ label: TEAM })
  await addTeam.getByRole('button', { name: 'Ajouter l’équipe' }).click()
  await expect(page.getByText(/utilisateurs? ajoutés?\./)).toBeVisible()
  // Demo data: the mission was opened to Lyon only; adding Nantes opened it to Nantes too.
  const access = page.getByRole('region', { name: 'Équipes ayant accès' })
  await expect(access.getByRole('checkbox', { name: TEAM })).toBeChecked()
  await expect(access.getByRole('checkbox', { name: 'Équipe Lyon' })).toBeChecked()
  const assigned = page.getByRole('region', { name: 'Utilisateurs affectés' })
  await assigned.getByLabel('Rechercher parmi les affectés').fill(AGENT)
  await expect(assigned.getByText(AGENT)).toBeVisible()
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)

  // At once: the agent's next lead is one of that mission.
  await agent.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(agent).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = new URL(agent.url()).pathname.split('/')[2]!
  const lead = (await (await agent.request.get(`${server.origin}/api/lead/${uuid}`)).json()) as {
    market: { mission: { name: string } }
  }
  expect(lead.market.mission.name).toBe(MISSION)
  await agent.close()
})
