// The live leaderboard (issue #14 "The leaderboard", docs/domain.md "Leaderboard"): the shape of
// GET /api/leaderboard?period=&teamId=, read by signed-in users and by display links alike.
import { z } from 'zod'
import { idSchema } from './common.ts'

/** Europe/Paris periods: today, the week from Monday, the month from its first day (today included). */
export const LEADERBOARD_PERIODS = ['today', 'week', 'month'] as const
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number]

export const leaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default('today'),
  /** One team's agents only (ranked among themselves). */
  teamId: idSchema.optional(),
})
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

export const leaderboardBadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  earnedAt: z.string(),
})

export const leaderboardAgentSchema = z.object({
  userId: z.number().int(),
  /** 1 for the first; agents with the same experience and appointments share a rank. */
  rank: z.number().int().min(1),
  /** First name and the initial of the last name ("Camille M."): nothing more of the person. */
  name: z.string(),
  initials: z.string(),
  /** Null without an avatar, and always for a display link (its screen reads no other route). */
  avatarUrl: z.string().nullable(),
  experiencePoints: z.number().int(),
  appointments: z.number().int().min(0),
  /** From the agent's total experience (levelOf). */
  level: z.number().int().min(1),
  teamIds: z.array(z.number().int()),
  /** Badges earned today (Europe/Paris), newest first: every viewer sees them on the row. */
  badgesToday: z.array(leaderboardBadgeSchema),
})

export const leaderboardTeamSchema = z.object({ id: z.number().int(), name: z.string() })

export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  teamId: z.number().int().nullable(),
  /** The Paris days counted, first and last included. */
  from: daySchema,
  to: daySchema,
  /** Teams with at least one agent on the board, by name: the per-team views. */
  teams: z.array(leaderboardTeamSchema),
  agents: z.array(leaderboardAgentSchema),
})

export type LeaderboardBadge = z.infer<typeof leaderboardBadgeSchema>
export type LeaderboardAgent = z.infer<typeof leaderboardAgentSchema>
export type LeaderboardTeam = z.infer<typeof leaderboardTeamSchema>
export type Leaderboard = z.infer<typeof leaderboardSchema>
