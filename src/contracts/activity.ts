// Activity for managers (issue #14, docs/domain.md "Activity"): the shapes of GET /api/activity/overview
// (today on the floor, live) and GET /api/activity/stats (per agent over a period, compared with the
// previous one). Administrators read everyone; a manager the agents of the teams they manage.
import { z } from 'zod'
import { idSchema } from './common.ts'
import { MAX_PERIOD_DAYS, PERIOD_PRESETS, periodLength, type DayRange } from './activity-periods.ts'
import { parseIsoDate } from './paris-calendar.ts'

const count = z.number().int().min(0)

/** A Paris day, `YYYY-MM-DD`, that exists in the calendar. */
const isoDay = z
  .string()
  .refine((value) => parseIsoDate(value) !== null, { error: 'Date invalide (format AAAA-MM-JJ attendu).' })

export const activityCountsSchema = z.object({
  callsMade: count,
  callsReceived: count,
  answered: count,
  talkSeconds: count,
  tags: count,
  appointments: count,
  leadsProcessed: count,
  xp: z.number().int(),
})
export type ActivityCountsBody = z.infer<typeof activityCountsSchema>

/** The counts plus the outcomes by catalogue tag id (`{"12": 3}`). */
export const activityFiguresSchema = activityCountsSchema.extend({
  tagsByOutcome: z.record(z.string(), z.number().int()),
})
export type ActivityFigures = z.infer<typeof activityFiguresSchema>

const choiceSchema = z.object({ id: z.number().int(), name: z.string() })
export type ActivityChoice = z.infer<typeof choiceSchema>

const personSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
})

// ---------------------------------------------------------------------------------------------
// Overview

export const activityOverviewQuerySchema = z.object({ teamId: idSchema.optional() })
export type ActivityOverviewQuery = { teamId?: number }

export const AGENT_STATES = ['call', 'sheet', 'idle', 'signedOut'] as const
export type AgentState = (typeof AGENT_STATES)[number]

const leadRefSchema = z.object({ id: z.number().int(), uuid: z.string(), name: z.string() })
export type LeadRef = z.infer<typeof leadRefSchema>

export const agentNowSchema = personSchema.extend({
  avatar: z.string().nullable(),
  /** On a call, on a lead sheet, idle, signed out (docs/domain.md "Activity"). */
  state: z.enum(AGENT_STATES),
  /** Since when the state holds, when known (ISO instant). */
  since: z.string().nullable(),
  call: z
    .object({
      callId: z.number().int(),
      direction: z.enum(['inbound', 'outbound']),
      startedAt: z.string(),
      answeredAt: z.string().nullable(),
      lead: leadRefSchema.nullable(),
    })
    .nullable(),
  /** The lead sheet the agent has open. */
  lead: leadRefSchema.nullable(),
  today: activityCountsSchema,
})
export type AgentNow = z.infer<typeof agentNowSchema>

export const missionQueueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** Free leads the hand-out may give now (calling hours aside). */
  toHandOut: count,
  /** Free recalls whose time has come, of which those planned before today are overdue. */
  recallsDue: count,
  recallsOverdue: count,
  /** Open leads expiring within 7 days. */
  expiringSoon: count,
})
export type MissionQueue = z.infer<typeof missionQueueSchema>

export const activityOverviewSchema = z.object({
  /** Today, the Paris day. */
  day: z.string(),
  /** The server's clock, so durations on screen do not depend on the device's. */
  now: z.string(),
  teamId: z.number().int().nullable(),
  /** The teams the reader may filter by. */
  teams: z.array(choiceSchema),
  agents: z.array(agentNowSchema),
  /** Today's figures of those agents together. */
  today: activityCountsSchema,
  missions: z.array(missionQueueSchema),
})
export type ActivityOverview = z.infer<typeof activityOverviewSchema>

// ---------------------------------------------------------------------------------------------
// Statistics

const dayRangeSchema = z.object({ from: z.string(), to: z.string() })

export const activityStatsQuerySchema = z
  .object({
    period: z.enum(PERIOD_PRESETS).default('today'),
    from: isoDay.optional(),
    to: isoDay.optional(),
    teamId: idSchema.optional(),
    userId: idSchema.optional(),
  })
  .superRefine((query, context) => {
    if (query.period !== 'custom') return
    if (!query.from)
      context.addIssue({ code: 'custom', path: ['from'], message: 'Indiquez le premier jour de la période.' })
    if (!query.to)
      context.addIssue({ code: 'custom', path: ['to'], message: 'Indiquez le dernier jour de la période.' })
    if (!query.from || !query.to || !parseIsoDate(query.from) || !parseIsoDate(query.to)) return
    const range: DayRange = { from: query.from, to: query.to }
    if (range.from > range.to)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'Le dernier jour doit suivre le premier (ou être le même).',
      })
    else if (periodLength(range) > MAX_PERIOD_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `La période ne peut pas dépasser ${MAX_PERIOD_DAYS} jours.`,
      })
  })
export type ActivityStatsParams = z.output<typeof activityStatsQuerySchema>
/** What the client sends (defaults left out). */
export type ActivityStatsQuery = {
  period: (typeof PERIOD_PRESETS)[number]
  from?: string
  to?: string
  teamId?: number
  userId?: number
}

export const agentStatsSchema = personSchema.extend({
  current: activityFiguresSchema,
  previous: activityFiguresSchema,
})
export type AgentStats = z.infer<typeof agentStatsSchema>

export const activityStatsSchema = z.object({
  period: dayRangeSchema.extend({ preset: z.enum(PERIOD_PRESETS) }),
  previous: dayRangeSchema,
  /** Today, the Paris day. */
  day: z.string(),
  teamId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  teams: z.array(choiceSchema),
  /** The agents the reader may pick (of the team chosen, if any). */
  agents: z.array(choiceSchema),
  /** The catalogue tags named by the outcomes of either period. */
  tags: z.array(z.object({ id: z.number().int(), label: z.string(), color: z.string() })),
  rows: z.array(agentStatsSchema),
  totals: z.object({ current: activityFiguresSchema, previous: activityFiguresSchema }),
  /** The period's days, all of them, totals of the agents shown. */
  perDay: z.array(
    z.object({
      day: z.string(),
      callsMade: count,
      callsReceived: count,
      answered: count,
      appointments: count,
    }),
  ),
  /** A one-day period only: its calls by Paris hour (0–23), from the calls themselves. */
  perHour: z
    .array(
      z.object({
        hour: z.number().int().min(0).max(23),
        callsMade: count,
        callsReceived: count,
        answered: count,
      }),
    )
    .nullable(),
})
export type ActivityStats = z.infer<typeof activityStatsSchema>
