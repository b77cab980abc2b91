// Demo leads (issue 2, "Demo data"): French names, valid French phone numbers in E.164, addresses in
// the market's region, spread over statuses and integration months. Pure: same input, same rows.
import type { LeadStatus, LeadSubstatus } from '../../src/contracts/lead.ts'
import {
  addDays,
  civilDateOf,
  slotStartMinutes,
  slotsOfDay,
  type Slot,
} from '../domain/appointments/slots.ts'
import type { leads } from './schema.ts'
import { CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, LEAD_COMMENTS, STREETS } from './seed-data.ts'
import type { City, RegionCode } from './seed-data.ts'
import { createRandom, type Random } from './seed-random.ts'

/** The first anchor, a Monday 08:00 UTC; later anchors are whole weeks after it. */
const FIRST_ANCHOR = Date.UTC(2026, 10, 2, 8)
const WEEK = 7 * 24 * 60 * 60_000
/** How far the clock is past the anchor at least: the demo always has due recalls and some expired leads. */
const ANCHOR_LAG = 2 * WEEK

/**
 * Every seeded date is relative to this instant: the Monday 08:00 UTC two to three weeks before the
 * seeding (never before the first anchor). Integration months are the 8 months before it, recalls fall
 * around it (some already due), appointments mostly just after it. Whole weeks keep every weekday and
 * working-hours slot where it was, so a seeding gives the same rows all week long (uuids, names,
 * statuses always), and the demo and the tests on it look the same whatever the date: a fixed anchor
 * expired every demo lead a few months on (issue #25).
 */
export function seedAnchor(now = Date.now()): Date {
  const weeks = Math.max(0, Math.floor((now - ANCHOR_LAG - FIRST_ANCHOR) / WEEK))
  return new Date(FIRST_ANCHOR + weeks * WEEK)
}

const LEAD_SEED = 20261102
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

export type LeadMarket = { id: number; missionId: number; region: RegionCode; stepCount: number }
export type LeadRow = typeof leads.$inferInsert

const STATUS_WEIGHTS: readonly (readonly [LeadStatus, number])[] = [
  ['NEW', 55],
  ['IN_PROGRESS', 12],
  ['RECALL', 10],
  ['APPOINTMENT', 8],
  ['NOT_INTERESTED', 8],
  ['UNREACHABLE', 4],
  ['WRONG_NUMBER', 3],
]
/**
 * Months back from the anchor (1 = the month before), weighted. A lead expires at meetRequestDate plus
 * the mission's processing duration (spec §3), so new leads are mostly recent, leads still being worked
 * (recall, appointment, in progress, unreachable) come from the last two months, closed ones from any.
 */
const MONTHS = {
  new: weights([45, 25, 10, 6, 5, 4, 3, 2]),
  open: weights([70, 30]),
  closed: weights([14, 14, 13, 13, 12, 12, 11, 11]),
}

function weights(values: readonly number[]): (readonly [number, number])[] {
  return values.map((weight, i) => [i + 1, weight] as const)
}

function monthsFor(status: LeadStatus): (readonly [number, number])[] {
  if (status === 'NEW') return MONTHS.new
  return status === 'NOT_INTERESTED' || status === 'WRONG_NUMBER' ? MONTHS.closed : MONTHS.open
}

export function buildLeads(
  markets: readonly LeadMarket[],
  count: number,
  anchor: Date = seedAnchor(),
): LeadRow[] {
  const random = createRandom(LEAD_SEED)
  const usedPhones = new Set<string>()
  const usedEmails = new Set<string>()
  const bookedSlots = new Set<string>()
  return Array.from({ length: count }, () => {
    const market = random.pick(markets)
    const city = random.pick(CITIES.filter((c) => c.region === market.region))
    const firstName = random.pick(FIRST_NAMES)
    const lastName = random.pick(LAST_NAMES)
    const status = random.weighted(STATUS_WEIGHTS)
    const month = monthStart(anchor, random.weighted(monthsFor(status)))
    const meetRequestDate = dateInMonth(random, month)
    const mobileFirst = random.chance(0.65)
    const phone = uniquePhone(random, city, usedPhones, mobileFirst)
    const secondaryPhone = random.chance(0.3) ? uniquePhone(random, city, usedPhones, !mobileFirst) : null
    return {
      uuid: random.uuid(),
      firstName,
      lastName,
      phone,
      secondaryPhone,
      email: random.chance(0.95) ? uniqueEmail(random, firstName, lastName, usedEmails) : null,
      address: `${random.int(1, 140)}${random.chance(0.05) ? ' bis' : ''} ${random.pick(STREETS)}`,
      postalCode: city.postalCode,
      city: city.name,
      marketId: market.id,
      integrationMonth: month.toISOString().slice(0, 10),
      meetRequestDate,
      comment: random.chance(0.1) ? random.pick(LEAD_COMMENTS) : null,
      processingUserId: null,
      createdAt: meetRequestDate,
      updatedAt: meetRequestDate,
      ...progress(random, { status, market, anchor, booked: bookedSlots }),
    }
  })
}

