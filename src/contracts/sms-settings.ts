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

/**
 * Every country a phone number can belong to: libphonenumber's list (`getCountries()`, ISO 3166-1
 * codes plus AC Ascension, TA Tristan da Cunha and XK Kosovo), written out so the client does not load
 * its metadata; src/contracts/sms-settings.test.ts keeps the two equal. "UK" is not one: GB is.
 */
export const PHONE_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
    'BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG ' +
    'EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT ' +
    'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR ' +
    'LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF ' +
    'NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD ' +
    'SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TG TH TJ TK TL TM TN TO TR TT TV TW ' +
    'TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
)

const unknownCodes = (codes: unknown) =>
  Array.isArray(codes) ? codes.map(String).filter((code) => !PHONE_COUNTRIES.has(code)) : []

/** The first few unknown codes, each cut short: the message never echoes a long input back. */
const unknownList = (codes: unknown) =>
  unknownCodes(codes)
    .slice(0, 5)
    .map((code) => code.slice(0, 8))
    .join(', ')

/** The countries an SMS may go to: codes of PHONE_COUNTRIES, at least one, each once. */
export const smsCountriesSchema = z.array(z.string()).check(
  z.minLength(1, { error: 'Choisissez au moins un pays.' }),
  z.maxLength(SMS_COUNTRIES_MAX, { error: `${SMS_COUNTRIES_MAX} pays au plus.` }),
  z.refine((codes) => unknownCodes(codes).length === 0, {
    error: (issue) =>
      `Code de pays inconnu : ${unknownList(issue.input)}. Écrivez le code ISO à deux lettres (par exemple GB pour le Royaume-Uni, BE pour la Belgique).`,
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
