// The mission form's fields (issue #12 "Missions"), one schema for the server's validation and the
// back-office form (zod/mini, like team-form.ts). The calling rules editor validates with the same
// schema (docs/domain.md "Calling rules"); the colour with the contrast of color-contrast.ts.
import * as z from 'zod/mini'
import { CALLING_RULE_KINDS } from './calling-rules.ts'
import { contrastRefusal, hasEnoughContrast, HEX_COLOR_PATTERN } from './color-contrast.ts'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from './control-characters.ts'
import { versionSchema } from './team-form.ts'

export const MISSION_NAME_MAX = 80
export const LEAD_PROCESSING_DAYS_MAX = 3650
export const CALL_ATTEMPTS_MAX = 100
export const QUIET_DAYS_MAX = 365
export const PERIODS_MAX = 6
/** Issue #29: the automatic call's preview countdown, in seconds. */
export const AUTO_CALL_DELAY_MIN = 5
export const AUTO_CALL_DELAY_MAX = 60
export const DAY_MINUTES = 24 * 60

export const missionNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, { error: 'Le nom de la mission est obligatoire.' }),
  z.maxLength(MISSION_NAME_MAX, {
    error: `Le nom de la mission ne dépasse pas ${MISSION_NAME_MAX} caractères.`,
  }),
  z.refine((value) => !hasControlCharacter(value), { error: CONTROL_CHARACTERS_MESSAGE }),
)

export const missionColorSchema = z.string().check(
  z.trim(),
  z.regex(HEX_COLOR_PATTERN, { error: 'Indiquez une couleur au format #RRGGBB (par exemple #1d4ed8).' }),
  z.refine((value) => !HEX_COLOR_PATTERN.test(value) || hasEnoughContrast(value), {
    error: (issue) => contrastRefusal(String(issue.input)),
  }),
  z.toLowerCase(),
)

export function boundedInt(min: number, max: number, message: string) {
  return z.int({ error: message }).check(z.gte(min, { error: message }), z.lte(max, { error: message }))
}

export const leadProcessingDaysSchema = boundedInt(
  1,
  LEAD_PROCESSING_DAYS_MAX,
  `La durée de traitement est un nombre de jours entre 1 et ${LEAD_PROCESSING_DAYS_MAX}.`,
)

const minuteSchema = boundedInt(0, DAY_MINUTES, 'Heure invalide : utilisez le format HH:MM.')

const periodSchema = z
  .tuple([minuteSchema, minuteSchema])
  .check(z.refine(([start, end]) => start < end, { error: 'La fin de la plage doit suivre son début.' }))

function overlapping(periods: readonly (readonly [number, number])[]): boolean {
  const sorted = [...periods].sort((a, b) => a[0] - b[0])
  return sorted.some((period, i) => i > 0 && period[0] < sorted[i - 1]![1])
}

/** Weekdays, 1 = Monday … 7 = Sunday, at least one, each once. */
export function weekdaysSchema(emptyMessage: string) {
  return z.array(boundedInt(1, 7, 'Jour invalide.')).check(
    z.minLength(1, { error: emptyMessage }),
    z.refine((days) => new Set(days).size === days.length, { error: 'Un jour est choisi deux fois.' }),
  )
}

/** [start, end) periods in minutes after Paris midnight, at least one, not overlapping. */
export const periodsSchema = z.array(periodSchema).check(
  z.minLength(1, { error: 'Indiquez au moins une plage horaire.' }),
  z.maxLength(PERIODS_MAX, { error: `Au plus ${PERIODS_MAX} plages horaires.` }),
  z.refine((periods) => !overlapping(periods), { error: 'Les plages horaires se chevauchent.' }),
)

/** The mission's own hours (CONSENT, CUSTOM). */
export const callingHoursSchema = z.object({
  days: weekdaysSchema('Choisissez au moins un jour d’appel.'),
  periods: periodsSchema,
  holidays: z.boolean(),
})

const positiveId = z.int().check(z.positive({ error: 'Identifiant invalide.' }))

const missionFields = {
  name: missionNameSchema,
  color: missionColorSchema,
  /** Left out on creation: the configuration's default (spec §9). */
  leadProcessingDurationDays: z.optional(leadProcessingDaysSchema),
  callProcessId: z.nullable(positiveId),
  callingRule: z.enum(CALLING_RULE_KINDS, { error: 'Règle d’appel inconnue.' }),
  callingHours: callingHoursSchema,
  maxCallAttempts: z.nullable(
    boundedInt(1, CALL_ATTEMPTS_MAX, `Le nombre de tentatives est entre 1 et ${CALL_ATTEMPTS_MAX}.`),
  ),
  quietDays: z.nullable(
    boundedInt(1, QUIET_DAYS_MAX, `La période sans contact est entre 1 et ${QUIET_DAYS_MAX} jours.`),
  ),
  /** Issue #29: null, the agent presses « Appeler »; left out, off. */
  autoCallDelaySeconds: z.optional(
    z.nullable(
      boundedInt(
        AUTO_CALL_DELAY_MIN,
        AUTO_CALL_DELAY_MAX,
        `Le délai avant l’appel automatique est entre ${AUTO_CALL_DELAY_MIN} et ${AUTO_CALL_DELAY_MAX} secondes.`,
      ),
    ),
  ),
}

export const createMissionBodySchema = z.object(missionFields)
export type CreateMissionBody = z.infer<typeof createMissionBodySchema>

/** The form's values: every field, the duration included (the form proposes the default). */
export const missionFormSchema = z.object({
  ...missionFields,
  leadProcessingDurationDays: leadProcessingDaysSchema,
})
export type MissionFormValues = z.infer<typeof missionFormSchema>

export const updateMissionBodySchema = z.object({
  ...missionFields,
  leadProcessingDurationDays: leadProcessingDaysSchema,
  version: versionSchema,
})
export type UpdateMissionBody = z.infer<typeof updateMissionBodySchema>

/** The missions list's sort keys (zod-free constants, for the client). */
export const MISSION_SORTS = ['name', 'leadCount'] as const
export type MissionSort = (typeof MISSION_SORTS)[number]
