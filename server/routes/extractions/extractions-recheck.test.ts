// Issue #26 point 1: a background extraction runs with its author's rights as they are when it runs.
// Access taken away between the request and the run: a mission the filters name fails the job in
// French (no file kept); without a mission named, the file leaves the mission out. The job body is
// called directly on an extraction recorded as the request records it, so the change of access lands
// before it runs, not in a race with the queue.
import { mkdtempSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { extractions, missionTeams, users } from '../../db/schema.ts'
import { runExtractionJob } from '../../domain/extractions/job.ts'

// A files directory of its own, so what the job leaves there is this file's only.
const t = signedInServer({
  config: () => ({ filesDir: mkdtempSync(path.join(tmpdir(), 'extraction-recheck-')) }),
  users: { manager: { role: 'MANAGER' }, teleop: {} },
  team: ['manager', 'teleop'],
})

// Extraction ids restart with each test's database: the files of the previous test go first.
beforeEach(async () => {
  const { filesDir } = t.app.config
  for (const name of await readdir(filesDir).catch(() => [])) await rm(path.join(filesDir, name))
})
afterAll(() => rm(t.app.config.filesDir, { recursive: true, force: true }))

/** Two missions opened to the manager's team, one lead each. */
async function twoMissions() {
  const { db } = t.database
  const kept = await insertMission(db, { name: 'Gardée', teamIds: [t.teamId] })
  const lost = await insertMission(db, { name: 'Retirée', teamIds: [t.teamId] })
  await insertLead(db, kept.market.id, { lastName: 'Gardé' })
  await insertLead(db, lost.market.id, { lastName: 'Retiré' })
  return { kept: kept.mission, lost: lost.mission }
}

/** The manager's queued extraction, as POST /api/extractions records it before queuing its job. */
async function queued(missionIds: number[]) {
  const [row] = await t.database.db
    .insert(extractions)
    .values({
      createdBy: t.users.manager.id,
      filters: { missionIds },
      columns: ['lastName', 'mission'],
      format: 'csv',
      state: 'queued',
      rowCount: 2,
    })
    .returning()
  return row!.id
}

async function run(id: number) {
  const errors: unknown[] = []
  await runExtractionJob(t.database.db, t.app.config.filesDir, id, (error) => errors.push(error))
  expect(errors).toEqual([])
  const [row] = await t.database.db.select().from(extractions).where(eq(extractions.id, id))
  return row!
}

async function closeToTeam(missionId: number) {
  await t.database.db.delete(missionTeams).where(eq(missionTeams.missionId, missionId))
}

async function storedFiles(id: number) {
  const names = await readdir(t.app.config.filesDir).catch(() => [])
  return names.filter((name) => name.startsWith(`extraction-${id}-`))
}

describe('the extraction job checks access again when it runs', () => {
  it('fails in French when a mission it names is no longer seen, keeping no file', async () => {
    const { kept, lost } = await twoMissions()
    const id = await queued([kept.id, lost.id])
    await closeToTeam(lost.id)
    const row = await run(id)
    expect(row).toMatchObject({
      state: 'failed',
      storedFile: null,
      error: 'Le demandeur n’a plus accès à une des missions demandées : l’extraction n’a pas été faite.',
    })
    expect(await storedFiles(id)).toEqual([])
  })

  it('without a mission named, writes only the leads the author sees when it runs', async () => {
    const { lost } = await twoMissions()
    const id = await queued([])
    await closeToTeam(lost.id)
    const row = await run(id)
    expect(row).toMatchObject({ state: 'done', rowCount: 1 })
    const file = await t.agents.manager.request({ url: `/api/extractions/${id}/file` })
    expect(file.statusCode).toBe(200)
    expect(file.body.slice(1)).toBe('Nom;Mission\r\nGardé;Gardée\r\n')
  })

  it('extracts nothing for an author deactivated meanwhile', async () => {
    const { kept } = await twoMissions()
    const id = await queued([kept.id])
    await t.database.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, t.users.manager.id))
    expect(await run(id)).toMatchObject({
      state: 'failed',
      error: 'Le demandeur n’a plus accès aux extractions.',
    })
    expect(await storedFiles(id)).toEqual([])
  })
})
