// Changing missions (issue #12 "Missions", docs/domain.md "Missions and markets"): create, edit,
// archive, restore and delete, each in one transaction with its audit entry; edits, archive, restore
// and delete carry the version they were made from (server/lib/optimistic-concurrency.ts). Names are
// unique without case or accents; a mission with leads is archived, never deleted.
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { AuditSnapshot } from '../../../src/contracts/audit.ts'
import type { CreateMissionBody, UpdateMissionBody } from '../../../src/contracts/mission-form.ts'
import type { Mission } from '../../../src/contracts/missions.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { callProcesses, leads, markets, missions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { readSetting } from '../configuration/settings.ts'
import { getMission, MISSION_NOT_FOUND } from './reads.ts'

export const missionMessages = {
  nameTaken: 'Une mission porte déjà ce nom.',
  archived: 'Cette mission est archivée : restaurez-la pour la modifier.',
  alreadyArchived: 'Cette mission est déjà archivée.',
  notArchived: 'Cette mission n’est pas archivée.',
  hasLeads: 'Cette mission a des leads : archivez-la plutôt que de la supprimer.',
  callProcessUnavailable: 'Ce process d’appel n’existe pas ou est archivé : choisissez-en un autre.',
} as const

type MissionRow = typeof missions.$inferSelect

/** The mission's row, locked until the transaction ends (serialises changes of one mission); 404 if none. */
export async function lockMission(tx: Tx, id: number): Promise<MissionRow> {
  const [row] = await tx.select().from(missions).where(eq(missions.id, id)).for('update')
  if (!row) throw errors.notFound(MISSION_NOT_FOUND)
  return row
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: missions.id })
    .from(missions)
    .where(sql`app_fold(${missions.name}) = app_fold(${name})`)
  if (row && row.id !== exceptId) throw errors.conflict(missionMessages.nameTaken)
}

/** A chosen call process must exist and not be archived (a mission may keep its archived one). */
async function assertCallProcess(tx: Tx, id: number | null, current: number | null = null) {
  if (id === null || id === current) return
  const [row] = await tx
    .select({ id: callProcesses.id })
    .from(callProcesses)
    .where(and(eq(callProcesses.id, id), isNull(callProcesses.archivedAt)))
  if (!row)
    throw errors.invalid(missionMessages.callProcessUnavailable, {
      callProcessId: missionMessages.callProcessUnavailable,
    })
}

async function uniqueName<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change()
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(missionMessages.nameTaken)
    throw error
  }
}

/** What the audit entry says of a mission: the edited fields as scalars. */
async function snapshot(tx: Tx, row: Omit<MissionRow, 'id'> | MissionRow) {
  const [process] =
    row.callProcessId === null
      ? []
      : await tx
          .select({ name: callProcesses.name })
          .from(callProcesses)
          .where(eq(callProcesses.id, row.callProcessId))
  return {
    name: row.name,
    color: row.color,
    leadProcessingDurationDays: row.leadProcessingDurationDays,
    callProcess: process?.name ?? null,
    callingRule: row.callingRule,
    callingHours: JSON.stringify(row.callingHours),
    maxCallAttempts: row.maxCallAttempts,
    quietDays: row.quietDays,
    autoCallDelaySeconds: row.autoCallDelaySeconds,
  }
}

/** Only the fields that changed, on both sides. */
function difference<T extends AuditSnapshot>(before: T, after: T): [Partial<T>, Partial<T>] {
  const changed = Object.keys(after).filter((key) => before[key] !== after[key])
  return [
    Object.fromEntries(changed.map((key) => [key, before[key] ?? null])) as Partial<T>,
    Object.fromEntries(changed.map((key) => [key, after[key] ?? null])) as Partial<T>,
  ]
}

export async function createMission(db: Db, actorId: number, body: CreateMissionBody): Promise<Mission> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, body.name)
      await assertCallProcess(tx, body.callProcessId)
      const leadProcessingDurationDays =
        body.leadProcessingDurationDays ?? (await readSetting(tx, 'leadProcessingDurationDays'))
      const values = { ...body, leadProcessingDurationDays, bannerUrl: '' }
      const [row] = await tx.insert(missions).values(values).returning()
      await recordAudit(tx, {
        userId: actorId,
        entity: 'mission',
        entityId: row!.id,
        action: 'create',
        after: await snapshot(tx, row!),
      })
      return getMission(tx, row!.id)
    }),
  )
}

export async function updateMission(
  db: Db,
  actorId: number,
  id: number,
  { version, ...body }: UpdateMissionBody,
): Promise<Mission> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const row = await lockMission(tx, id)
      await assertVersion(row.version, version, () => getMission(tx, id))
      if (row.archivedAt) throw errors.conflict(missionMessages.archived)
      if (row.name !== body.name) await assertNameFree(tx, body.name, id)
      await assertCallProcess(tx, body.callProcessId, row.callProcessId)
      const [before, after] = difference(await snapshot(tx, row), await snapshot(tx, { ...row, ...body }))
      if (Object.keys(after).length === 0) return getMission(tx, id)
      await tx
        .update(missions)
        .set({ ...body, version: row.version + 1, updatedAt: new Date() })
        .where(eq(missions.id, id))
      await recordAudit(tx, {
        userId: actorId,
        entity: 'mission',
        entityId: id,
        action: 'update',
        before,
        after,
      })
      return getMission(tx, id)
    }),
  )
}

export async function setMissionArchived(
  db: Db,
  actorId: number,
  id: number,
  version: number,
  archived: boolean,
): Promise<Mission> {
  return db.transaction(async (tx) => {
    const row = await lockMission(tx, id)
    await assertVersion(row.version, version, () => getMission(tx, id))
    if (archived && row.archivedAt) throw errors.conflict(missionMessages.alreadyArchived)
    if (!archived && !row.archivedAt) throw errors.conflict(missionMessages.notArchived)
    await tx
      .update(missions)
      .set({ archivedAt: archived ? new Date() : null, version: row.version + 1, updatedAt: new Date() })
      .where(eq(missions.id, id))
    await recordAudit(tx, {
      userId: actorId,
      entity: 'mission',
      entityId: id,
      action: archived ? 'archive' : 'restore',
      before: { archived: !archived },
      after: { archived },
    })
    return getMission(tx, id)
  })
}

/** Deletes a mission that never had a lead, with its markets and banner; 409 when it has leads. */
export async function deleteMission(db: Db, actorId: number, id: number, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockMission(tx, id)
    await assertVersion(row.version, version, () => getMission(tx, id))
    // Locking its markets keeps a lead from being imported into them while we look.
    await tx.select({ id: markets.id }).from(markets).where(eq(markets.missionId, id)).for('update')
    const [withLeads] = await tx
      .select({ id: leads.id })
      .from(leads)
      .innerJoin(markets, eq(markets.id, leads.marketId))
      .where(eq(markets.missionId, id))
      .limit(1)
    if (withLeads) throw errors.conflict(missionMessages.hasLeads)
    await recordAudit(tx, {
      userId: actorId,
      entity: 'mission',
      entityId: id,
      action: 'delete',
      before: await snapshot(tx, row),
    })
    await tx.delete(missions).where(eq(missions.id, id))
  })
}
