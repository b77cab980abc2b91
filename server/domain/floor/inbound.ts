// Inbound calls of the simulated floor (issue #15): a free lead of one of the agent's missions calls
// back; the agent answers from the app (the inbound answer of the agents' routes), talks, and gives
// the call its outcome.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { calls, leads, markets, missionUsers } from '../../db/schema.ts'
import { leadIdOfCall } from '../calls/state.ts'
import { answerInbound } from '../calls/changes.ts'
import { pickLead } from '../leads/assignment.ts'
import { announceAssignment } from '../leads/signals.ts'
import { hangUp, tagCall } from './outcome.ts'
import { between, DURATIONS_S, type FloorRun } from './run.ts'
import type { AgentState } from './virtual-agent.ts'

/** Share of turns where an idle agent receives an inbound call instead of taking a lead. */
const INBOUND_SHARE = 0.08

/** A lead of one of the agent's missions, free, calls back; the agent answers and handles it. */
/** Sometimes (INBOUND_SHARE of the turns): true when the agent handled an inbound call. */
export async function receiveInbound(run: FloorRun, agent: AgentState): Promise<boolean> {
  if (run.random() >= INBOUND_SHARE) return false
  const { db } = run
  const [caller] = await db
    .select({ id: leads.id, phone: leads.phone })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(
      and(
        isNull(leads.processingUserId),
        inArray(
          markets.missionId,
          db
            .select({ id: missionUsers.missionId })
            .from(missionUsers)
            .where(eq(missionUsers.userId, agent.user.id)),
        ),
        inArray(leads.status, ['NEW', 'RECALL', 'UNREACHABLE', 'IN_PROGRESS']),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1)
  if (!caller) return false
  // The agent takes the caller's lead before the call rings, as a real agent opens and takes it: free
  // meanwhile, another virtual agent could take it, and its outcome would then be refused to this one
  // (« Ce lead est traité par un autre utilisateur. »), leaving the call untagged at the stop.
  const taken = await pickLead(db, agent.user.id, caller.id, false)
  if (taken.kind !== 'assigned') return false
  announceAssignment(run.app, agent.user.id, taken.lead)
  agent.activity = 'inbound'
  const providerId = run.simulator.inbound({ aircallUserId: agent.user.aircallId!, fromNumber: caller.phone })
  await run.telephony.idle()
  run.counters.inbound += 1
  const answered = await answerInbound(run.calls, agent.user, {
    bypassProcessingLeadCheck: false,
    bypassUntaggedLeadCheck: false,
  })
  const [call] = await db.select().from(calls).where(eq(calls.id, answered.callId))
  agent.calls += 1
  agent.leadId = call ? leadIdOfCall(call) : null
  agent.activity = 'talking'
  await run.pause(between(run, DURATIONS_S.talking))
  await hangUp(run, answered.callId)
  run.app.log.debug({ event: 'dev.floor.inbound', providerId }, 'dev floor: inbound call handled')
  await tagCall(run, agent, answered.callId, agent.leadId, 'answered')
  return true
}
