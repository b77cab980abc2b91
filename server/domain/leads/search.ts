// Lead search (spec §7 GET /api/lead/search/{search}/{page}; docs/domain.md "Leads"): one input that
// may be a French phone number in any common writing, an e-mail, a lead id or uuid, or names
// (accents and case ignored, with an approximate fallback), and what the reader may do with each lead.
import { eq, type SQL } from 'drizzle-orm'
import type { LeadSearchResult } from '../../../src/contracts/lead.ts'
import { frenchPhoneToE164 } from '../../../src/contracts/phone.ts'
import type { Db } from '../../db/client.ts'
import { markets } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { hasOngoingCallSql } from '../calls/state.ts'
import { visibleLeadsCondition } from './access.ts'
import { approximable, approximatePage } from './search-approximate.ts'
import { findPage, SEARCH_COUNT_CAP, type Page } from './search-pages.ts'
import { searchRowsOf, type SearchReader } from './search-rows.ts'
import { expirationOf } from './view.ts'

export { SEARCH_COUNT_CAP }

/** Spec §4: searching is disallowed while a call is ongoing. */
export const SEARCH_DURING_CALL = 'La recherche est impossible pendant un appel : terminez-le d’abord.'

export type SearchTerm =
  | { kind: 'phone'; e164: string }
  | { kind: 'email'; prefix: string }
  | { kind: 'id'; id: number }
  | { kind: 'uuid'; uuid: string }
  | { kind: 'name'; words: string[] }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Name words keep what was typed but ASCII letters lower-cased: the folding proper (accents, case)
 * is app_fold, in SQL, the same function as the indexed names'. (JavaScript's toLowerCase differs
 * from it on a few letters, e.g. `Ɩ`, which would then fold differently.)
 */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
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
  return { kind: 'name', words: asciiLower(text).split(/\s+/).filter(Boolean).slice(0, 5) }
}

export type SearchOptions = {
  user: SearchReader
  search: string
  page: number
  limit: number
  missionId?: number | undefined
  now?: Date
}

/**
 * The page of leads matching `options.search` that the user sees, or 403 while the user has an
 * ongoing call (spec §4): that check rides on the page's first statement, which runs anyway.
 */
export async function searchLeads(db: Db, options: SearchOptions): Promise<LeadSearchResult> {
  const { user, page, limit } = options
  const now = options.now ?? new Date()
  const scope: SQL[] = []
  if (options.missionId !== undefined) scope.push(eq(markets.missionId, options.missionId))
  // Only the leads the user sees (server/domain/leads/access.ts).
  const visible = visibleLeadsCondition(db, user)
  if (visible) scope.push(visible)
  const term = parseSearch(options.search)
  const offset = (page - 1) * limit
  const checked = await findPage(db, term, scope, limit, offset, hasOngoingCallSql(user.id))
  if (checked.refused) throw errors.forbidden(SEARCH_DURING_CALL)
  let found: Page = checked
  // Nothing starts with the words typed: the names closest to them, marked approximate.
  const approximate = found.matches === 0 && term.kind === 'name' && approximable(term.words)
  if (approximate) found = await approximatePage(db, term.words, scope, limit, offset)
  const rows = await searchRowsOf(db, user, found.ids)
  return {
    items: rows.map((lead) => {
      const { mission, refusal } = lead
      const expiration = expirationOf(lead.meetRequestDate, mission.leadProcessingDurationDays)
      return {
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
        processingUser: lead.processingUser,
        processingSince: lead.processingSince?.toISOString() ?? null,
        recallAt: lead.recallAt?.toISOString() ?? null,
        expirationDate: expiration.toISOString(),
        isExpired: expiration.getTime() <= now.getTime(),
        canPick: refusal === null,
        pickRefusal: refusal,
      }
    }),
    approximate: approximate && found.matches > 0,
    total: Math.min(found.matches, SEARCH_COUNT_CAP),
    totalCapped: found.matches > SEARCH_COUNT_CAP,
    page,
    limit,
  }
}
