// @both-databases: the seed's transaction and its PostgreSQL database of its own.
import { asc, eq, lte } from 'drizzle-orm'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { openTestDatabase } from '../../tests/setup/test-app.ts'
import { verifyPassword } from '../lib/passwords.ts'
import type { Database } from './client.ts'
import { civilDateOf, slotsOfDay } from '../domain/appointments/slots.ts'
import {
  appointments,
  callProcessSteps,
  callProcessTags,
  leads,
  markets,
  missions,
  missionTeams,
  teams,
  users,
} from './schema.ts'
import { DEMO_PASSWORD, seedDemoData } from './seed.ts'

// In-memory PGlite, or a PostgreSQL database of its own when TEST_DATABASE_URL is set.
const drops: (() => Promise<void>)[] = []

async function freshDatabase(): Promise<Database> {
  const { database, drop } = await openTestDatabase()
  drops.push(drop)
  return database
}

const silent = { info: () => {} }

describe('seedDemoData', () => {
  let db: Database['db']
  let other: Database['db']
  const logged: object[] = []
  let firstRun: boolean
  let secondRun: boolean
  let racingRuns: boolean[]

  // Seeding takes seconds (2,400 leads, 11 scrypt hashes): do it once per database, here.
  beforeAll(async () => {
    const [first, second] = await Promise.all([freshDatabase(), freshDatabase()])
    db = first.db
    other = second.db
    firstRun = await seedDemoData(db, { info: (obj) => logged.push(obj) })
    secondRun = await seedDemoData(db, { info: (obj) => logged.push(obj) })
    racingRuns = await Promise.all([seedDemoData(other, silent), seedDemoData(other, silent)])
  })

  afterAll(async () => {
    await Promise.all(drops.map((drop) => drop()))
  })

  it('seeds an empty database once, and logs the counts', () => {
    expect(firstRun).toBe(true)
    expect(secondRun).toBe(false)
    expect(logged).toEqual([expect.objectContaining({ users: 11, leads: 2400 })])
  })

  it('creates the demo accounts of the issue, with the demo password', async () => {
    const rows = await db.select().from(users).orderBy(asc(users.id))
    const teleoperators = Array.from({ length: 8 }, (_, i) => [
      `teleop${i + 1}@demo.fr`,
      'TELEOPERATOR',
      'ACTIVE',
    ])
    expect(rows.map((user) => [user.email, user.role, user.status])).toEqual([
      ['admin@demo.fr', 'ADMIN', 'ACTIVE'],
      ['manager@demo.fr', 'MANAGER', 'ACTIVE'],
      ...teleoperators,
      ['inactif@demo.fr', 'TELEOPERATOR', 'INACTIVE'],
    ])
    expect(rows.every((user) => user.firstName.length > 1 && user.lastName.length > 1)).toBe(true)
    const byEmail = new Map(rows.map((user) => [user.email, user]))
    expect(byEmail.get('teleop8@demo.fr')?.aircallId).toBeNull()
    const linked = rows.filter((user) => user.aircallId !== null)
    expect(new Set(linked.map((user) => user.aircallId)).size).toBe(linked.length)
    const admin = byEmail.get('admin@demo.fr')
    expect(admin && (await verifyPassword(DEMO_PASSWORD, admin.passwordHash))).toBe(true)
    expect(admin && (await verifyPassword('wrong', admin.passwordHash))).toBe(false)
  })

  it('creates 2 teams and 3 missions, each with 2 markets and a call process of 3 to 5 steps', async () => {
    expect(await db.select().from(teams)).toHaveLength(2)
    const missionRows = await db.select().from(missions)
    expect(missionRows).toHaveLength(3)
    for (const mission of missionRows) {
      expect(mission.color).toMatch(/^#[0-9A-F]{6}$/i)
      expect(mission.bannerUrl).toMatch(/^\/banners\/[a-z-]+\.svg$/)
      expect(await db.select().from(markets).where(eq(markets.missionId, mission.id))).toHaveLength(2)
      expect(mission.callProcessId).not.toBeNull()
      const steps = await db
        .select()
        .from(callProcessSteps)
        .where(eq(callProcessSteps.callProcessId, mission.callProcessId ?? -1))
        .orderBy(asc(callProcessSteps.number))
      expect(steps.length).toBeGreaterThanOrEqual(3)
      expect(steps.length).toBeLessThanOrEqual(5)
      expect(steps.map((step) => step.number)).toEqual(steps.map((_, i) => i + 1))
      for (const step of steps) {
        const tags = await db.select().from(callProcessTags).where(eq(callProcessTags.stepId, step.id))
        expect(tags.length).toBeGreaterThanOrEqual(2)
      }
    }
    expect(missionRows.map((mission) => mission.leadProcessingDurationDays)).toContain(60)
  })

  it('opens each mission to the teams of its users, so the demo manager sees all three (issue #26)', async () => {
    const opened = await db
      .select({ mission: missions.name, team: teams.name })
      .from(missionTeams)
      .innerJoin(missions, eq(missions.id, missionTeams.missionId))
      .innerJoin(teams, eq(teams.id, missionTeams.teamId))
      .orderBy(asc(missions.name), asc(teams.name))
    expect(opened).toEqual([
      { mission: 'Assurance habitation', team: 'Équipe Nantes' },
      { mission: 'Panneaux solaires', team: 'Équipe Lyon' },
      { mission: 'Panneaux solaires', team: 'Équipe Nantes' },
      { mission: 'Rénovation énergétique', team: 'Équipe Lyon' },
    ])
  })

  it('creates at least 2,000 leads with valid French phones, spread over statuses and months', async () => {
    const rows = await db
      .select({
        phone: leads.phone,
        secondaryPhone: leads.secondaryPhone,
        status: leads.status,
        month: leads.integrationMonth,
      })
      .from(leads)
    expect(rows.length).toBeGreaterThanOrEqual(2000)
    const frenchPhone = /^\+33[1-79]\d{8}$/
    for (const row of rows) {
      expect(row.phone).toMatch(frenchPhone)
      if (row.secondaryPhone !== null) expect(row.secondaryPhone).toMatch(frenchPhone)
    }
    expect(new Set(rows.map((row) => row.status)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(rows.map((row) => row.month)).size).toBeGreaterThanOrEqual(6)
  })

  it('puts the seeded appointments in their missions’ agendas, on the slot grid, one per slot', async () => {
    const booked = await db
      .select({ metadata: leads.metadata, appointment: appointments })
      .from(leads)
      .innerJoin(appointments, eq(appointments.leadId, leads.id))
    const withMetadata = (await db.select({ metadata: leads.metadata }).from(leads)).filter(
      (row) => row.metadata.appointment !== undefined,
    )
    expect(booked.length).toBeGreaterThan(100)
    expect(booked).toHaveLength(withMetadata.length)
    for (const { metadata, appointment } of booked) {
      expect(metadata.appointment).toEqual({
        startsAt: appointment.startsAt.toISOString(),
        endsAt: appointment.endsAt.toISOString(),
      })
      const grid = slotsOfDay(civilDateOf(appointment.startsAt)).map((slot) => slot.startsAt.getTime())
      expect(grid).toContain(appointment.startsAt.getTime())
    }
    const slots = booked.map(
      ({ appointment }) => `${appointment.missionId} ${appointment.startsAt.toISOString()}`,
    )
    expect(new Set(slots).size).toBe(slots.length)
  })

  it('gives the same leads on another fresh database, even when two seeds race', async () => {
    expect([...racingRuns].sort()).toEqual([false, true])
    expect(await other.select({ id: users.id }).from(users)).toHaveLength(11)
    const sample = (target: Database['db']) =>
      target
        .select({ uuid: leads.uuid, lastName: leads.lastName, phone: leads.phone })
        .from(leads)
        .where(lte(leads.id, 50))
        .orderBy(asc(leads.id))
    const expected = await sample(db)
    expect(expected).toHaveLength(50)
    expect(await sample(other)).toEqual(expected)
  })
})
