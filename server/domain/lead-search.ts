// Lead search (spec §7 GET /api/lead/search/{search}/{page}; docs/domain.md "Leads"): one input that
// may be a French phone number in any common writing, an e-mail, a lead id or uuid, or names.
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Role } from '../../src/contracts/roles.ts'
import type { LeadSearchResult } from '../../src/contracts/lead.ts'
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

/**
 * French numbers as people type them: `06 12 34 56 78`, `06.12.34.56.78`, `0612345678`,
 * `+33 6 12 34 56 78`, `+33 (0)6 12…`, `0033 6 12…`, `33612345678` → `+33612345678` (E.164).
 */
export function frenchPhoneToE164(input: string): string | null {
  const compact = input.replace(/[\s.\-()/]/g, '').replace(/^(\+33|0033)0/, '$1')
  const match = /^(?:\+33|0033|33|0)([1-9]\d{8})$/.exec(compact)
  return match ? `+33${match[1]}` : null
}

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
  const [total] = await db
    .select({ value: count() })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(where)
  const rows = await db
    .select({
      lead: leads,
      mission: missions,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .innerJoin(missions, eq(missions.id, markets.missionId))
    .leftJoin(users, eq(users.id, leads.processingUserId))
    .where(where)
    .orderBy(asc(leads.lastName), asc(leads.firstName), asc(leads.id))
    .limit(limit)
    .offset((page - 1) * limit)
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
    total: total?.value ?? 0,
    page,
    limit,
  }
}
