// One virtual teleoperator of the simulated floor (issue #15): the loop of a real agent's day — take
// the next lead, read it, call, talk or hear the voicemail, tag the outcome of the call process, book
// the appointment the outcome asks for, sometimes answer an inbound call — through the very domain
// functions the agent's requests go through (hand-out, call start, tagging, booking), as that user.
// Waits are the floor's (scaled by its speed, cut short by its stop).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FloorActivity, SimulatorSettings } from '../../../src/contracts/dev-floor.ts'
import { calls, leads, markets, missionUsers, type users } from '../../db/schema.ts'
import { appointmentAvailabilities, bookAppointment } from '../appointments.ts'
import { answerInbound, startOutbound } from '../calls.ts'
import { ongoingCallOf, untaggedCallOf, leadIdOfCall } from '../call-state.ts'
import { findLeadToProcess, heldLeadOf } from '../lead-assignment.ts'
import { findVisibleLead } from '../lead-access.ts'
import { releaseHeldLead } from '../lead-release.ts'
import { announceAssignment } from '../lead-signals.ts'
import { tagLead } from '../lead-tagging.ts'
import { announceBooking, announceTagOutcome } from '../outcome-signals.ts'
import { chooseOutcome, detailsFor, outcomesOfLead, type CallResult } from './floor-tags.ts'
import type { FloorRun } from './floor-run.ts'

export type AgentUser = typeof users.$inferSelect

export type AgentState = {
  user: AgentUser
  activity: FloorActivity
  leadId: number | null
  calls: number
}

/** Seconds a real agent spends on each part of a call (drawn uniformly in the range). */
const DURATIONS_S = {
  reading: [8, 25],
  talking: [40, 240],
  voicemail: [10, 25],
  ringingUnanswered: [20, 35],
  tagging: [5, 15],
  booking: [10, 30],
  idleWhenNothing: [30, 60],
  afterError: [5, 10],
} as const
/** Share of turns where an idle agent receives an inbound call instead of taking a lead. */
const INBOUND_SHARE = 0.08
/** A conversation moves a lead on at most this many steps (progress marks) before its outcome. */
const MAX_PROGRESS = 3

function between(run: FloorRun, [low, high]: readonly [number, number]) {
  return (low + run.random() * (high - low)) * 1000
}

function drawResult(settings: SimulatorSettings, random: () => number): CallResult {
  const draw = random() * 100
  if (draw < settings.answeredPercent) return 'answered'
  if (draw < settings.answeredPercent + settings.voicemailPercent) return 'voicemail'
  return 'no-answer'
}

export async function runAgent(run: FloorRun, agent: AgentState): Promise<void> {
  while (!run.stopping()) {
    try {
      await turn(run, agent)
    } catch (error) {
      run.counters.errors += 1
      run.app.log.warn(
        { err: error, event: 'dev.floor.agent', userId: agent.user.id },
        'dev floor: turn failed',
      )
      agent.activity = 'waiting'
      await run.pause(between(run, DURATIONS_S.afterError))
    }
  }
}

async function turn(run: FloorRun, agent: AgentState) {
  const { db } = run
  agent.activity = 'idle'
  agent.leadId = null
  if (run.random() < INBOUND_SHARE && (await receiveInbound(run, agent))) return
  const found = await findLeadToProcess(db, agent.user.id)
  if (found.kind === 'blocked') return unblock(run, agent)
  if (found.kind === 'none') {
    agent.activity = 'waiting'
    return run.pause(between(run, DURATIONS_S.idleWhenNothing))
  }
  announceAssignment(run.app, agent.user.id, found.lead)
  await processLead(run, agent, found.lead.id)
}

/** What the agent screen's blocking overlay asks a real agent to do first (spec §2). */
async function unblock(run: FloorRun, agent: AgentState) {
  const { db } = run
  const ongoing = await ongoingCallOf(db, agent.user.id)
  if (ongoing) return hangUp(run, ongoing.id)
  const untagged = await untaggedCallOf(db, agent.user.id)
  if (untagged) return tagCall(run, agent, untagged.id, leadIdOfCall(untagged), 'no-answer')
  const held = await heldLeadOf(db, agent.user.id)
  if (held) await processLead(run, agent, held.id)
}

