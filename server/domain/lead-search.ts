// Lead search (spec §7 GET /api/lead/search/{search}/{page}; docs/domain.md "Leads"): one input that
// may be a French phone number in any common writing, an e-mail, a lead id or uuid, or names.
import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Role } from '../../src/contracts/roles.ts'
import type { LeadSearchResult } from '../../src/contracts/lead.ts'
import { frenchPhoneToE164 } from '../../src/contracts/phone.ts'
import { rowsOf, type Db } from '../db/client.ts'
import { leads, markets, missions, users } from '../db/schema.ts'
import { visibleLeadsCondition } from './lead-access.ts'
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

/** `lower(last_name) like 'p%'`, through leads_last_name_prefix_idx. */
function lastNameStarts(word: string): SQL {
  return sql`lower(${leads.lastName}) like ${prefix(word)}`
}

/** 0 for a lead whose last name starts with a word typed (names only), else 1. */
function rankOf(term: SearchTerm): SQL {
  if (term.kind !== 'name') return sql`0`
  return sql`case when ${or(...term.words.map(lastNameStarts))} then 0 else 1 end`
}

/**
 * The order of results (docs/domain.md "Leads", Search): leads whose last name starts with a word
 * typed come first, then the others; each group by last name, first name (case-insensitive, in
 * character order: the order of leads_last_name_prefix_idx, which a broad prefix walks) and id.
 */
const NAME_ORDER = sql`lower(${leads.lastName}) using ~<~, lower(${leads.firstName}) using ~<~, ${leads.id}`

async function countWhere(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(where)
    .limit(cap)
    .as('capped')
  const [row] = await db.select({ value: count() }).from(capped)
  return row?.value ?? 0
}

async function idsWhere(db: Db, where: SQL | undefined, order: SQL, limit: number, offset: number) {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset)
  return rows.map((row) => row.id)
}

/** Up to SEARCH_COUNT_CAP matches: all collected (through the term's own index), then sorted. */
async function sortedIds(db: Db, term: SearchTerm, where: SQL | undefined, limit: number, offset: number) {
  // A materialised CTE: the planner cannot trade it for a walk of a whole index in result order,
  // which a rare term would make scan everything.
  const rows = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      with found as materialized (
        select ${leads.id} as id, ${rankOf(term)} as rank,
          lower(${leads.lastName}) as last_name, lower(${leads.firstName}) as first_name
        from ${leads} inner join ${markets} on ${markets.id} = ${leads.marketId}
        where ${where}
      )
      select id from found
      order by rank, last_name using ~<~, first_name using ~<~, id limit ${limit} offset ${offset}`),
  )
  return rows.map((row) => Number(row.id))
}

type Page = { ids: number[]; matches: number }

/**
 * One word matching more than SEARCH_COUNT_CAP leads ("Mar"): the leads whose last name starts with
 * it come first, in the order of leads_last_name_prefix_idx, so the page is read walking that index
 * from the prefix and stops at the page's end; only a page past them reads the first-name matches.
 */
async function broadWordPage(
  db: Db,
  word: string,
  scope: SQL[],
  limit: number,
  offset: number,
): Promise<Page | { ids: null; matches: number }> {
  const byLast = and(lastNameStarts(word), ...scope)
  const byFirstOnly = and(
    sql`lower(${leads.firstName}) like ${prefix(word)}`,
    sql`not (${lastNameStarts(word)})`,
    ...scope,
  )
  const lastCount = await countWhere(db, byLast, SEARCH_COUNT_CAP + 1)
  const firstCount =
    lastCount > SEARCH_COUNT_CAP ? 0 : await countWhere(db, byFirstOnly, SEARCH_COUNT_CAP + 1 - lastCount)
  const matches = lastCount + firstCount
  // Not broad: both counts were exact (the two sets do not overlap); the page is sorted as usual.
  if (matches <= SEARCH_COUNT_CAP) return { ids: null, matches }
  const ids = await idsWhere(db, byLast, NAME_ORDER, limit, offset)
  if (ids.length === limit) return { ids, matches }
  // Past the last-name matches: their exact number places the page among the first-name ones.
  const lastTotal =
    ids.length > 0
      ? offset + ids.length
      : lastCount <= SEARCH_COUNT_CAP
        ? lastCount
        : await countWhere(db, byLast, Number.MAX_SAFE_INTEGER)
  const rest = await idsWhere(
    db,
    byFirstOnly,
    NAME_ORDER,
    limit - ids.length,
    Math.max(0, offset - lastTotal),
  )
  return { ids: [...ids, ...rest], matches }
}

async function findPage(
  db: Db,
  term: SearchTerm,
  scope: SQL[],
  limit: number,
  offset: number,
): Promise<Page> {
  let matches: number | null = null
  if (term.kind === 'name' && term.words.length === 1) {
    const broad = await broadWordPage(db, term.words[0]!, scope, limit, offset)
    if (broad.ids) return broad
    matches = broad.matches
  }
  const where = and(matchTerm(term), ...scope)
  matches ??= await countWhere(db, where, SEARCH_COUNT_CAP + 1)
  return { ids: await sortedIds(db, term, where, limit, offset), matches }
}

export async function searchLeads(db: Db, options: SearchOptions): Promise<LeadSearchResult> {
  const { user, page, limit } = options
  const now = options.now ?? new Date()
  const scope: SQL[] = []
  if (options.missionId !== undefined) scope.push(eq(markets.missionId, options.missionId))
  // Only the leads the user sees (server/domain/lead-access.ts).
  const visible = visibleLeadsCondition(db, user)
  if (visible) scope.push(visible)
  const { ids, matches } = await findPage(db, parseSearch(options.search), scope, limit, (page - 1) * limit)
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
