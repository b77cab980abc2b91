// Mission, call process, market and lead fixtures for the lead-processing tests.
import { ALWAYS_OPEN_HOURS, type MissionCallingFields } from '../../src/contracts/calling-rules.ts'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import {
  callProcessSteps,
  callProcessTags,
  callProcesses,
  calls,
  leads,
  markets,
  missionTeams,
  missionUsers,
  missions,
  tags as tagCatalogue,
  users,
} from '../../server/db/schema.ts'
import { outcomeOrder, selectOutcomes } from '../../server/domain/tags/outcomes.ts'
import { earlierToday } from './paris-today.ts'

type TagEffects = Omit<
  typeof tagCatalogue.$inferInsert,
  'id' | 'version' | 'retiredAt' | 'createdAt' | 'updatedAt'
>
/**
 * An outcome of step 1 (`stepIndex` 0; 1 for step 2): its catalogue tag's label and effects, and where
 * it sends the lead.
 */
type TagFixture = Partial<TagEffects> & { nextStep?: number | null; stepIndex?: number }
type OutcomeFixture = TagEffects & { stepIndex: number; nextStep?: number | null }

const EFFECT_KEYS = [
  'status',
  'substatus',
  'recallDelayMinutes',
  'endsProcessing',
  'requiresAppointment',
  'asksRecallDate',
  'withoutCall',
  'experiencePoints',
] as const

/**
 * The catalogue tag with this label (labels are unique among unretired tags), created when missing;
 * a fixture asking the same label with other effects is a test mistake, said loudly.
 */
