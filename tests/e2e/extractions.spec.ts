// Issue #13 "Extractions", end to end on the production build: a manager extracts the leads of their
// teams' missions to CSV from /extractions; the downloaded file opens in French Excel as it should
// (UTF-8 BOM, `;`, accents, the columns ticked) and holds no lead of a mission outside their teams.
// The demo manager's teams cover every mission, so the spec closes "Assurance habitation" to every team
// and takes everyone off it first (issue #26: a manager sees the missions opened to the teams they
// manage, and their own): it changes assignments, so it runs a server of its own.
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from './fixtures.ts'
import { signIn, xsrfHeaders } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('extractions')
const HIDDEN = 'Assurance habitation'

/**
 * The mission is closed to every team and everyone assigned is taken off it (through the API: not what
 * this spec tests).
 */
async function closeMission(admin: Page, name: string): Promise<void> {
  const missions = (await (await admin.request.get(`${server.origin}/api/missions?pageSize=100`)).json()) as {
    items: { id: number; name: string }[]
  }
  const mission = missions.items.find((item) => item.name === name)!
  const assigned = (await (
    await admin.request.get(`${server.origin}/api/assignments/mission/${mission.id}?pageSize=100`)
  ).json()) as { items: { id: number }[] }
  const removed = await admin.request.post(
    `${server.origin}/api/assignments/mission/${mission.id}/unassign`,
    {
      headers: await xsrfHeaders(admin),
      data: { userIds: assigned.items.map((user) => user.id) },
    },
  )
  expect(removed.ok()).toBe(true)
  const { teams } = (await (
    await admin.request.get(`${server.origin}/api/assignments/mission/${mission.id}/teams`)
  ).json()) as { teams: { id: number; opened: boolean }[] }
  for (const team of teams.filter((one) => one.opened)) {
    const closed = await admin.request.post(
      `${server.origin}/api/assignments/mission/${mission.id}/close-team`,
      { headers: await xsrfHeaders(admin), data: { teamId: team.id } },
    )
    expect(closed.ok()).toBe(true)
  }
}

test('a manager extracts their missions’ leads to a CSV French Excel opens, without other missions’ leads', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(90_000)
  await admin.goto(`${server.origin}/login`)
  await signIn(admin, 'admin@demo.fr')
  await expect(admin).toHaveURL(/\/home$/)
  await closeMission(admin, HIDDEN)

  const manager = await browser.newPage()
  await manager.setViewportSize({ width: 1024, height: 768 })
  await manager.goto(`${server.origin}/login`)
  await signIn(manager, 'manager@demo.fr')
  await expect(manager).toHaveURL(/\/home$/)
  await manager.goto(`${server.origin}/extractions`)
  await expect(manager.getByRole('heading', { name: 'Extractions de leads' })).toBeVisible()
  // The missions offered are the manager's only.
  await expect(manager.getByRole('checkbox', { name: 'Rénovation énergétique' })).toBeVisible()
  await expect(manager.getByRole('checkbox', { name: HIDDEN })).toHaveCount(0)
  await expect(manager.getByText(/\d leads correspondent\./)).toBeVisible()

  const columns = manager.getByRole('group', { name: 'Colonnes' })
  await manager.getByRole('button', { name: 'Rien' }).click()
  for (const name of ['Prénom', 'Nom', 'Téléphone', 'Mission', 'Statut'])
    await columns.getByRole('checkbox', { name, exact: true }).check()

  const downloading = manager.waitForEvent('download')
  await manager.getByRole('button', { name: 'Extraire' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^extraction-\d{4}-\d{2}-\d{2}-\d+\.csv$/)
  const bytes = await readFile((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean)
  expect(lines[0]).toBe('Prénom;Nom;Téléphone;Mission;Statut')
  const rows = lines.slice(1).map((line) => line.split(';'))
  expect(rows.length).toBeGreaterThan(100)
  const missions = new Set(rows.map((row) => row[3]))
  expect([...missions].sort()).toEqual(['Panneaux solaires', 'Rénovation énergétique'])
  // Accents as written (demo names and statuses), phones as French Excel keeps them (0…, spaced).
  expect(rows.some((row) => /[éèêëàçîôû]/i.test(`${row[0]}${row[1]}`))).toBe(true)
  expect(rows.every((row) => /^0\d(?: \d\d){4}$/.test(row[2]!))).toBe(true)
  expect(rows.some((row) => row[4] === 'À rappeler')).toBe(true)

  // The extraction is in the manager's history.
  const history = manager.getByRole('table', { name: 'Historique des extractions' })
  await expect(history.getByText('Téléchargée')).toBeVisible()
  await expect(history.getByText(rows.length.toLocaleString('fr-FR'))).toBeVisible()
})
