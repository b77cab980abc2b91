// What the extraction screen reads (issue #13): the choices of its filters, restricted to what the
// caller may extract, and the history. Administrators see every extraction; a manager their own
// (docs/domain.md "Extractions"). A file is downloadable by whoever may see its row, for 24 hours.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type {
  Extraction,
  ExtractionListQuery,
  ExtractionOptions,
  ExtractionPage,
} from '../../../src/contracts/extractions.ts'
import type { Db } from '../../db/client.ts'
import {
  callProcessTags,
  extractions,
  markets,
  missionUsers,
  missions,
  tags,
  users,
} from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { missionScopeCondition, type LeadActor } from '../leads/access.ts'

const NOT_FOUND = 'Extraction introuvable.'
const STREAMED = 'Cette extraction a été téléchargée directement : aucun fichier n’est gardé.'
const EXPIRED = 'Le fichier de cette extraction n’est plus disponible (il est gardé 24 heures).'

export async function extractionOptions(
  db: Db,
  actor: LeadActor,
  streamMaxRows: number,
): Promise<ExtractionOptions> {
  const missionScope = missionScopeCondition(db, actor, missions.id)
  const missionRows = await db
    .select({ id: missions.id, name: missions.name })
    .from(missions)
    .where(missionScope)
    .orderBy(asc(missions.name))
  const missionIds = missionRows.map((mission) => mission.id)
  if (missionIds.length === 0) return { missions: [], markets: [], users: [], tags: [], streamMaxRows }
  const [marketRows, userRows, tagRows] = await Promise.all([
    db
      .select({ id: markets.id, name: markets.name, missionId: markets.missionId })
      .from(markets)
      .where(inArray(markets.missionId, missionIds))
      .orderBy(asc(markets.name), asc(markets.id)),
    // The users who may process these missions' leads: those assigned to them.
    db
      .selectDistinct({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        lastName: users.lastName,
      })
      .from(users)
      .innerJoin(missionUsers, eq(missionUsers.userId, users.id))
      .where(inArray(missionUsers.missionId, missionIds))
      .orderBy(asc(users.lastName), sql`2`),
    db
      .selectDistinct({ id: tags.id, name: tags.label })
      .from(tags)
      .innerJoin(callProcessTags, eq(callProcessTags.tagId, tags.id))
      .orderBy(asc(tags.label)),
  ])
  return {
    missions: missionRows,
    markets: marketRows,
    users: userRows.map(({ id, name }) => ({ id, name })),
    tags: tagRows,
    streamMaxRows,
  }
}

function ownedBy(actor: LeadActor) {
  return actor.role === 'ADMIN' ? undefined : eq(extractions.createdBy, actor.id)
}

function toExtraction(
  row: typeof extractions.$inferSelect,
  user: { id: number; firstName: string; lastName: string } | null,
  now: Date,
): Extraction {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    user: user?.id ? user : null,
    filters: row.filters,
    columns: row.columns,
    format: row.format,
    state: row.state,
    rowCount: row.rowCount,
    rowsDone: row.rowsDone,
    downloadable:
      row.state === 'done' && row.storedFile !== null && (row.expiresAt?.getTime() ?? 0) > now.getTime(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  }
}

export async function extractionHistory(
  db: Db,
  actor: LeadActor,
  { page, pageSize }: ExtractionListQuery,
): Promise<ExtractionPage> {
  const where = ownedBy(actor)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        extraction: extractions,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(extractions)
      .leftJoin(users, eq(users.id, extractions.createdBy))
      .where(where)
      .orderBy(desc(extractions.createdAt), desc(extractions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(extractions).where(where),
  ])
  const now = new Date()
  return {
    items: rows.map((row) => toExtraction(row.extraction, row.user, now)),
    total: total?.value ?? 0,
    page,
    pageSize,
  }
}

/** The stored file of a finished extraction the actor may see, or 404 (unknown, someone else's) / 410. */
export async function extractionFile(db: Db, actor: LeadActor, id: number) {
  const [row] = await db
    .select()
    .from(extractions)
    .where(and(eq(extractions.id, id), ownedBy(actor)))
  if (!row) throw errors.notFound(NOT_FOUND)
  const downloadable = toExtraction(row, null, new Date()).downloadable
  if (!downloadable) {
    if (row.state === 'streamed') throw errors.conflict(STREAMED)
    if (row.state === 'done') throw new HttpError(410, 'GONE', EXPIRED)
    throw errors.conflict('Cette extraction n’est pas terminée.')
  }
  return row as typeof row & { storedFile: string }
}
