// Demo data on first start (issue 2, "Demo data"): accounts, teams, missions with markets and call
// processes, and 2,400 leads. Runs only on an empty database, in one transaction, so a crash midway
// leaves the database empty and the next start seeds again. Never called in production (config.ts).
import { ALWAYS_OPEN_HOURS } from '../../src/contracts/calling-rules.ts'
import { eq, sql } from 'drizzle-orm'
import { DEFAULT_LEAD_PROCESSING_DURATION_DAYS } from '../../src/contracts/lead.ts'
import type { Role, UserStatus } from '../../src/contracts/roles.ts'
import { hashPassword } from '../lib/passwords.ts'
import type { Db } from './client.ts'
import {
  callProcessSteps,
  callProcesses,
  callProcessTags,
  configuration,
  leads,
  markets,
  missions,
  missionTeams,
  missionUsers,
  tags,
  teamMembers,
  teams,
  users,
} from './schema.ts'
import { CALL_PROCESSES, type CallProcessSeed, type TagSeed } from './seed-call-processes.ts'
import { DEMO_USERS, MISSIONS, TEAMS } from './seed-data.ts'
import { buildLeads, type LeadMarket } from './seed-leads.ts'

export const DEMO_PASSWORD = 'Demo1234!'

export const DEMO_ACCOUNTS: { email: string; role: Role; status: UserStatus }[] = DEMO_USERS.map(
  ({ email, role, status }) => ({ email, role, status }),
)

const LEAD_COUNT = 2400
const LEAD_BATCH_SIZE = 400
/** Distinct from the migration lock (727274) in client.ts. */
const SEED_LOCK_ID = 727275

type Log = { info: (obj: object, msg?: string) => void }
type UserIds = ReadonlyMap<string, number>

