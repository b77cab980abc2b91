// Changing the tag catalogue (issue #12 "Tags", docs/domain.md "Tags"): create, edit, retire, restore
// and delete, each in one transaction with its audit entry; edits carry the version they were made
// from (server/lib/optimistic-concurrency.ts). Labels are unique among unretired tags, without case
// or accents; a tag anything used is retired, never deleted.
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { AuditSnapshot } from '../../../src/contracts/audit.ts'
import type { TagFields, UpdateTagBody } from '../../../src/contracts/tag-form.ts'
import type { Tag } from '../../../src/contracts/tags.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { tags } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { getTag, TAG_NOT_FOUND } from './reads.ts'

export const tagMessages = {
  labelTaken: 'Un tag actif porte déjà ce libellé.',
  retired: 'Ce tag est retiré : restaurez-le pour le modifier.',
  alreadyRetired: 'Ce tag est déjà retiré.',
  notRetired: 'Ce tag n’est pas retiré.',
  inUse: 'Ce tag a déjà été utilisé (par une étape ou un lead) : retirez-le plutôt que de le supprimer.',
} as const

const FIELDS = [
  'label',
  'color',
  'status',
  'substatus',
  'endsProcessing',
  'requiresAppointment',
  'asksRecallDate',
  'withoutCall',
  'recallDelayMinutes',
  'experiencePoints',
] as const satisfies readonly (keyof TagFields)[]

function labelTaken(): HttpError {
  return new HttpError(409, 'CONFLICT', tagMessages.labelTaken, { fields: { label: tagMessages.labelTaken } })
}

/** The tag's row, locked until the transaction ends (serialises changes of one tag); 404 if none. */
async function lockTag(tx: Tx, id: number) {
  const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update')
  if (!row) throw errors.notFound(TAG_NOT_FOUND)
  return row
}

async function assertLabelFree(tx: Tx, label: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        sql`app_fold(${tags.label}) = app_fold(${label})`,
        isNull(tags.retiredAt),
        exceptId === undefined ? undefined : ne(tags.id, exceptId),
      ),
    )
  if (row) throw labelTaken()
}

/** Two administrators choosing one label at once: the unique index decides, with the same 409. */
async function uniqueLabel<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change()
  } catch (error) {
    if (isUniqueViolation(error)) throw labelTaken()
    throw error
  }
}

function snapshot<K extends keyof TagFields>(fields: Partial<TagFields>, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, fields[key] ?? null])) as Partial<
    Record<K, AuditSnapshot[string]>
  >
}

export async function createTag(db: Db, actorId: number, body: TagFields): Promise<Tag> {
  return uniqueLabel(() =>
    db.transaction(async (tx) => {
      await assertLabelFree(tx, body.label)
      const [row] = await tx.insert(tags).values(body).returning({ id: tags.id })
      await recordAudit(tx, {
        userId: actorId,
        entity: 'tag',
        entityId: row!.id,
        action: 'create',
        after: snapshot(body, FIELDS),
      })
      return getTag(tx, row!.id)
    }),
  )
}

/** Edits a tag; agents see its new label and effects from now on, lead tags keep their own label. */
export async function updateTag(db: Db, actorId: number, id: number, body: UpdateTagBody): Promise<Tag> {
  return uniqueLabel(() =>
    db.transaction(async (tx) => {
      const row = await lockTag(tx, id)
      await assertVersion(row.version, body.version, () => getTag(tx, id))
      if (row.retiredAt) throw errors.conflict(tagMessages.retired)
      const { version: _version, ...fields } = body
      const changed = FIELDS.filter((key) => row[key] !== fields[key])
      if (changed.length === 0) return getTag(tx, id)
      if (changed.includes('label')) await assertLabelFree(tx, fields.label, id)
      await tx
        .update(tags)
        .set({ ...fields, version: row.version + 1, updatedAt: new Date() })
        .where(eq(tags.id, id))
      await recordAudit(tx, {
        userId: actorId,
        entity: 'tag',
        entityId: id,
        action: 'update',
        before: snapshot(row, changed),
        after: snapshot(fields, changed),
      })
      return getTag(tx, id)
    }),
  )
}

/**
 * Retires a tag: the catalogue stops offering it to call-process steps; steps that already offer it
 * keep it until their process is next saved (the editor then asks for another tag).
 */
export async function retireTag(db: Db, actorId: number, id: number, version: number): Promise<Tag> {
  return db.transaction(async (tx) => {
    const row = await lockTag(tx, id)
    await assertVersion(row.version, version, () => getTag(tx, id))
    if (row.retiredAt) throw errors.conflict(tagMessages.alreadyRetired)
    await tx
      .update(tags)
      .set({ retiredAt: new Date(), version: row.version + 1, updatedAt: new Date() })
      .where(eq(tags.id, id))
    await recordAudit(tx, {
      userId: actorId,
      entity: 'tag',
      entityId: id,
      action: 'retire',
      before: { retired: false },
      after: { retired: true },
    })
    return getTag(tx, id)
  })
}

/** Restores a retired tag, unless an active tag took its label meanwhile (409, rename one first). */
export async function restoreTag(db: Db, actorId: number, id: number, version: number): Promise<Tag> {
  return uniqueLabel(() =>
    db.transaction(async (tx) => {
      const row = await lockTag(tx, id)
      await assertVersion(row.version, version, () => getTag(tx, id))
      if (!row.retiredAt) throw errors.conflict(tagMessages.notRetired)
      await assertLabelFree(tx, row.label, id)
      await tx
        .update(tags)
        .set({ retiredAt: null, version: row.version + 1, updatedAt: new Date() })
        .where(eq(tags.id, id))
      await recordAudit(tx, {
        userId: actorId,
        entity: 'tag',
        entityId: id,
        action: 'restore',
        before: { retired: true },
        after: { retired: false },
      })
      return getTag(tx, id)
    }),
  )
}

/** Deletes a tag nothing ever used (no step offers it, no lead was tagged with it); else 409. */
export async function deleteTag(db: Db, actorId: number, id: number, version: number): Promise<void> {
  await inUseWhenReferenced(() => deleteUnused(db, actorId, id, version))
}

/** A step linked the tag meanwhile: its foreign key refuses the delete, answered as "in use". */
async function inUseWhenReferenced(change: () => Promise<void>) {
  try {
    await change()
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } } | null
    if (e?.code === '23503' || e?.cause?.code === '23503') throw errors.conflict(tagMessages.inUse)
    throw error
  }
}

async function deleteUnused(db: Db, actorId: number, id: number, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTag(tx, id)
    const current = await getTag(tx, id)
    await assertVersion(row.version, version, async () => current)
    if (current.usageCount > 0) throw errors.conflict(tagMessages.inUse)
    await tx.delete(tags).where(eq(tags.id, id))
    await recordAudit(tx, {
      userId: actorId,
      entity: 'tag',
      entityId: id,
      action: 'delete',
      before: snapshot(row, ['label']),
    })
  })
}
