// The SMS guards' settings (issue #26 point 2, docs/domain.md "SMS", "Guards"): how many SMS a person
// may have sent to one lead in 24 hours and by one agent in an hour, and the countries an SMS may go
// to. Two configuration keys (src/contracts/configuration.ts), zod/mini so the back-office form
// validates with the same schemas as the server.
import * as z from 'zod/mini'
import { boundedInt } from './mission-form.ts'

export const SMS_PER_LEAD_MAX = 20
export const SMS_PER_AGENT_MAX = 500

export const smsLimitsSchema = z.object({
  /** SMS a person asked for (from the sheet, a booking's confirmation) to one lead, any 24 hours. */
  perLeadPerDay: boundedInt(
    1,
    SMS_PER_LEAD_MAX,
    `Le nombre de SMS par lead est un nombre entre 1 et ${SMS_PER_LEAD_MAX}.`,
  ),
  /** SMS one agent asked for, all leads together, any 60 minutes. */
  perAgentPerHour: boundedInt(
    1,
    SMS_PER_AGENT_MAX,
    `Le nombre de SMS par utilisateur est un nombre entre 1 et ${SMS_PER_AGENT_MAX}.`,
  ),
})
export type SmsLimits = z.infer<typeof smsLimitsSchema>

export const DEFAULT_SMS_LIMITS: SmsLimits = { perLeadPerDay: 2, perAgentPerHour: 30 }

/**
 * France métropolitaine, then the overseas departments (DOM: Guadeloupe, Martinique, Guyane, La
 * Réunion, Mayotte), then the overseas collectivities, which are not departments and are off by
 * default (Saint-Pierre-et-Miquelon, Saint-Barthélemy, Saint-Martin, Wallis-et-Futuna, Polynésie
 * française, Nouvelle-Calédonie): ISO 3166-1 codes, as libphonenumber names a number's country.
 */
export const FRENCH_TERRITORIES = [
  'FR',
  'GP',
  'MQ',
  'GF',
  'RE',
  'YT',
  'PM',
  'BL',
  'MF',
  'WF',
  'PF',
  'NC',
] as const
export type FrenchTerritory = (typeof FRENCH_TERRITORIES)[number]

export const DEFAULT_SMS_COUNTRIES: string[] = ['FR', 'GP', 'MQ', 'GF', 'RE', 'YT']

export const SMS_COUNTRIES_MAX = 50

const COUNTRY_CODE = /^[A-Z]{2}$/

/**
 * The countries an SMS may go to: two-letter codes, at least one, each once. The server also refuses
 * a code that names no country a number can belong to ("UK": GB is), from libphonenumber's list,
 * which the client does not load (server/domain/sms/country-codes.ts).
 */
export const smsCountriesSchema = z.array(z.string()).check(
  z.minLength(1, { error: 'Choisissez au moins un pays.' }),
  z.maxLength(SMS_COUNTRIES_MAX, { error: `${SMS_COUNTRIES_MAX} pays au plus.` }),
  z.refine((codes) => codes.every((code) => COUNTRY_CODE.test(code)), {
    error:
      'Un pays s’écrit avec son code ISO de deux lettres (par exemple GB pour le Royaume-Uni, BE pour la Belgique).',
  }),
  z.refine((codes) => new Set(codes).size === codes.length, { error: 'Un pays est choisi deux fois.' }),
)

/** "be, ch ;LU" → ["BE", "CH", "LU"]: the form's free field of other countries. */
export function countryCodesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '')
}
