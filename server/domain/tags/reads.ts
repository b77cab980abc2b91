// Reading the tag catalogue (issue #12 "Tags", docs/domain.md "Tags"): the paginated list (search
// folded like the unique index, retired tags on request) and one tag, each with its usage count.
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { Tag, TagListParams, TagPage } from '../../../src/contracts/tags.ts'
import type { Db } from '../../db/client.ts'
import { tags } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import type { Tx } from '../audit/trail.ts'

export const TAG_NOT_FOUND = 'Tag introuvable.'

/**
 * Outcomes of steps offering the tag (detached ones too) plus lead tags recorded with it: what a
 * deletion would lose. 0 means the tag was never used.
 */
export const usageCount = sql<number>`(
  (select count(*) from call_process_tags o where o.tag_id = "tags"."id")
  + (select count(*) from lead_tags lt join call_process_tags o on o.id = lt.call_process_tag_id
     where o.tag_id = "tags"."id")
)::int`

const tagColumns = {
  id: tags.id,
  label: tags.label,
  color: tags.color,
  status: tags.status,
  substatus: tags.substatus,
  endsProcessing: tags.endsProcessing,
  requiresAppointment: tags.requiresAppointment,
  asksRecallDate: tags.asksRecallDate,
  withoutCall: tags.withoutCall,
  recallDelayMinutes: tags.recallDelayMinutes,
  experiencePoints: tags.experiencePoints,
  version: tags.version,
  retiredAt: tags.retiredAt,
  usageCount,
}

type TagRow = Omit<Tag, 'retiredAt'> & { retiredAt: Date | null }

const toTag = (row: TagRow): Tag => ({ ...row, retiredAt: row.retiredAt?.toISOString() ?? null })

export async function listTags(db: Db, params: TagListParams): Promise<TagPage> {
  const { page, pageSize, search, includeRetired } = params
  const where = and(
    includeRetired ? undefined : isNull(tags.retiredAt),
    // Folded like the unique index: "rdv" finds "RDV pris"; strpos needs no wildcard escaping.
    search ? sql`strpos(app_fold(${tags.label}), app_fold(${search})) > 0` : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select(tagColumns)
      .from(tags)
      .where(where)
      // Unretired first, then by label.
      .orderBy(sql`${tags.retiredAt} is not null`, asc(sql`app_fold(${tags.label})`), asc(tags.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(tags).where(where),
  ])
  return { items: rows.map(toTag), total: total?.value ?? 0, page, pageSize }
}

export async function getTag(db: Tx, id: number): Promise<Tag> {
  const [row] = await db.select(tagColumns).from(tags).where(eq(tags.id, id))
  if (!row) throw errors.notFound(TAG_NOT_FOUND)
  return toTag(row)
}
