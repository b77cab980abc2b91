// One virtual teleoperator of the simulated floor (issue #15): the loop of a real agent's day — take
// the next lead, read it, call, talk or hear the voicemail, tag the outcome of the call process, book
// the appointment the outcome asks for, sometimes answer an inbound call — through the very domain
// functions the agent's requests go through (hand-out, call start, tagging, booking), as that user.
// Waits are the floor's (scaled by its speed, cut short by its stop).
import { eq } from 'drizzle-orm'
import type { FloorActivity, SimulatorSettings } from '../../../src/contracts/dev-floor.ts'
import { calls, type users } from '../../db/schema.ts'
import { startOutbound } from '../calls/changes.ts'
import { ongoingCallOf, untaggedCallOf, leadIdOfCall } from '../calls/state.ts'
import { findLeadToProcess, heldLeadOf } from '../leads/assignment.ts'
import { announceAssignment } from '../leads/signals.ts'
import { tagLead } from '../leads/tagging.ts'
import { announceTagOutcome } from '../leads/outcome-signals.ts'
import { receiveInbound } from './inbound.ts'
import { hangUp, tagCall } from './outcome.ts'
import { between, DURATIONS_S, type FloorRun } from './run.ts'
import { chooseOutcome, detailsFor, outcomesOfLead, type CallResult } from './tags.ts'

export type AgentUser = typeof users.$inferSelect

export type AgentState = {
  user: AgentUser
  activity: FloorActivity
  leadId: number | null
  calls: number
}

/** A conversation moves a lead on at most this many steps (progress marks) before its outcome. */
const MAX_PROGRESS = 3

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
  if (await receiveInbound(run, agent)) return
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
