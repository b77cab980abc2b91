// After the event's transaction commits: the experience signal, then each badge and tentacall
// earned through the award path of issue #5 (server/domain/gamification/awards.ts: live signal + push to the
// earner and supervisors per their preferences). Never fails the request that earned them.
import type { FastifyInstance } from 'fastify'
import { channels } from '../../../src/contracts/live.ts'
import { awardBadge, awardTentacall } from './awards.ts'
import type { Earned } from './engine.ts'

/**
 * Right after the commit, before any live signal of the request: every process drops its cached `me`
 * of the user (server/plugins/me-cache.ts), so a client refetching it on a signal reads the new
 * experience, badges and tentacall counts. Idempotent; also done first by announceEarned.
 */
export async function forgetMe(app: FastifyInstance, userId: number | null | undefined) {
  if (userId === null || userId === undefined) return
  try {
    await app.bus.publish('me-changed', { userId })
  } catch (error) {
    app.log.error({ err: error, userId }, 'gamification: dropping the cached me failed')
  }
}

export async function announceEarned(app: FastifyInstance, earned: Earned | null | undefined) {
  if (!earned) return
  await forgetMe(app, earned.userId)
  // Issue #14: experience or a badge moves the leaderboard (an appointment earns experience); the
  // signal is coalesced and leaves first, so wall screens refetch while the awards are announced.
  if (earned.gained !== 0 || earned.badges.length > 0) app.leaderboard.changed()
  try {
    if (earned.gained !== 0 && earned.experiencePoints !== null)
      await app.live.publish(channels.experience(earned.userId), {
        experiencePoints: Math.max(0, earned.experiencePoints),
        gained: earned.gained,
      })
    for (const code of earned.badges) await awardBadge(app, earned.userId, code)
    for (const code of earned.tentacalls) await awardTentacall(app, earned.userId, code)
  } catch (error) {
    app.log.error({ err: error, userId: earned.userId }, 'gamification: announcing an award failed')
  }
}
