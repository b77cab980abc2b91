// Changing call processes (issue #12 "Call processes", docs/domain.md "Call processes"): create, save
// whole, duplicate, archive and restore, each in one transaction with its audit entry; saves and
// archive/restore carry the version they were made from (server/lib/optimistic-concurrency.ts).
// Names are unique without case or accents. The step list itself is written by call-process-save.ts.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type {
  CreateCallProcessBody,
  UpdateCallProcessBody,
} from '../../../src/contracts/call-process-form.ts'
import type { CallProcessDetail } from '../../../src/contracts/call-processes.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { callProcessSteps, callProcessTags, callProcesses, missions } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { CALL_PROCESS_NOT_FOUND, getCallProcess } from './reads.ts'
import { saveSteps } from './steps.ts'

export const callProcessMessages = {
  nameTaken: 'Un process d’appel porte déjà ce nom.',
  archived: 'Ce process d’appel est archivé : restaurez-le pour le modifier.',
  alreadyArchived: 'Ce process d’appel est déjà archivé.',
  notArchived: 'Ce process d’appel n’est pas archivé.',
  inUse: (names: string) =>
    `Ce call process est utilisé par ${names} : choisissez d’abord un autre call process pour ${
      names.includes(',') ? 'ces missions' : 'cette mission'
    }.`,
} as const

function nameTaken(): HttpError {
  return new HttpError(409, 'CONFLICT', callProcessMessages.nameTaken, {
    fields: { name: callProcessMessages.nameTaken },
  })
}

/** The process row, locked until the transaction ends (serialises changes of one process); 404 if none. */
async function lockProcess(tx: Tx, id: number) {
  const [row] = await tx.select().from(callProcesses).where(eq(callProcesses.id, id)).for('update')
  if (!row) throw errors.notFound(CALL_PROCESS_NOT_FOUND)
  return row
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: callProcesses.id })
    .from(callProcesses)
    .where(sql`app_fold(${callProcesses.name}) = app_fold(${name})`)
  if (row && row.id !== exceptId) throw nameTaken()
}

/** Two administrators choosing one name at once: the unique index decides, with the same 409. */
async function uniqueName<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change()
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken()
    throw error
  }
}

async function insertProcess(tx: Tx, name: string) {
  await assertNameFree(tx, name)
  const [row] = await tx.insert(callProcesses).values({ name }).returning({ id: callProcesses.id })
  return row!.id
}

export async function createCallProcess(
  db: Db,
  actorId: number,
  body: CreateCallProcessBody,
): Promise<CallProcessDetail> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const id = await insertProcess(tx, body.name)
      await saveSteps(tx, id, body.steps)
      await recordAudit(tx, {
        userId: actorId,
        entity: 'callProcess',
        entityId: id,
        action: 'create',
        after: { name: body.name, steps: body.steps.length },
      })
      return getCallProcess(tx, id)
    }),
  )
}

/** Saves the whole process; the leads of the missions using it move with their step (or to `reassign`). */
export async function updateCallProcess(
  db: Db,
  actorId: number,
  id: number,
  body: UpdateCallProcessBody,
): Promise<CallProcessDetail> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const row = await lockProcess(tx, id)
      await assertVersion(row.version, body.version, () => getCallProcess(tx, id))
      if (row.archivedAt) throw errors.conflict(callProcessMessages.archived)
      if (row.name !== body.name) await assertNameFree(tx, body.name, id)
      const before = await getCallProcess(tx, id)
      const movedLeads = await saveSteps(tx, id, body.steps, body.reassign ?? {})
      await tx
        .update(callProcesses)
        .set({ name: body.name, version: row.version + 1, updatedAt: new Date() })
        .where(eq(callProcesses.id, id))
      await recordAudit(tx, {
        userId: actorId,
        entity: 'callProcess',
        entityId: id,
        action: 'update',
        before: { name: before.name, steps: before.steps.length },
        after: { name: body.name, steps: body.steps.length, movedLeads },
      })
      return getCallProcess(tx, id)
    }),
  )
}

/** A copy under a new name: the same steps and outcomes (new ids), no mission, not archived. */
export async function duplicateCallProcess(
  db: Db,
  actorId: number,
  sourceId: number,
  name: string,
): Promise<CallProcessDetail> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const source = await getCallProcess(tx, sourceId)
      const id = await insertProcess(tx, name)
      for (const step of source.steps) {
        const [row] = await tx
          .insert(callProcessSteps)
          .values({ callProcessId: id, number: step.number, title: step.title, script: step.script })
          .returning({ id: callProcessSteps.id })
        if (step.outcomes.length)
          await tx.insert(callProcessTags).values(
            step.outcomes.map((outcome, position) => ({
              stepId: row!.id,
              tagId: outcome.tagId,
              nextStep: outcome.nextStep,
              position,
            })),
          )
      }
      await recordAudit(tx, {
        userId: actorId,
        entity: 'callProcess',
        entityId: id,
        action: 'create',
        after: { name, duplicatedFrom: source.name, steps: source.steps.length },
      })
      return getCallProcess(tx, id)
    }),
  )
}

/** Archives a process no active mission uses (409 naming them otherwise). */
export async function archiveCallProcess(
  db: Db,
  actorId: number,
  id: number,
  version: number,
): Promise<CallProcessDetail> {
  return db.transaction(async (tx) => {
    const row = await lockProcess(tx, id)
    await assertVersion(row.version, version, () => getCallProcess(tx, id))
    if (row.archivedAt) throw errors.conflict(callProcessMessages.alreadyArchived)
    const users = await tx
      .select({ name: missions.name })
      .from(missions)
      .where(and(eq(missions.callProcessId, id), isNull(missions.archivedAt)))
      .orderBy(asc(missions.name))
    if (users.length)
      throw errors.conflict(
        callProcessMessages.inUse(users.map((mission) => `« ${mission.name} »`).join(', ')),
      )
    return setArchived(tx, actorId, row, true)
  })
}

export async function restoreCallProcess(
  db: Db,
  actorId: number,
  id: number,
  version: number,
): Promise<CallProcessDetail> {
  return db.transaction(async (tx) => {
    const row = await lockProcess(tx, id)
    await assertVersion(row.version, version, () => getCallProcess(tx, id))
    if (!row.archivedAt) throw errors.conflict(callProcessMessages.notArchived)
    return setArchived(tx, actorId, row, false)
  })
}

async function setArchived(
  tx: Tx,
  actorId: number,
  row: typeof callProcesses.$inferSelect,
  archived: boolean,
): Promise<CallProcessDetail> {
  await tx
    .update(callProcesses)
    .set({ archivedAt: archived ? new Date() : null, version: row.version + 1, updatedAt: new Date() })
    .where(eq(callProcesses.id, row.id))
  await recordAudit(tx, {
    userId: actorId,
    entity: 'callProcess',
    entityId: row.id,
    action: archived ? 'archive' : 'restore',
    before: { archived: !archived },
    after: { archived },
  })
  return getCallProcess(tx, row.id)
}
