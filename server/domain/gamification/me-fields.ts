// The connected user's gamification fields (spec §3 "Connected user": experiencePoints, badges, and
// under `gamification` the count of each tentacall and the timestamp of each badge), read by loadMe
// (server/domain/users/profiles.ts) in its one statement from the user's row, user_badges and user_tentacalls.
// Read there rather than taken from the session's cached row, so that the per-process `me` cache
// (server/plugins/me-cache.ts) is fresh as soon as an award drops it ('me-changed', announce.ts).
import { sql } from 'drizzle-orm'
import type { Me } from '../../../src/contracts/user.ts'
import { parisDay } from '../../../src/contracts/paris-calendar.ts'
import { TENTACALLS } from './tentacalls/catalogue.ts'

export type MeGamification = Pick<Me, 'experiencePoints' | 'badges' | 'gamification'>

/** What GAMIFICATION_COLUMNS select, as the drivers answer it. */
export type GamificationColumns = {
  xp: number | null
  badges: [string, string][] | string | null
  series: [string, number, number, string | null][] | string | null
}

/** node-postgres parses json; PGlite may hand it over as text. */
export function fromJson<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

/** Select-list columns for the user row `u` (primary-key lookups of user_badges, user_tentacalls). */
export const GAMIFICATION_COLUMNS = sql`u.experience_points as xp,
  (select json_agg(json_build_array(b.code, b.earned_at) order by b.earned_at, b.code)
    from user_badges b where b.user_id = u.id) as badges,
  (select json_agg(json_build_array(s.code, s.current, s.record, s.series_key))
    from user_tentacalls s where s.user_id = u.id) as series`

/** The fields, every tentacall of the catalogue with its count as it stands today (0 once broken). */
export function meGamificationFrom(row: GamificationColumns | undefined, now = new Date()): MeGamification {
  const badges = (fromJson(row?.badges ?? null) ?? []).map(([badgeId, earnedAt]) => ({
    badgeId,
    earnedAt: new Date(earnedAt).toISOString(),
  }))
  const series = fromJson(row?.series ?? null) ?? []
  const day = parisDay(now)
  const tentacalls = Object.fromEntries(
    TENTACALLS.map((rule) => {
      const found = series.find(([code]) => code === rule.id)
      const state = found
        ? { current: found[1], record: found[2], seriesKey: found[3] }
        : { current: 0, record: 0, seriesKey: null }
      return [rule.id, rule.currentAt(state, day)]
    }),
  )
  return {
    // Never below 0 on screens (a correction may have taken more than was left: docs/domain.md).
    experiencePoints: Math.max(0, Number(row?.xp ?? 0)),
    badges,
    gamification: {
      tentacalls,
      badges: Object.fromEntries(badges.map(({ badgeId, earnedAt }) => [badgeId, earnedAt])),
    },
  }
}