type Progress = Pick<LeadRow, 'status' | 'substatus' | 'step' | 'recallAt' | 'metadata'>

/** Where a worked lead stands, consistent with the outcomes of the demo call processes. */
type ProgressOf = { status: LeadStatus; market: LeadMarket; anchor: Date; booked: Set<string> }

function progress(random: Random, { status, market, anchor, booked }: ProgressOf): Progress {
  const lastStep = market.stepCount
  const plain = { status, substatus: null, step: 1, recallAt: null, metadata: {} }
  switch (status) {
    case 'NEW':
    case 'WRONG_NUMBER':
      return plain
    case 'IN_PROGRESS':
      return random.chance(0.15)
        ? { ...plain, step: lastStep, substatus: 'WAITING_FOR_FORCED_RDV' }
        : { ...plain, step: random.int(2, lastStep) }
    case 'RECALL':
      return {
        ...plain,
        step: random.int(1, lastStep),
        substatus: 'CALLBACK_REQUESTED',
        recallAt: slot(random, anchor, -3, 7),
      }
    case 'UNREACHABLE':
      return { ...plain, substatus: 'NO_ANSWER', recallAt: slot(random, anchor, -4, 2) }
    case 'NOT_INTERESTED': {
      // The "already equipped" and "too expensive" outcomes exist from step 2 on.
      const step = random.int(1, lastStep)
      const reasons = [null, 'ALREADY_EQUIPPED', 'TOO_EXPENSIVE'] as const
      return { ...plain, step, substatus: step === 1 ? null : random.pick<LeadSubstatus | null>(reasons) }
    }
    case 'APPOINTMENT': {
      const { startsAt, endsAt } = appointmentSlot(random, anchor, { missionId: market.missionId, booked })
      const appointment = { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }
      return { ...plain, step: lastStep, metadata: { appointment } }
    }
  }
}

function monthStart(anchor: Date, monthsBack: number): Date {
  return new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() - monthsBack, 1))
}

function dateInMonth(random: Random, month: Date): Date {
  const days = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate()
  const day = random.int(0, days - 1)
  return new Date(month.getTime() + day * DAY + random.int(6 * 60, 19 * 60) * MINUTE)
}

/** A working-hours slot (Paris) on a weekday, between `fromDay` and `toDay` days around the anchor. */
function slot(random: Random, anchor: Date, fromDay: number, toDay: number): Date {
  const anchorDay = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate())
  const date = new Date(anchorDay + random.int(fromDay, toDay) * DAY + random.int(32, 67) * 15 * MINUTE)
  const weekday = date.getUTCDay()
  if (weekday === 0 || weekday === 6) date.setUTCDate(date.getUTCDate() + (weekday === 6 ? 2 : 1))
  return date
}

/**
 * A free slot of the mission's agenda (docs/domain.md "Appointments"): on the working-hours grid, one
 * appointment per slot, so the seeded agendas obey the booking rules. It takes the same two draws as
 * `slot` did (day, then time), so every other seeded value is unchanged; a taken slot moves to the next.
 */
function appointmentSlot(
  random: Random,
  anchor: Date,
  { missionId, booked }: { missionId: number; booked: Set<string> },
): Slot {
  let date = addDays(civilDateOf(anchor), random.int(-7, 21))
  let index = random.int(32, 67) % slotStartMinutes().length
  for (;;) {
    for (const slot of slotsOfDay(date).slice(index)) {
      const key = `${missionId}:${slot.startsAt.toISOString()}`
      if (booked.has(key)) continue
      booked.add(key)
      return slot
    }
    date = addDays(date, 1)
    index = 0
  }
}

/**
 * French numbers in E.164 (+33, then 9 digits without the trunk 0), inside the ranges libphonenumber
 * accepts: mobiles 6[0-24-8]x and 7[3-9]x (063 and 069 are only partly mobile, so skipped); landlines
 * use the city's zone digit and a local block of that area.
 */
function uniquePhone(random: Random, city: City, used: Set<string>, mobile: boolean): string {
  for (;;) {
    const prefix = mobile
      ? random.chance(0.7)
        ? `6${random.pick(['0', '1', '2', '4', '5', '6', '7', '8'])}${random.digits(1)}`
        : `7${random.int(3, 9)}${random.digits(1)}`
      : city.landline
    const phone = `+33${prefix}${random.digits(6)}`
    if (!used.has(phone)) {
      used.add(phone)
      return phone
    }
  }
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
}

function uniqueEmail(random: Random, firstName: string, lastName: string, used: Set<string>): string {
  const first = slug(firstName)
  const last = slug(lastName)
  const local = random.pick([
    `${first}.${last}`,
    `${first}.${last}`,
    `${first}${last}`,
    `${first.charAt(0)}.${last}`,
  ])
  const domain = random.pick(EMAIL_DOMAINS)
  let email = `${local}@${domain}`
  while (used.has(email)) email = `${local}${random.int(1, 99)}@${domain}`
  used.add(email)
  return email
}
