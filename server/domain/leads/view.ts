// The lead sheet (spec §3 "Lead", issue #4): the lead with its market, mission, call process, processing
// user, expiration date and maximum step (docs/domain.md "Leads"); who may read it is
// server/domain/leads/access.ts.
import { callingVerdict } from '../calls/calling-rules.ts'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Lead } from '../../../src/contracts/lead.ts'
import type { Db } from '../../db/client.ts'
import {
  callProcessSteps,
  callProcessTags,
  callProcesses,
  leads,
  markets,
  missions,
  users,
} from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { worksOnLead } from './holding.ts'
import { callAwaitingOutcome } from './outcome-call.ts'
import { leadViewers, type LivenessOptions } from './viewers.ts'
import { messages } from '../../lib/messages.ts'
import { outcomeOrder, outcomePayload, selectOutcomes } from '../tags/outcomes.ts'
import { readSetting } from '../configuration/settings.ts'

const DAY_MS = 24 * 60 * 60 * 1000
type LeadRow = typeof leads.$inferSelect
type MissionRow = typeof missions.$inferSelect

/** Spec §3: expiration = meetRequestDate + the mission's leadProcessingDurationDays. */
export function expirationOf(meetRequestDate: Date, durationDays: number): Date {
  return new Date(meetRequestDate.getTime() + durationDays * DAY_MS)
}

export function whereRef(ref: string | number) {
  return typeof ref === 'number' ? eq(leads.id, ref) : eq(leads.uuid, ref)
}

async function callProcessOf(db: Db, mission: MissionRow): Promise<Lead['market']['mission']['callProcess']> {
  if (mission.callProcessId === null) return null
  const [process] = await db.select().from(callProcesses).where(eq(callProcesses.id, mission.callProcessId))
  if (!process) return null
  const steps = await db
    .select()
    .from(callProcessSteps)
    .where(eq(callProcessSteps.callProcessId, process.id))
    .orderBy(asc(callProcessSteps.number))
  const outcomes = steps.length
    ? await selectOutcomes(db)
        .where(
          inArray(
            callProcessTags.stepId,
            steps.map((s) => s.id),
          ),
        )
        .orderBy(...outcomeOrder)
    : []
  // An outcome that asks the agent for a call-back date and has no delay of its own proposes the
  // centre's default delay (configuration `defaultRecallDelayMinutes`, docs/domain.md "Configuration").
  const defaultRecall = outcomes.some(
    (outcome) => outcome.asksRecallDate && outcome.recallDelayMinutes === null,
  )
    ? await readSetting(db, 'defaultRecallDelayMinutes')
    : null
  return {
    id: process.id,
    name: process.name,
    callProcessSteps: steps.map((step) => ({
      id: step.id,
      number: step.number,
      title: step.title,
      script: step.script,
      callProcessTags: outcomes
        .filter((outcome) => outcome.stepId === step.id)
        .map((outcome) =>
          outcomePayload(
            outcome.asksRecallDate && outcome.recallDelayMinutes === null
              ? { ...outcome, recallDelayMinutes: defaultRecall }
              : outcome,
          ),
        ),
    })),
  }
}

/** The lead sheet; `sessionIdleMs` (the app's config) decides whose session still counts as a viewer. */
export async function loadLead(
  db: Db,
  ref: string | number,
  options: LivenessOptions & { readerId?: number } = {},
): Promise<Lead> {
  const now = options.now ?? new Date()
  const [row] = await db
    .select({ lead: leads, market: markets, mission: missions, user: users })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .innerJoin(missions, eq(missions.id, markets.missionId))
    .leftJoin(users, eq(users.id, leads.processingUserId))
    .where(whereRef(ref))
  if (!row) throw errors.notFound(messages.leadNotFound)
  const [callProcess, viewers, myCallId, calling] = await Promise.all([
    callProcessOf(db, row.mission),
    leadViewers(db, row.lead.id, { ...options, now }),
    // The reader's call still needing its outcome, the one tagging picks (outcome-call.ts).
    options.readerId === undefined ? null : callAwaitingOutcome(db, options.readerId, row.lead.id),
    callingVerdict(db, row.mission, row.lead, now),
  ])
  const expiration = expirationOf(row.lead.meetRequestDate, row.mission.leadProcessingDurationDays)
  const numbers = callProcess?.callProcessSteps.map((s) => s.number) ?? []
  return {
    ...leadFields(row.lead),
    market: {
      id: row.market.id,
      name: row.market.name,
      mission: {
        id: row.mission.id,
        name: row.mission.name,
        color: row.mission.color,
        bannerUrl: row.mission.bannerUrl,
        leadProcessingDurationDays: row.mission.leadProcessingDurationDays,
        autoCallDelaySeconds: row.mission.autoCallDelaySeconds,
        callProcess,
      },
    },
    processingUser: row.user
      ? { id: row.user.id, firstName: row.user.firstName, lastName: row.user.lastName }
      : null,
    expirationDate: expiration.toISOString(),
    isExpired: expiration.getTime() <= now.getTime(),
    // Spec §4: the highest step number, or 0 when there are none.
    maxStep: numbers.length ? Math.max(...numbers) : 0,
    updatedAt: row.lead.updatedAt.toISOString(),
    viewers,
    myCallId,
    // The teleoperator's tagging rule, for every reader: the processing user, or a reader with their
    // own call on a lead nobody holds (managers may tag more, but not from a sheet someone else holds).
    canRecordOutcome:
      options.readerId !== undefined &&
      worksOnLead(options.readerId, row.lead, { takesFreeLead: myCallId !== null }),
    calling: {
      refusal: calling.refusal,
      // Null when it may be called now: the sheet says nothing then.
      nextCallAt: calling.refusal && calling.nextCallAt ? calling.nextCallAt.toISOString() : null,
    },
  }
}

function leadFields(lead: LeadRow) {
  return {
    id: lead.id,
    uuid: lead.uuid,
    firstName: lead.firstName,
    lastName: lead.lastName,
    phone: lead.phone,
    secondaryPhone: lead.secondaryPhone,
    email: lead.email,
    address: lead.address,
    postalCode: lead.postalCode,
    city: lead.city,
    step: lead.step,
    integrationMonth: lead.integrationMonth,
    meetRequestDate: lead.meetRequestDate.toISOString(),
    status: lead.status,
    substatus: lead.substatus,
    comment: lead.comment,
    metadata: lead.metadata,
    recallAt: lead.recallAt?.toISOString() ?? null,
    processingSince: lead.processingSince?.toISOString() ?? null,
  }
}