export async function seedDemoData(db: Db, log: Log): Promise<boolean> {
  // Cheap check first, so a normal restart does not pay for hashing passwords.
  if (!(await isEmpty(db))) return false
  const started = performance.now()
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)))
  const counts = await db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL: the second waits here, then finds the data.
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_ID))})`)
    if (!(await isEmpty(tx))) return null
    const userIds = await insertUsers(tx, hashes)
    const defaultDuration = await insertConfiguration(tx)
    const teamIds = await insertTeams(tx, userIds)
    const seeded = await insertMissions(tx, { userIds, teamIds }, defaultDuration)
    const leadCount = await insertDemoLeads(tx, seeded.markets)
    return { users: userIds.size, teams: TEAMS.length, ...seeded.counts, leads: leadCount }
  })
  if (!counts) return false
  // Fresh statistics, so the first queries plan on thousands of leads, not on an empty table
  // (autovacuum would get there, a minute later).
  await db.execute(sql`analyze`)
  log.info({ ...counts, durationMs: Math.round(performance.now() - started) }, 'Demo data seeded')
  return true
}

/**
 * The demo's leads and their appointments in the given markets; also the reset of /dev/uat-settings
 * (issue #15), which puts back the very same leads (the generator is seeded).
 */
export async function insertDemoLeads(db: Db, leadMarkets: readonly LeadMarket[]): Promise<number> {
  const rows = buildLeads(leadMarkets, LEAD_COUNT)
  for (let start = 0; start < rows.length; start += LEAD_BATCH_SIZE) {
    await db.insert(leads).values(rows.slice(start, start + LEAD_BATCH_SIZE))
  }
  await insertAppointments(db)
  return rows.length
}

async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1)
  return rows.length === 0
}

async function insertUsers(db: Db, hashes: readonly string[]): Promise<UserIds> {
  const rows = await db
    .insert(users)
    .values(
      DEMO_USERS.map((user, i) => ({ ...user, passwordHash: hashes[i] ?? '', passwordChosenAt: new Date() })),
    )
    .returning({ id: users.id, email: users.email })
  return new Map(rows.map((row) => [row.email, row.id]))
}

/** Spec §9: the processing duration starts at its default; missions without their own value use it. */
async function insertConfiguration(db: Db): Promise<number> {
  const key = 'leadProcessingDurationDays'
  await db
    .insert(configuration)
    .values({ key, value: DEFAULT_LEAD_PROCESSING_DURATION_DAYS })
    .onConflictDoNothing()
  const [row] = await db.select().from(configuration).where(eq(configuration.key, key))
  return typeof row?.value === 'number' ? row.value : DEFAULT_LEAD_PROCESSING_DURATION_DAYS
}

function idsOf(userIds: UserIds, emails: readonly string[]): number[] {
  return emails.map((email) => {
    const id = userIds.get(email)
    if (id === undefined) throw new Error(`Seed data names an unknown user: ${email}`)
    return id
  })
}

async function insertTeams(db: Db, userIds: UserIds): Promise<Map<string, number>> {
  const teamIds = new Map<string, number>()
  for (const team of TEAMS) {
    const [row] = await db.insert(teams).values({ name: team.name }).returning({ id: teams.id })
    if (!row) throw new Error('Team insert returned nothing')
    teamIds.set(team.name, row.id)
    await db.insert(teamMembers).values(
      idsOf(userIds, team.members).map((userId) => ({
        teamId: row.id,
        userId,
        // The demo manager manages both teams (docs/domain.md "Demo data").
        isManager: userId === userIds.get('manager@demo.fr'),
      })),
    )
  }
  return teamIds
}

function teamIdsOf(teamIds: ReadonlyMap<string, number>, names: readonly string[]): number[] {
  return names.map((name) => {
    const id = teamIds.get(name)
    if (id === undefined) throw new Error(`Seed data names an unknown team: ${name}`)
    return id
  })
}

async function insertMissions(
  db: Db,
  { userIds, teamIds }: { userIds: UserIds; teamIds: ReadonlyMap<string, number> },
  defaultDuration: number,
) {
  const leadMarkets: LeadMarket[] = []
  const counts = { missions: 0, markets: 0, steps: 0, tags: 0 }
  const tagIds: TagIds = new Map()
  for (const mission of MISSIONS) {
    const process = CALL_PROCESSES[mission.callProcess]
    if (!process) throw new Error(`Mission ${mission.name} names an unknown call process`)
    const callProcessId = await insertCallProcess(db, process, tagIds)
    const [row] = await db
      .insert(missions)
      .values({
        name: mission.name,
        color: mission.color,
        bannerUrl: `/banners/${mission.slug}.svg`,
        leadProcessingDurationDays: mission.leadProcessingDurationDays ?? defaultDuration,
        callProcessId,
        // docs/domain.md "Demo data": the demo's leads asked to be called (consent), at any hour.
        callingRule: 'CONSENT',
        callingHours: ALWAYS_OPEN_HOURS,
      })
      .returning({ id: missions.id })
    if (!row) throw new Error('Mission insert returned nothing')
    const marketRows = await db
      .insert(markets)
      .values(mission.markets.map((market) => ({ missionId: row.id, name: market.name })))
      .returning({ id: markets.id })
    marketRows.forEach((market, i) => {
      const region = mission.markets[i]?.region
      if (region)
        leadMarkets.push({ id: market.id, missionId: row.id, region, stepCount: process.steps.length })
    })
    await db
      .insert(missionUsers)
      .values(idsOf(userIds, mission.users).map((userId) => ({ missionId: row.id, userId })))
    // Issue #26: the teams the mission is opened to, whose manager sees and assigns it.
    await db
      .insert(missionTeams)
      .values(teamIdsOf(teamIds, mission.teams).map((teamId) => ({ missionId: row.id, teamId })))
    counts.missions += 1
    counts.markets += marketRows.length
    counts.steps += process.steps.length
    counts.tags += process.steps.reduce((sum, step) => sum + step.tags.length, 0)
  }
  return { markets: leadMarkets, counts }
}

/**
 * The seeded appointments (leads.metadata.appointment) in their missions' agendas: the same rows the
 * backfill of migration 0003 writes for data that predates the agendas (docs/domain.md "Appointments").
 */
async function insertAppointments(db: Db): Promise<void> {
  await db.execute(sql`
    insert into appointments (lead_id, mission_id, starts_at, ends_at, created_at)
    select l.id, m.mission_id, (l.metadata->'appointment'->>'startsAt')::timestamptz,
      (l.metadata->'appointment'->>'endsAt')::timestamptz, l.updated_at
    from leads l join markets m on m.id = l.market_id
    where l.metadata->'appointment' is not null
    order by l.id`)
}

/** The demo tags' colours, by the status they give (readable on white, like the missions'). */
const TAG_COLORS: Record<TagSeed['status'], string> = {
  NEW: '#5b6470',
  IN_PROGRESS: '#1d6fb8',
  RECALL: '#a15c00',
  APPOINTMENT: '#1b7a3d',
  NOT_INTERESTED: '#a3282d',
  UNREACHABLE: '#6b4fa0',
  WRONG_NUMBER: '#5b6470',
}

/** The catalogue tags already created by the seed, by label: processes share their tags (issue #12). */
type TagIds = Map<string, number>

async function tagIdOf(db: Db, tagIds: TagIds, seed: TagSeed): Promise<number> {
  const known = tagIds.get(seed.label)
  if (known !== undefined) return known
  const { nextStep: _nextStep, ...effects } = seed
  const [row] = await db
    .insert(tags)
    .values({ ...effects, color: TAG_COLORS[seed.status] })
    .returning({ id: tags.id })
  if (!row) throw new Error('Tag insert returned nothing')
  tagIds.set(seed.label, row.id)
  return row.id
}

async function insertCallProcess(db: Db, process: CallProcessSeed, tagIds: TagIds): Promise<number> {
  const [row] = await db
    .insert(callProcesses)
    .values({ name: process.name })
    .returning({ id: callProcesses.id })
  if (!row) throw new Error('Call process insert returned nothing')
  const steps = await db
    .insert(callProcessSteps)
    .values(
      process.steps.map((step, i) => ({
        callProcessId: row.id,
        number: i + 1,
        title: step.title,
        script: step.script,
      })),
    )
    .returning({ id: callProcessSteps.id, number: callProcessSteps.number })
  const outcomes = []
  for (const step of steps) {
    const seeds = process.steps[step.number - 1]?.tags ?? []
    for (const [position, seed] of seeds.entries())
      outcomes.push({
        stepId: step.id,
        tagId: await tagIdOf(db, tagIds, seed),
        nextStep: seed.nextStep,
        position,
      })
  }
  await db.insert(callProcessTags).values(outcomes)
  return row.id
}
