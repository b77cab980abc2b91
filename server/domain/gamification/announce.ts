// After the event's transaction commits: the experience signal, then each badge and tentacall
// earned through the award path of issue #5 (server/domain/awards.ts: live signal + push to the
// earner and supervisors per their preferences). Never fails the request that earned them.
import type { FastifyInstance } from 'fastify'
import { channels } from '../../../src/contracts/live.ts'
import { awardBadge, awardTentacall } from '../awards.ts'
import type { Earned } from './engine.ts'

export async function announceEarned(app: FastifyInstance, earned: Earned | null | undefined) {
  if (!earned) return
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
