// Badges and tentacalls earned (issue #5 "Who gets what"; the rules that award them come with the
// gamification issue, which calls awardBadge / awardTentacall). An award is recorded in user_awards,
// then every user alerted about it gets a live signal on their own `badge:{id}` / `tentacall:{id}`
// channel and a web push: the earner, the managers of the earner's teams and the administrators,
// each only while their `badges` / `tentacalls` preference is on (docs/domain.md "Alerts (push)").
import type { FastifyInstance } from 'fastify'
import { and, count, eq, or, sql } from 'drizzle-orm'
import { channels } from '../../../src/contracts/live.ts'
import type { AwardAlert, AwardKind } from '../../../src/contracts/push.ts'
import { DEFAULT_PREFERENCES, type PreferenceKey } from '../../../src/contracts/user.ts'
import type { Db } from '../../db/client.ts'
import { userAwards, users } from '../../db/schema.ts'
import { awardMessage } from '../../push/messages.ts'
import { personName } from '../../../src/contracts/person-name.ts'

export const PREFERENCE_OF: Record<AwardKind, PreferenceKey> = { badge: 'badges', tentacall: 'tentacalls' }

/** Names travel in live signals (≤ 512 bytes) and pushes: long ones are cut. */
const MAX_NAME_LENGTH = 80

export type AwardResult = { awardId: number; recipients: number[] }

/**
 * Who is alerted when `earnerId` earns an award of `kind`: active users among the earner, the
 * managers sharing a team with the earner and the administrators, whose preference for that kind is
 * on (on by default). The stored role counts, not a dev role switch of one session.
 */
export async function alertRecipients(db: Db, earnerId: number, kind: AwardKind): Promise<number[]> {
  const key = PREFERENCE_OF[kind]
  const preferenceOn = sql`coalesce((select p.value from user_preferences p
    where p.user_id = ${users.id} and p.key = ${key}), ${sql.raw(String(DEFAULT_PREFERENCES[key]))})`
  const managesEarner = sql`exists (select 1 from team_members mine
    join team_members theirs on theirs.team_id = mine.team_id
    where mine.user_id = ${users.id} and mine.is_manager and theirs.user_id = ${earnerId})`
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        or(eq(users.id, earnerId), eq(users.role, 'ADMIN'), and(eq(users.role, 'MANAGER'), managesEarner)),
        preferenceOn,
      ),
    )
    .orderBy(users.id)
  return rows.map((row) => row.id)
}

function displayName(firstName: string, lastName: string): string {
  return personName({ firstName, lastName }).slice(0, MAX_NAME_LENGTH)
}

async function award(app: FastifyInstance, userId: number, kind: AwardKind, code: string) {
  const { db } = app.database
  const [earner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
  if (!earner) throw new Error(`award: no user ${userId}`)
  const [row] = await db.insert(userAwards).values({ userId, kind, code }).returning()
  const { id: awardId, awardedAt } = row!
  const [total] =
    kind === 'tentacall'
      ? await db
          .select({ n: count() })
          .from(userAwards)
          .where(and(eq(userAwards.userId, userId), eq(userAwards.kind, kind), eq(userAwards.code, code)))
      : [{ n: 1 }]
  const name = displayName(earner.firstName, earner.lastName)
  const recipients = await alertRecipients(db, userId, kind)

  // All at once: the bus sends the signals queued meanwhile in one NOTIFY.
  const common = { userId, awardId, name }
  await Promise.all(
    recipients.map((recipientId) =>
      kind === 'badge'
        ? app.live.publish(channels.badge(recipientId), {
            badgeId: code,
            earnedAt: awardedAt.toISOString(),
            ...common,
          })
        : app.live.publish(channels.tentacall(recipientId), {
            tentacallId: code,
            count: total!.n,
            ...common,
          }),
    ),
  )
  const alert = (self: boolean): AwardAlert =>
    kind === 'badge'
      ? { kind, userId, awardId, code, name, self }
      : { kind, userId, awardId, code, name, self, count: total!.n }
  app.push.notify(
    recipients.filter((id) => id === userId),
    awardMessage(alert(true)),
  )
  app.push.notify(
    recipients.filter((id) => id !== userId),
    awardMessage(alert(false)),
  )
  return { awardId, recipients }
}

export function awardBadge(app: FastifyInstance, userId: number, code: string): Promise<AwardResult> {
  return award(app, userId, 'badge', code)
}

export function awardTentacall(app: FastifyInstance, userId: number, code: string): Promise<AwardResult> {
  return award(app, userId, 'tentacall', code)
}
