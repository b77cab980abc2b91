// Issue #14, `/activity/gamification` for managers and administrators (docs/domain.md
// "Gamification"): whom they may choose (GET /api/gamification/scope) and one team's progress
// (GET /api/gamification/team/{teamId}). The per-agent view is GET /api/gamification/{userId}
// (./gamification.ts).
import { z } from 'zod'
import { idSchema } from './common.ts'
import { ROLES } from './roles.ts'
import { levelSchema, tentacallStateSchema } from './gamification.ts'

export const gamificationAgentSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  teamIds: z.array(z.number().int()),
})

/** The agents (active call-capable users) and the teams the reader may choose, by name. */
export const gamificationScopeSchema = z.object({
  agents: z.array(gamificationAgentSchema),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
})

export const teamGamificationParamsSchema = z.object({ teamId: idSchema })

export const teamMemberProgressSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  experiencePoints: z.number().int().min(0),
  level: levelSchema,
  badges: z.number().int().min(0),
  /** Every tentacall of the catalogue, with its count as it stands now. */
  tentacalls: z.array(tentacallStateSchema.pick({ id: true, name: true, icon: true, current: true })),
})

/** A team's members, most experience first. */
export const teamGamificationSchema = z.object({
  teamId: z.number().int(),
  name: z.string(),
  /** How many badges the catalogue has (a member's count is out of it). */
  badgeCount: z.number().int().min(0),
  members: z.array(teamMemberProgressSchema),
})

export type GamificationAgent = z.infer<typeof gamificationAgentSchema>
export type GamificationScope = z.infer<typeof gamificationScopeSchema>
export type TeamMemberProgress = z.infer<typeof teamMemberProgressSchema>
export type TeamGamification = z.infer<typeof teamGamificationSchema>
