// The end of a virtual agent's call (issue #15): hang up through the simulator, give the call its
// outcome from the lead's step (server/domain/floor/tags.ts), book the RDV it asks for, hand
// back a lead still held — with the agents' own domain functions and signals.
import { eq } from 'drizzle-orm'
import { calls, leads } from '../../db/schema.ts'
import {
  appointmentAvailabilities,
  bookAppointment,
  type OutcomeWithBooking,
} from '../appointments/booking.ts'
import { findVisibleLead } from '../leads/access.ts'
import { releaseHeldLead } from '../leads/release.ts'
import { needsBooking, tagLead } from '../leads/tagging.ts'
import { announceBooking, announceTagOutcome } from '../leads/outcome-signals.ts'
import type { Outcome } from '../tags/outcomes.ts'
import { chooseOutcome, detailsFor, outcomesOfLead, type CallResult } from './tags.ts'
import { between, DURATIONS_S, type FloorRun } from './run.ts'
import type { AgentState } from './virtual-agent.ts'

/** Hangs up the call through the simulator (the caller or lead hanging up), once processed. */
export async function hangUp(run: FloorRun, callId: number) {
  await run.telephony.idle()
  const [call] = await run.db.select().from(calls).where(eq(calls.id, callId))
  if (!call || call.endedAt) return
  const aircallUserId = call.userId === null ? null : (run.aircallIdOf(call.userId) ?? null)
  run.simulator.act(call, 'hangup', aircallUserId)
  await run.telephony.idle()
}

/** The call's outcome; a final outcome of an answered call may ask for an appointment. */
export async function tagCall(
  run: FloorRun,
  agent: AgentState,
  callId: number,
  leadId: number | null,
  result: CallResult,
) {
  if (leadId === null) return
  agent.activity = 'tagging'
  await run.pause(between(run, DURATIONS_S.tagging))
  const step = await outcomesOfLead(run.db, leadId)
  let outcome = step && chooseOutcome(step.outcomes, result, run.random)
  // The call's outcome must end the conversation: a progress mark drawn here becomes the step's
  // "unreachable" outcome's sibling that ends processing.
  if (outcome && outcome.nextStep !== null && !outcome.endsProcessing && !outcome.requiresAppointment)
    outcome = step!.outcomes.find((o) => o.endsProcessing && o.status !== 'UNREACHABLE') ?? null
  if (!outcome) return release(run, agent, leadId)
  // Issue #29 point 3: an outcome that requires an appointment is recorded with its booking; with no
  // slot left, the conversation ends on another of the step's final outcomes.
  if (needsBooking(outcome)) {
    if (await book(run, agent, leadId, recordedOf(outcome, callId))) return
    outcome =
      step!.outcomes.find((o) => o.endsProcessing && !needsBooking(o) && o.status !== 'UNREACHABLE') ?? null
    if (!outcome) return release(run, agent, leadId)
  }
  const tagged = await tagLead(run.db, { ...recordedOf(outcome, callId), user: agent.user, leadId })
  run.counters.tags += 1
  await announceTagOutcome(run.app, agent.user.id, tagged)
  if (!tagged.released) await release(run, agent, leadId)
}

function recordedOf(outcome: Outcome, callId: number): OutcomeWithBooking {
  return { callId, callProcessTagId: outcome.id, details: detailsFor(outcome, new Date()), comment: null }
}

/** The first free slot among the offered ones, like an agent agreeing a date with the lead. */
async function book(
  run: FloorRun,
  agent: AgentState,
  leadId: number,
  recorded: OutcomeWithBooking,
): Promise<boolean> {
  agent.activity = 'booking'
  await run.pause(between(run, DURATIONS_S.booking))
  const row = await findVisibleLead(run.db, agent.user, leadId)
  const offer = await appointmentAvailabilities(run.db, agent.user, row, new Date())
  const slots = offer.days.flatMap((day) => day.slots)
  for (const slot of slots.slice(Math.floor(run.random() * Math.min(5, slots.length)))) {
    try {
      const outcome = await bookAppointment(run.db, {
        user: agent.user,
        leadId,
        startsAt: new Date(slot.startsAt),
        now: new Date(),
        sessionKey: null,
        outcome: recorded,
      })
      run.counters.tags += 1
      run.counters.appointments += 1
      await announceBooking(run.app, agent.user.id, outcome)
      if (outcome.tagged) await announceTagOutcome(run.app, agent.user.id, outcome.tagged)
      await release(run, agent, leadId)
      return true
    } catch (error) {
      // Another agent (real or virtual) took the slot in the meantime: the next one.
      if (!(error instanceof Error && 'statusCode' in error && error.statusCode === 409)) throw error
    }
  }
  return false
}

/** Hands a lead the agent still holds back to the queue (the sheet's "rendre le lead"). */
export async function release(run: FloorRun, agent: AgentState, leadId: number) {
  const [lead] = await run.db
    .select({ holder: leads.processingUserId })
    .from(leads)
    .where(eq(leads.id, leadId))
  if (lead?.holder !== agent.user.id) return
  await releaseHeldLead(run.db, agent.user, leadId, 'Simulation : lead rendu.')
  await run.app.bus.publish('user-changed', { userId: agent.user.id })
}
