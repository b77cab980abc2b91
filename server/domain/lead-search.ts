// Lead search (spec §7 GET /api/lead/search/{search}/{page}; docs/domain.md "Leads"): one input that
// may be a French phone number in any common writing, an e-mail, a lead id or uuid, or names.
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Role } from '../../src/contracts/roles.ts'
import type { LeadSearchResult } from '../../src/contracts/lead.ts'
import { frenchPhoneToE164 } from '../../src/contracts/phone.ts'
import type { Db } from '../db/client.ts'
import { leads, markets, missionUsers, missions, users } from '../db/schema.ts'
import { expirationOf } from './lead-view.ts'

export type SearchTerm =
  | { kind: 'phone'; e164: string }
  | { kind: 'email'; prefix: string }
  | { kind: 'id'; id: number }
  | { kind: 'uuid'; uuid: string }
  | { kind: 'name'; words: string[] }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function parseSearch(input: string): SearchTerm {
  const text = input.trim()
  const e164 = frenchPhoneToE164(text)
  if (e164) return { kind: 'phone', e164 }
  if (/^\+\d{8,15}$/.test(text.replace(/[\s.-]/g, '')))
    return { kind: 'phone', e164: text.replace(/[\s.-]/g, '') }
  if (text.includes('@')) return { kind: 'email', prefix: text.toLowerCase() }
  if (/^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647) return { kind: 'id', id: Number(text) }
  if (UUID.test(text)) return { kind: 'uuid', uuid: text.toLowerCase() }
  return { kind: 'name', words: text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5) }
}

/** LIKE prefix pattern with the user's `%`, `_` and `\` taken literally. */
function prefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function matchTerm(term: SearchTerm): SQL {
  switch (term.kind) {
    case 'phone':
      return or(eq(leads.phone, term.e164), eq(leads.secondaryPhone, term.e164))!
    case 'email':
      return sql`lower(${leads.email}) like ${prefix(term.prefix)}`
    case 'id':
      return eq(leads.id, term.id)
    case 'uuid':
      return eq(leads.uuid, term.uuid)
    case 'name':
      // Every word starts the first or the last name: "durand", "jea dur", "Durand Jeanne".
      return and(
        ...term.words.map(
          (word) =>
            sql`(lower(${leads.lastName}) like ${prefix(word)} or lower(${leads.firstName}) like ${prefix(word)})`,
        ),
      )!
  }
}

export type SearchOptions = {
  user: { id: number; role: Role }
  search: string
  page: number
  limit: number
  missionId?: number | undefined
  now?: Date
}

/**
 * Totals are counted up to this many: a broad prefix ("Mar") matches thousands of leads, and an exact
 * count of them costs more than the page itself. Beyond it the answer says "more than 1,000".
 */
export const SEARCH_COUNT_CAP = 1000

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}

async function countMatches(db: Db, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('capped')
  const [row] = await db.select({ value: count() }).from(capped)
  return row?.value ?? 0
}

export async function searchLeads(db: Db, options: SearchOptions): Promise<LeadSearchResult> {
  const { user, page, limit } = options
  const now = options.now ?? new Date()
  const filters: SQL[] = [matchTerm(parseSearch(options.search))]
  if (options.missionId !== undefined) filters.push(eq(markets.missionId, options.missionId))
  // Teleoperators find the leads of their missions only.
  if (user.role === 'TELEOPERATOR')
    filters.push(
      inArray(
        markets.missionId,
        db.select({ id: missionUsers.missionId }).from(missionUsers).where(eq(missionUsers.userId, user.id)),
      ),
    )
  const where = and(...filters)
  // The capped count first, through the term's own index (prefix, phone, e-mail, id). Up to 1,000
  // matches, they are collected that way and sorted apart (a materialised CTE: the planner cannot
  // trade it for a walk of the whole name order, which a rare term would make scan everything).
  // Beyond, the matches are dense: the page is read walking leads_name_order_idx, which stops at
  // the page's end instead of sorting thousands of rows.
  const matches = await countMatches(db, where)
  const offset = (page - 1) * limit
  const pageIds =
    matches <= SEARCH_COUNT_CAP
      ? rowsOf<{ id: number }>(
          await db.execute(sql`
            with found as materialized (
              select ${leads.id} as id, ${leads.lastName} as last_name, ${leads.firstName} as first_name
              from ${leads} inner join ${markets} on ${markets.id} = ${leads.marketId}
              where ${where}
            )
            select id from found order by last_name, first_name, id limit ${limit} offset ${offset}`),
        ).map((row) => ({ id: Number(row.id) }))
      : await db
          .select({ id: leads.id })
          .from(leads)
          .innerJoin(markets, eq(markets.id, leads.marketId))
          .where(where)
          .orderBy(asc(leads.lastName), asc(leads.firstName), asc(leads.id))
          .limit(limit)
          .offset(offset)
  const ids = pageIds.map((row) => row.id)
  const position = new Map(ids.map((id, index) => [id, index]))
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            lead: leads,
            mission: missions,
            user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
          })
          .from(leads)
          .innerJoin(markets, eq(markets.id, leads.marketId))
          .innerJoin(missions, eq(missions.id, markets.missionId))
          .leftJoin(users, eq(users.id, leads.processingUserId))
          .where(inArray(leads.id, ids))
  rows.sort((a, b) => position.get(a.lead.id)! - position.get(b.lead.id)!)
  return {
    items: rows.map(({ lead, mission, user: processing }) => ({
      id: lead.id,
      uuid: lead.uuid,
      firstName: lead.firstName,
      lastName: lead.lastName,
      phone: lead.phone,
      email: lead.email,
      city: lead.city,
      status: lead.status,
      substatus: lead.substatus,
      step: lead.step,
      meetRequestDate: lead.meetRequestDate.toISOString(),
      mission: { id: mission.id, name: mission.name, color: mission.color },
      processingUser: processing?.id ? processing : null,
      isExpired:
        expirationOf(lead.meetRequestDate, mission.leadProcessingDurationDays).getTime() <= now.getTime(),
    })),
    total: Math.min(matches, SEARCH_COUNT_CAP),
    totalCapped: matches > SEARCH_COUNT_CAP,
    page,
    limit,
  }
}