export async function catalogueTag(db: Db, effects: TagEffects) {
  const [found] = await db
    .select()
    .from(tagCatalogue)
    .where(and(eq(tagCatalogue.label, effects.label), isNull(tagCatalogue.retiredAt)))
  const wanted = {
    substatus: null,
    recallDelayMinutes: null,
    endsProcessing: true,
    requiresAppointment: false,
    asksRecallDate: false,
    withoutCall: false,
    experiencePoints: 0,
    ...effects,
  }
  if (found) {
    const differs = EFFECT_KEYS.filter((key) => found[key] !== wanted[key])
    if (differs.length)
      throw new Error(`Fixture tag "${effects.label}" exists with other effects (${differs.join(', ')})`)
    return found
  }
  const [row] = await db.insert(tagCatalogue).values(wanted).returning()
  return row!
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Missions and call processes have unique names (issue #12): fixtures number theirs. */
let fixtureSeq = 0

/** A mission with a 2-step call process (one "advance" and one "recall" tag per step) and one market. */
export async function insertMission(
  db: Db,
  options: {
    name?: string
    durationDays?: number
    userIds?: number[]
    /** The teams the mission is opened to (mission_teams, issue #26): their managers see its leads. */
    teamIds?: number[]
    tags?: TagFixture[]
    /** The mission's calling rules (issue #12); by default callable at any hour. */
    calling?: Partial<MissionCallingFields>
  } = {},
) {
  fixtureSeq += 1
  const [process] = await db
    .insert(callProcesses)
    .values({ name: `Process ${fixtureSeq}` })
    .returning()
  const steps = await db
    .insert(callProcessSteps)
    .values(
      [1, 2].map((number) => ({
        callProcessId: process!.id,
        number,
        title: `Étape ${number}`,
        script: 'Bonjour',
      })),
    )
    .returning()
  const fixtures: OutcomeFixture[] = [
    {
      stepIndex: 0,
      label: 'Suite',
      nextStep: 2,
      status: 'IN_PROGRESS',
      endsProcessing: false,
      experiencePoints: 10,
    },
    {
      stepIndex: 0,
      label: 'Rappeler',
      status: 'RECALL',
      substatus: 'CALLBACK_REQUESTED',
      recallDelayMinutes: 120,
      experiencePoints: 5,
    },
    {
      stepIndex: 1,
      label: 'RDV pris',
      status: 'APPOINTMENT',
      requiresAppointment: true,
      experiencePoints: 50,
    },
    ...(options.tags ?? []).map((tag) => ({ stepIndex: 0, label: 'Autre', status: 'NEW' as const, ...tag })),
  ]
  const links = []
  for (const [position, { stepIndex, nextStep, ...effects }] of fixtures.entries()) {
    const tag = await catalogueTag(db, effects)
    links.push({ stepId: steps[stepIndex]!.id, tagId: tag.id, nextStep: nextStep ?? null, position })
  }
  const inserted = await db.insert(callProcessTags).values(links).returning({ id: callProcessTags.id })
  const byId = new Map(
    (await selectOutcomes(db).orderBy(...outcomeOrder)).map((outcome) => [outcome.id, outcome]),
  )
  // The outcomes as agents see them (the link joined with its tag), in the fixtures' order.
  const tags = inserted.map(({ id }) => byId.get(id)!)
  const [mission] = await db
    .insert(missions)
    .values({
      name: options.name ?? (fixtureSeq === 1 ? 'Mission' : `Mission ${fixtureSeq}`),
      color: '#123456',
      bannerUrl: '/banners/a.webp',
      leadProcessingDurationDays: options.durationDays ?? 60,
      callProcessId: process!.id,
      // Callable whenever the tests run, unless a test asks for other rules.
      callingRule: 'CONSENT',
      callingHours: ALWAYS_OPEN_HOURS,
      ...options.calling,
    })
    .returning()
  const [market] = await db.insert(markets).values({ missionId: mission!.id, name: 'Marché' }).returning()
  if (options.userIds?.length)
    await db
      .insert(missionUsers)
      .values(options.userIds.map((userId) => ({ missionId: mission!.id, userId })))
  if (options.teamIds?.length)
    await db
      .insert(missionTeams)
      .values(options.teamIds.map((teamId) => ({ missionId: mission!.id, teamId })))
  return { mission: mission!, market: market!, steps, tags }
}

let counter = 0

export async function insertLead(db: Db, marketId: number, fixture: Partial<typeof leads.$inferInsert> = {}) {
  counter += 1
  const [row] = await db
    .insert(leads)
    .values({
      firstName: 'Jeanne',
      lastName: `Durand${counter}`,
      phone: `+3361234${String(counter % 10000).padStart(4, '0')}`,
      marketId,
      integrationMonth: '2026-01-01',
      meetRequestDate: new Date(Date.now() - 10 * DAY_MS),
      ...fixture,
    })
    .returning()
  return row!
}

/** Many leads in one statement (concurrency tests), meetRequestDate spread one minute apart. */
export async function insertLeads(db: Db, marketId: number, count: number) {
  const now = Date.now()
  return db
    .insert(leads)
    .values(
      Array.from({ length: count }, (_, i) => ({
        firstName: 'Lead',
        lastName: `N${i}`,
        phone: `+3371${String(i).padStart(7, '0')}`,
        marketId,
        integrationMonth: '2026-01-01',
        meetRequestDate: new Date(now - DAY_MS - i * 60_000),
      })),
    )
    .returning({ id: leads.id })
}

let callCounter = 0

export async function insertCall(db: Db, fixture: Partial<typeof calls.$inferInsert> & { userId: number }) {
  callCounter += 1
  const startedAt = fixture.startedAt ?? new Date(Date.now() - 60_000)
  const [row] = await db
    .insert(calls)
    .values({
      provider: 'simulator',
      providerCallId: `test-${callCounter}-${Date.now()}`,
      direction: 'outbound',
      status: 'ongoing',
      phoneNumber: '+33612345678',
      startedAt,
      sourceUpdatedAt: startedAt,
      ...fixture,
    })
    .returning()
  return row!
}

/**
 * A mission of the user, a lead they hold (their processing lead) and their ended, untagged call on
 * it; `tag(label)` is one of insertMission's tags ("Suite", "Rappeler", "RDV pris", then `tags`). The
 * call began a minute ago, never before today's Paris midnight: it is one of today's calls at any hour.
 */
export async function insertHeldLeadWithEndedCall(
  db: Db,
  userId: number,
  teamIds: number[] = [],
  tags: TagFixture[] = [],
) {
  const fixture = await insertMission(db, { userIds: [userId], teamIds, tags })
  const now = new Date()
  const lead = await insertLead(db, fixture.market.id, {
    processingUserId: userId,
    processingSince: now,
  })
  await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, userId))
  const call = await insertCall(db, {
    userId,
    leadId: lead.id,
    startedAt: earlierToday(60_000, now),
    endedAt: now,
    status: 'done',
  })
  const tag = (label: string) => fixture.tags.find((x) => x.label === label)!
  return { ...fixture, lead, call, tag }
}
