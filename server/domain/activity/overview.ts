// GET /api/activity/overview (issue #14, docs/domain.md "Activity"): today on the reader's floor — the
// agents and what they are doing, today's figures, each mission's queue. Three statements (teams,
// agents, queues); the queues, the costly one, are kept a few seconds per scope (queue-cache.ts).
import type { ActivityOverview } from '../../../src/contracts/activity.ts'
import { parisDay, parseIsoDate, zonedInstant } from '../../../src/contracts/paris-calendar.ts'
import type { Db } from '../../db/client.ts'
import type { Viewer } from '../access/live-access.ts'
import { agentsNow } from './agents-now.ts'
import { missionQueues } from './queues.ts'
import { addCounts, NO_COUNTS } from './rows.ts'
import type { QueueCache } from './queue-cache.ts'
import { activityScope, type ActivityScope } from './scope.ts'

/** The scope's key in the queue cache: the missions it reads follow from its members. */
function scopeKey(scope: ActivityScope): string {
  return scope.members === 'everyone' ? 'everyone' : scope.members.toSorted((a, b) => a - b).join(',')
}

export async function activityOverview(
  db: Db,
  viewer: Viewer,
  teamId: number | undefined,
  { now = new Date(), queues }: { now?: Date; queues?: QueueCache } = {},
): Promise<ActivityOverview> {
  const day = parisDay(now)
  const scope = await activityScope(db, viewer, teamId)
  const agents = await agentsNow(db, scope, day, now)
  const load = () => missionQueues(db, scope, zonedInstant(parseIsoDate(day)!, 0))
  const missions = await (queues ? queues.get(`${day}:${scopeKey(scope)}`, load) : load())
  return {
    day,
    now: now.toISOString(),
    teamId: scope.teamId,
    teams: scope.teams,
    agents,
    today: agents.reduce((sum, agent) => addCounts(sum, agent.today), NO_COUNTS),
    missions,
  }
}
