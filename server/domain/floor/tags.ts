// The simulated floor's outcomes (issue #15): a virtual teleoperator picks, among the outcomes of the
// lead's current step in its mission's call process, one that fits how the call went — the same
// outcomes a real agent sees on the lead sheet (server/domain/tags/outcomes.ts).
import { and, eq } from 'drizzle-orm'
import { firstRecallFrom } from '../../../src/contracts/recall.ts'
import type { Db } from '../../db/client.ts'
import { callProcessSteps, callProcessTags, leads, markets, missions } from '../../db/schema.ts'
import { outcomeOrder, selectOutcomes, type Outcome } from '../tags/outcomes.ts'

export type CallResult = 'answered' | 'voicemail' | 'no-answer'

export type LeadStep = { leadId: number; step: number; outcomes: Outcome[] }

/** The outcomes of the lead's current step. */
export async function outcomesOfLead(db: Db, leadId: number): Promise<LeadStep | null> {
  const [lead] = await db
    .select({ step: leads.step, callProcessId: missions.callProcessId })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .innerJoin(missions, eq(missions.id, markets.missionId))
    .where(eq(leads.id, leadId))
  if (!lead?.callProcessId) return null
  const outcomes = await selectOutcomes(db)
    .innerJoin(callProcessSteps, eq(callProcessSteps.id, callProcessTags.stepId))
    .where(
      and(eq(callProcessSteps.callProcessId, lead.callProcessId), eq(callProcessSteps.number, lead.step)),
    )
    .orderBy(...outcomeOrder)
  return { leadId, step: lead.step, outcomes }
}

/** Weights of an answered conversation's outcomes, by kind (a realistic mix of a consent campaign). */
const ANSWERED_WEIGHTS = {
  progress: 45,
  appointment: 30,
  recall: 10,
  closing: 15,
} as const

function kindOf(o: Outcome): keyof typeof ANSWERED_WEIGHTS | 'unreachable' {
  if (o.requiresAppointment) return 'appointment'
  if (o.nextStep !== null && !o.endsProcessing) return 'progress'
  if (o.status === 'UNREACHABLE') return 'unreachable'
  if (o.status === 'RECALL') return 'recall'
  return 'closing'
}

/**
 * The outcome for a call that went `result`. `random` is in [0, 1). Unanswered calls take the
 * step's "unreachable" outcome (voicemail, no answer); answered ones draw by kind. Null when the step
 * has no fitting outcome (an odd process an administrator built): the agent then hands the lead back.
 */
export function chooseOutcome(outcomes: Outcome[], result: CallResult, random: () => number): Outcome | null {
  if (result !== 'answered') {
    return outcomes.find((o) => kindOf(o) === 'unreachable') ?? outcomes.find((o) => o.endsProcessing) ?? null
  }
  const weighted = outcomes
    .map((o) => {
      const kind = kindOf(o)
      return { o, weight: kind === 'unreachable' ? 0 : ANSWERED_WEIGHTS[kind] }
    })
    .filter((w) => w.weight > 0)
  const total = weighted.reduce((sum, w) => sum + w.weight, 0)
  let draw = random() * total
  for (const w of weighted) {
    draw -= w.weight
    if (draw < 0) return w.o
  }
  return weighted.at(-1)?.o ?? null
}

/** The details an outcome needs: a call-back date when it asks for one (the picker's proposal). */
export function detailsFor(outcome: Outcome, now: Date): Record<string, unknown> {
  if (!outcome.asksRecallDate) return {}
  const from = new Date(now.getTime() + (outcome.recallDelayMinutes ?? 120) * 60_000)
  const at = firstRecallFrom(from, now)
  return at ? { recallAt: at.toISOString() } : {}
}
