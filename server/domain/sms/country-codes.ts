// The countries a phone number can belong to (issue #26, docs/domain.md "SMS", "Guards"): the codes
// libphonenumber names numbers with (ISO 3166-1, and AC, TA, XK). The configuration refuses any other
// in `smsCountries` ("UK" is no such code: GB is), since it could never match a number.
import { getCountries } from 'libphonenumber-js/max'

const PHONE_COUNTRIES: ReadonlySet<string> = new Set(getCountries())

/** Why these codes cannot be saved (the first few unknown ones, each cut short), or null. */
export function unknownCountriesProblem(codes: readonly string[]): string | null {
  const unknown = codes.filter((code) => !PHONE_COUNTRIES.has(code))
  if (unknown.length === 0) return null
  const list = unknown
    .slice(0, 5)
    .map((code) => code.slice(0, 8))
    .join(', ')
  return `Code de pays inconnu : ${list}. Écrivez le code ISO à deux lettres (par exemple GB pour le Royaume-Uni, BE pour la Belgique).`
}
