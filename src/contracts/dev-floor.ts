// Issue #15 "Developer pages": the simulated floor (POST/GET /api/dev/call-center-activity), the
// simulator settings and the UAT reset (POST /api/dev/uat/reset-calls-and-leads). Non-production only.
import { z } from 'zod'
import { idSchema } from './common.ts'

export const FLOOR_MAX_AGENTS = 100
export const FLOOR_SPEEDS = { min: 1, max: 20 } as const

const speedMessage = `La vitesse va de ×${FLOOR_SPEEDS.min} à ×${FLOOR_SPEEDS.max}.`

export const floorActionBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('start'),
    userIds: z
      .array(idSchema)
      .min(1, 'Choisissez au moins un téléopérateur virtuel.')
      .max(FLOOR_MAX_AGENTS, `Au plus ${FLOOR_MAX_AGENTS} téléopérateurs virtuels.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Un même utilisateur est choisi deux fois.'),
    speed: z
      .number()
      .int(speedMessage)
      .min(FLOOR_SPEEDS.min, speedMessage)
      .max(FLOOR_SPEEDS.max, speedMessage),
  }),
  z.object({ action: z.literal('stop') }),
])
export type FloorActionBody = z.infer<typeof floorActionBodySchema>

/** What a virtual teleoperator is doing now. */
export const FLOOR_ACTIVITIES = [
  'idle',
  'reading',
  'dialling',
  'talking',
  'voicemail',
  'tagging',
  'booking',
  'inbound',
  'waiting',
  'stopped',
] as const
export type FloorActivity = (typeof FLOOR_ACTIVITIES)[number]

const count = z.number().int().nonnegative()

export const floorCountersSchema = z.object({
  calls: count,
  answered: count,
  voicemail: count,
  noAnswer: count,
  inbound: count,
  tags: count,
  appointments: count,
  errors: count,
})
export type FloorCounters = z.infer<typeof floorCountersSchema>

export const floorAgentSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  activity: z.enum(FLOOR_ACTIVITIES),
  leadId: z.number().int().nullable(),
  calls: count,
})
export type FloorAgent = z.infer<typeof floorAgentSchema>

export const floorCandidateSchema = z.object({ id: z.number().int(), name: z.string(), role: z.string() })

export const floorStateSchema = z.object({
  running: z.boolean(),
  /** The server process that runs the floor (several processes: one floor, in one of them). */
  owner: z.string().nullable(),
  startedAt: z.iso.datetime().nullable(),
  speed: z.number().int(),
  agents: z.array(floorAgentSchema),
  counters: floorCountersSchema,
  /** Active teleoperators and managers linked to the telephony: who may be a virtual agent. */
  candidates: z.array(floorCandidateSchema),
})
export type FloorState = z.infer<typeof floorStateSchema>

const percent = z.number().int('Un pourcentage entier.').min(0).max(100)

export const simulatorSettingsSchema = z
  .object({
    /** Ring time before the lead picks up (ms, before the floor's speed factor). */
    answerDelayMs: z.number().int().min(0, 'Le délai ne peut pas être négatif.').max(60_000, 'Au plus 60 s.'),
    answeredPercent: percent,
    voicemailPercent: percent,
    noAnswerPercent: percent,
  })
  .refine((s) => s.answeredPercent + s.voicemailPercent + s.noAnswerPercent === 100, {
    message: 'Les trois proportions doivent faire 100 %.',
    path: ['answeredPercent'],
  })
export type SimulatorSettings = z.infer<typeof simulatorSettingsSchema>

export const uatEnvironmentSchema = z.object({
  appEnv: z.string(),
  version: z.string(),
  databaseKind: z.enum(['pglite', 'postgres']),
  telephonyProvider: z.string(),
})

export const uatSettingsSchema = z.object({
  environment: uatEnvironmentSchema,
  simulator: simulatorSettingsSchema,
  floorRunning: z.boolean(),
})
export type UatSettings = z.infer<typeof uatSettingsSchema>

export const uatResetResponseSchema = z.object({
  ok: z.literal(true),
  leads: count,
  appointments: count,
})
export type UatResetResponse = z.infer<typeof uatResetResponseSchema>
