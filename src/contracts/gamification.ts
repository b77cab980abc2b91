// Gamification (issue #14, spec §3 "experiencePoints, badges, gamification.tentacalls"): the levels
// both sides compute from experience points, and the shapes of GET /api/gamification/{userId} and
// GET /api/user/me/day (docs/domain.md "Gamification").
import { z } from 'zod'
import { idSchema } from './common.ts'

/**
 * Experience needed to reach each level: level n starts at LEVEL_THRESHOLDS[n - 1]. Beyond the last
 * one, each level takes LEVEL_STEP_BEYOND more points.
 */
export const LEVEL_THRESHOLDS = [0, 100, 250, 500, 1_000, 2_000, 3_500, 5_500, 8_000, 12_000] as const
export const LEVEL_STEP_BEYOND = 5_000

export type Level = {
  level: number
  /** Experience at which the current level started. */
  levelXp: number
  /** Experience at which the next level starts. */
  nextLevelXp: number
  /** 0 to 1: how far from the current level's start to the next one. */
  progress: number
}

function threshold(level: number): number {
  const last = LEVEL_THRESHOLDS.length
  if (level <= last) return LEVEL_THRESHOLDS[level - 1]!
  return LEVEL_THRESHOLDS[last - 1]! + (level - last) * LEVEL_STEP_BEYOND
}

/** The level of a total (negative totals count as 0) and the progress towards the next one. */
export function levelOf(experiencePoints: number): Level {
  const xp = Math.max(0, Math.floor(experiencePoints))
  let level = 1
  while (threshold(level + 1) <= xp) level += 1
  const levelXp = threshold(level)
  const nextLevelXp = threshold(level + 1)
  return { level, levelXp, nextLevelXp, progress: (xp - levelXp) / (nextLevelXp - levelXp) }
}

export const levelSchema = z.object({
  level: z.number().int().min(1),
  levelXp: z.number().int().min(0),
  nextLevelXp: z.number().int().min(1),
  progress: z.number().min(0).max(1),
})

const catalogueEntry = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
}

export const badgeStateSchema = z.object({
  ...catalogueEntry,
  /** Null while locked: `description` says what earns it. */
  earnedAt: z.string().nullable(),
})

export const tentacallStateSchema = z.object({
  ...catalogueEntry,
  /** The series as it stands now (0 once it broke). */
  current: z.number().int().min(0),
  record: z.number().int().min(0),
  /** The counts at which the tentacall is awarded (the first few; docs/domain.md). */
  milestones: z.array(z.number().int().min(1)),
  /** The next count that awards it, above `current`. */
  nextMilestone: z.number().int().min(1),
  /** How many times it was awarded. */
  awarded: z.number().int().min(0),
})

export const gamificationParamsSchema = z.object({ userId: idSchema })

export const gamificationSchema = z.object({
  userId: z.number().int(),
  experiencePoints: z.number().int().min(0),
  level: levelSchema,
  badges: z.array(badgeStateSchema),
  tentacalls: z.array(tentacallStateSchema),
})

/** "Ma journée" on the home page of a call-capable user: today (Europe/Paris) so far. */
export const myDaySchema = z.object({
  /** The Paris day, YYYY-MM-DD. */
  day: z.string(),
  callsMade: z.number().int().min(0),
  callsReceived: z.number().int().min(0),
  answered: z.number().int().min(0),
  talkSeconds: z.number().int().min(0),
  appointments: z.number().int().min(0),
  experiencePointsToday: z.number().int(),
  experiencePoints: z.number().int().min(0),
  level: levelSchema,
  tentacalls: z.array(
    tentacallStateSchema.pick({ id: true, name: true, icon: true, current: true, record: true }),
  ),
  /** Leads of the user (held, or last tagged by them and free) whose call-back time has come. */
  recallsDue: z.number().int().min(0),
})

export type BadgeState = z.infer<typeof badgeStateSchema>
export type TentacallState = z.infer<typeof tentacallStateSchema>
export type Gamification = z.infer<typeof gamificationSchema>
export type MyDay = z.infer<typeof myDaySchema>
