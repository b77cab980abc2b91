// The product's settings kept in the database (issue #12 "Configuration", docs/domain.md
// "Configuration"): one zod/mini schema per key, shared by the server's routes and the back-office
// form. A key never written reads as its default. Each key has a stable number: the audit trail's
// entity id (audit_entries.entity_id is an integer); the key itself is also in the entry.
import * as z from 'zod/mini'
import { boundedInt, leadProcessingDaysSchema, periodsSchema, weekdaysSchema } from './mission-form.ts'
import {
  DEFAULT_SMS_COUNTRIES,
  DEFAULT_SMS_LIMITS,
  smsCountriesSchema,
  smsLimitsSchema,
} from './sms-settings.ts'
import { versionSchema } from './team-form.ts'

/** The appointment grid (server/domain/appointments/slots.ts), in Paris wall-clock time. */
export const appointmentScheduleSchema = z.object({
  /** Weekdays, 1 = Monday … 7 = Sunday. */
  days: weekdaysSchema('Choisissez au moins un jour de rendez-vous.'),
  /** [start, end) in minutes after Paris midnight. */
  periods: periodsSchema,
  /** Whether appointments are offered on French public holidays. */
  holidays: z.boolean(),
  durationMinutes: boundedInt(15, 240, 'La durée d’un rendez-vous est entre 15 et 240 minutes.'),
  minimumNoticeMinutes: boundedInt(0, 7 * 24 * 60, 'Le délai de prévenance est entre 0 et 10 080 minutes.'),
  windowDays: boundedInt(1, 120, 'La période de réservation est entre 1 et 120 jours.'),
})
export type AppointmentSchedule = z.infer<typeof appointmentScheduleSchema>

export const recallDelaySchema = boundedInt(
  5,
  60 * 24 * 60,
  'Le délai de rappel est un nombre de minutes entre 5 et 86 400 (60 jours).',
)

/** Today's values: what a key reads as before an administrator changes it. */
export const DEFAULT_APPOINTMENT_SCHEDULE: AppointmentSchedule = {
  days: [1, 2, 3, 4, 5],
  periods: [
    [9 * 60, 12 * 60],
    [14 * 60, 18 * 60],
  ],
  holidays: false,
  durationMinutes: 60,
  minimumNoticeMinutes: 120,
  windowDays: 21,
}

export const DEFAULT_RECALL_DELAY_MINUTES = 120

/** Issue #29: how long a lead an agent handed back is not handed to them again (0: no cool-down). */
export const RELEASE_COOLDOWN_HOURS_MAX = 30 * 24
export const DEFAULT_RELEASE_COOLDOWN_HOURS = 24
export const releaseCooldownSchema = boundedInt(
  0,
  RELEASE_COOLDOWN_HOURS_MAX,
  `Le délai avant de reproposer un lead rendu est un nombre entier d’heures entre 0 et ${RELEASE_COOLDOWN_HOURS_MAX} (30 jours).`,
)

export const configurationSchemas = {
  /** Spec §9: a new mission's lead processing duration. */
  leadProcessingDurationDays: leadProcessingDaysSchema,
  appointmentSchedule: appointmentScheduleSchema,
  /** The delay a call-back proposes when its outcome has none of its own (issue #11). */
  defaultRecallDelayMinutes: recallDelaySchema,
  /** Issue #26: the caps on SMS a person asks for (docs/domain.md "SMS", "Guards"). */
  smsLimits: smsLimitsSchema,
  /** Issue #26: the countries an SMS may go to. */
  smsCountries: smsCountriesSchema,
  /** Issue #29: the cool-down before a lead an agent handed back is handed to them again. */
  releaseCooldownHours: releaseCooldownSchema,
} as const

export type ConfigurationKey = keyof typeof configurationSchemas
export type ConfigurationValues = { [K in ConfigurationKey]: z.infer<(typeof configurationSchemas)[K]> }

export const CONFIGURATION_DEFAULTS: ConfigurationValues = {
  // Spec §9, as DEFAULT_LEAD_PROCESSING_DURATION_DAYS (lead.ts, full zod: not imported into the form).
  leadProcessingDurationDays: 60,
  appointmentSchedule: DEFAULT_APPOINTMENT_SCHEDULE,
  defaultRecallDelayMinutes: DEFAULT_RECALL_DELAY_MINUTES,
  smsLimits: DEFAULT_SMS_LIMITS,
  smsCountries: DEFAULT_SMS_COUNTRIES,
  releaseCooldownHours: DEFAULT_RELEASE_COOLDOWN_HOURS,
}

/** Stable numbers of the keys: the audit entity id of a key's changes. Never renumber. */
export const CONFIGURATION_KEY_IDS: Record<ConfigurationKey, number> = {
  leadProcessingDurationDays: 1,
  appointmentSchedule: 2,
  defaultRecallDelayMinutes: 3,
  smsLimits: 4,
  smsCountries: 5,
  releaseCooldownHours: 6,
}

export const CONFIGURATION_KEYS = Object.keys(configurationSchemas) as ConfigurationKey[]

/** A change: the new value and the version it was edited from (a key never written is version 1). */
export function configurationBodySchema<K extends ConfigurationKey>(key: K) {
  return z.object({ value: configurationSchemas[key], version: versionSchema })
}
export type ConfigurationBody<K extends ConfigurationKey> = { value: ConfigurationValues[K]; version: number }

/** One key as the server answers it. */
export type ConfigurationEntry<K extends ConfigurationKey = ConfigurationKey> = {
  key: K
  value: ConfigurationValues[K]
  version: number
  /** Null while the key has never been written (the default applies). */
  updatedAt: string | null
}
