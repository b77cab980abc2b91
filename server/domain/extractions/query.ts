// Which leads an extraction takes (docs/domain.md "Extractions"): the filters as one SQL condition,
// always joined with the one lead-visibility rule (server/domain/leads/access.ts), so a manager's
// extraction never holds a lead they could not open. A filter naming a mission the manager does not
// see finds nothing (it is ANDed with visibility), never an error that would tell the mission exists.
import { and, sql, type SQL } from 'drizzle-orm'
import type { ExtractionDateRange, ExtractionFilters } from '../../../src/contracts/extractions.ts'
import { addDays, parseIsoDate, zonedInstant } from '../../../src/contracts/paris-calendar.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { leads, markets, missions } from '../../db/schema.ts'
import { visibleLeadsCondition, type LeadActor } from '../leads/access.ts'

/** `leads` joined with its market and mission: every extraction query reads from it. */
export const EXTRACTION_FROM = sql`${leads} join ${markets} on ${markets.id} = ${leads.marketId} join ${missions} on ${missions.id} = ${markets.missionId}`

/** The last outcome of the lead (lead_tags, newest first), as a scalar subquery of one column. */
export function lastTagValue(column: SQL): SQL {
  return sql`(select ${column} from lead_tags lt join call_process_tags cpt on cpt.id = lt.call_process_tag_id
    where lt.lead_id = ${leads.id} order by lt.created_at desc, lt.id desc limit 1)`
}

/** Expiration instant (docs/domain.md "Leads"): meetRequestDate + the mission's duration in days of 24 h. */
export const EXPIRATION = sql`(${leads.meetRequestDate} + ${missions.leadProcessingDurationDays} * interval '1 day')`

/** A range of whole Paris days as [start, end) instants; undefined ends stay open. */
function dayRange(range: ExtractionDateRange | undefined): { from?: Date; to?: Date } {
  const from = range?.from ? parseIsoDate(range.from) : null
  const to = range?.to ? parseIsoDate(range.to) : null
  return {
    ...(from ? { from: zonedInstant(from, 0) } : {}),
    ...(to ? { to: zonedInstant(addDays(to, 1), 0) } : {}),
  }
}

function between(column: SQL, range: ExtractionDateRange | undefined): SQL | undefined {
  const { from, to } = dayRange(range)
  const parts = [
    from ? sql`${column} >= ${from.toISOString()}::timestamptz` : undefined,
    to ? sql`${column} < ${to.toISOString()}::timestamptz` : undefined,
  ].filter((part) => part !== undefined)
  return parts.length > 0 ? and(...parts) : undefined
}

function anyOf(column: SQL, values: readonly (number | string)[], cast: 'int' | 'text'): SQL | undefined {
  if (values.length === 0) return undefined
  const list = sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )
  return cast === 'int' ? sql`${column} in (${list})` : sql`${column}::text in (${list})`
}

/** The condition of the filters and of what the actor may see. */
export function extractionCondition(db: Db, actor: LeadActor, filters: ExtractionFilters): SQL {
  const appointment = between(sql`a.starts_at`, filters.appointment)
  const parts: (SQL | undefined)[] = [
    visibleLeadsCondition(db, actor),
    anyOf(sql`${markets.missionId}`, filters.missionIds, 'int'),
    anyOf(sql`${leads.marketId}`, filters.marketIds, 'int'),
    anyOf(sql`${leads.status}`, filters.statuses, 'text'),
    anyOf(sql`${leads.substatus}`, filters.substatuses, 'text'),
    anyOf(sql`${leads.step}`, filters.steps, 'int'),
    anyOf(
      sql`${leads.integrationMonth}`,
      filters.integrationMonths.map((month) => `${month}-01`),
      'text',
    ),
    between(sql`${leads.meetRequestDate}`, filters.meetRequest),
    between(sql`${leads.updatedAt}`, filters.lastActivity),
    appointment
      ? sql`exists (select 1 from appointments a where a.lead_id = ${leads.id} and a.cancelled_at is null and ${appointment})`
      : undefined,
    // The processing user: the one holding the lead, else the author of its last outcome.
    anyOf(
      sql`coalesce(${leads.processingUserId}, ${lastTagValue(sql`lt.user_id`)})`,
      filters.processingUserIds,
      'int',
    ),
    anyOf(lastTagValue(sql`cpt.tag_id`), filters.lastOutcomeTagIds, 'int'),
    filters.expiry === 'expired'
      ? sql`${EXPIRATION} <= now()`
      : filters.expiry === 'active'
        ? sql`${EXPIRATION} > now()`
        : undefined,
  ]
  return and(...parts.filter((part) => part !== undefined)) ?? sql`true`
}

/** How many leads the extraction would write (the page's live count). */
export async function countExtraction(db: Db, actor: LeadActor, filters: ExtractionFilters): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(
      sql`select count(*)::int as count from ${EXTRACTION_FROM} where ${extractionCondition(db, actor, filters)}`,
    ),
  )
  return Number(row?.count ?? 0)
}