async function processLead(run: FloorRun, agent: AgentState, leadId: number) {
  agent.leadId = leadId
  agent.activity = 'reading'
  await run.pause(between(run, DURATIONS_S.reading))
  if (run.stopping()) return
  const settings = run.settings
  const result = drawResult(settings, run.random)
  const sim = run.simulator
  const ringMs =
    result === 'answered'
      ? settings.answerDelayMs + run.random() * 2000
      : result === 'voicemail'
        ? between(run, DURATIONS_S.ringingUnanswered)
        : between(run, DURATIONS_S.ringingUnanswered)
  sim.plan(agent.user.aircallId!, {
    kind: result === 'no-answer' ? 'no-answer' : 'answered',
    afterMs: run.scaled(ringMs),
  })
  agent.activity = 'dialling'
  const { callId } = await startOutbound(run.calls, agent.user, { leadId })
  agent.calls += 1
  run.counters.calls += 1
  const settled = await untilSettled(run, callId)
  if (!settled) return
  if (result === 'no-answer') {
    run.counters.noAnswer += 1
    return tagCall(run, agent, callId, leadId, 'no-answer')
  }
  if (result === 'voicemail') {
    run.counters.voicemail += 1
    agent.activity = 'voicemail'
    await run.pause(between(run, DURATIONS_S.voicemail))
    await hangUp(run, callId)
    return tagCall(run, agent, callId, leadId, 'voicemail')
  }
  run.counters.answered += 1
  await converse(run, agent, callId, leadId)
}

/** Until the call is answered or over (the simulator's plan); false when the floor stops first. */
async function untilSettled(run: FloorRun, callId: number): Promise<boolean> {
  for (;;) {
    await run.telephony.idle()
    const [row] = await run.db
      .select({ answeredAt: calls.answeredAt, endedAt: calls.endedAt })
      .from(calls)
      .where(eq(calls.id, callId))
    if (!row || row.answeredAt || row.endedAt) return true
    if (run.stopping()) return false
    await run.pause(500)
  }
}

/** Talk, moving the lead on through the steps the conversation reaches, then hang up and tag. */
async function converse(run: FloorRun, agent: AgentState, callId: number, leadId: number) {
  agent.activity = 'talking'
  for (let marks = 0; marks <= MAX_PROGRESS; marks += 1) {
    await run.pause(between(run, DURATIONS_S.talking) / (MAX_PROGRESS + 1))
    const step = await outcomesOfLead(run.db, leadId)
    const outcome = step && chooseOutcome(step.outcomes, 'answered', run.random)
    const isProgress =
      outcome && outcome.nextStep !== null && !outcome.endsProcessing && !outcome.requiresAppointment
    if (!outcome || !isProgress || marks === MAX_PROGRESS || run.stopping()) break
    // A progress mark is no call outcome: recorded on the lead, the call stays open (lead-tagging.ts).
    const marked = await tagLead(run.db, {
      user: agent.user,
      leadId,
      callId: null,
      callProcessTagId: outcome.id,
      details: detailsFor(outcome, new Date()),
      comment: null,
    })
    run.counters.tags += 1
    await announceTagOutcome(run.app, agent.user.id, marked)
  }
  await hangUp(run, callId)
  await tagCall(run, agent, callId, leadId, 'answered')
}

async function hangUp(run: FloorRun, callId: number) {
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
  const tagged = await tagLead(run.db, {
    user: agent.user,
    leadId,
    callId,
    callProcessTagId: outcome.id,
    details: detailsFor(outcome, new Date()),
    comment: null,
  })
  run.counters.tags += 1
  await announceTagOutcome(run.app, agent.user.id, tagged)
  if (tagged.requiresAppointment) await book(run, agent, leadId)
  if (!tagged.released && !tagged.requiresAppointment) await release(run, agent, leadId)
}

/** The first free slot among the offered ones, like an agent agreeing a date with the lead. */
async function book(run: FloorRun, agent: AgentState, leadId: number) {
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
      })
      run.counters.appointments += 1
      await announceBooking(run.app, agent.user.id, outcome)
      break
    } catch (error) {
      // Another agent (real or virtual) took the slot in the meantime: the next one.
      if (!(error instanceof Error && 'statusCode' in error && error.statusCode === 409)) throw error
    }
  }
  await release(run, agent, leadId)
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

/** A lead of one of the agent's missions, free, calls back; the agent answers and handles it. */
async function receiveInbound(run: FloorRun, agent: AgentState): Promise<boolean> {
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
