// A lead handed back does not come straight back (issue #29, docs/domain.md "Leads"): when its holder
// hands it back (« Rendre le lead », server/domain/leads/release.ts), lead_releases keeps the instant
// for that agent and lead; the hand-out (assignment.ts) skips it for that agent until the configured
// cool-down (`releaseCooldownHours`) has passed, while every other agent may be handed it at once.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { DEFAULT_RELEASE_COOLDOWN_HOURS } from '../../../src/contracts/configuration.ts'
import type { Db } from '../../db/client.ts'
import { leadReleases, leads } from '../../db/schema.ts'
import { readSetting } from '../configuration/settings.ts'

/**
 * The start of the cool-down, on the database's clock, inside one statement: the setting is read
 * there (no round trip of its own); a stored value that is not a number reads as the default, as
 * settings do (server/domain/configuration/settings.ts).
 */
export const RELEASE_COOLDOWN_START = sql`now() - make_interval(secs => 3600 * coalesce(
    (select case when jsonb_typeof(c.value) = 'number' then (c.value #>> '{}')::float8 end
     from configuration c where c.key = 'releaseCooldownHours'),
    ${DEFAULT_RELEASE_COOLDOWN_HOURS}::float8))`

/** The hand-out's `handed_back` relation: the leads `me` handed back within the cool-down. */
export const HANDED_BACK_BY_ME = sql`
      select r.lead_id from lead_releases r
      where r.user_id = (select id from me) and r.released_at > ${RELEASE_COOLDOWN_START}`

/** Lead `l` is not one the user handed back within the cool-down. */
export const NOT_HANDED_BACK = sql`not exists (select 1 from handed_back hb where hb.lead_id = l.id)`

/** The holder handed the lead back now (the last time counts). */
export async function recordHandBack(tx: Db, userId: number, leadId: number): Promise<void> {
  await tx
    .insert(leadReleases)
    .values({ userId, leadId })
    .onConflictDoUpdate({
      target: [leadReleases.userId, leadReleases.leadId],
      set: { releasedAt: sql`now()` },
    })
}

export const handBackMessages = {
  onlyHandedBack: (hours: number) =>
    `Aucun autre lead à traiter pour le moment. Le lead que vous avez rendu ne vous sera reproposé qu’après ${hours} h ; les autres agents peuvent déjà le traiter.`,
}

/**
 * When nothing was handed out: whether a lead the user handed back, still free and open, was held
 * back for them by the cool-down; the answer then says so (null otherwise).
 */
export async function handedBackNotice(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ leadId: leadReleases.leadId })
    .from(leadReleases)
    .innerJoin(leads, eq(leads.id, leadReleases.leadId))
    .where(
      and(
        eq(leadReleases.userId, userId),
        gt(leadReleases.releasedAt, sql`${RELEASE_COOLDOWN_START}`),
        isNull(leads.processingUserId),
        inArray(leads.status, ['NEW', 'IN_PROGRESS', 'RECALL', 'UNREACHABLE']),
      ),
    )
    .limit(1)
  if (!row) return null
  return handBackMessages.onlyHandedBack(await readSetting(db, 'releaseCooldownHours'))
}
