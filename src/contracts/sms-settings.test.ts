// Issue #26: the allowed countries' schema, shared by the configuration form and the server, refuses
// what cannot be a country code, an empty list and a duplicate, in French; the form's free field of
// other countries reads codes whatever the separators and case.
import { describe, expect, it } from 'vitest'
import { countryCodesOf, smsCountriesSchema } from './sms-settings.ts'

const messages = (value: unknown) =>
  smsCountriesSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? []

describe('the SMS countries', () => {
  it('refuses what is no two-letter code, an empty list and a duplicate, in French', () => {
    expect(messages(['FR', 'be', 'BEL'])).toEqual([
      'Un pays s’écrit avec son code ISO de deux lettres (par exemple GB pour le Royaume-Uni, BE pour la Belgique).',
    ])
    expect(messages([])).toEqual(['Choisissez au moins un pays.'])
    expect(messages(['FR', 'FR'])).toEqual(['Un pays est choisi deux fois.'])
    expect(messages(['FR', 'GP', 'GB', 'XK'])).toEqual([])
  })

  it('reads the form’s other countries whatever the separators and case', () => {
    expect(countryCodesOf(' be, ch ;lu  GB ')).toEqual(['BE', 'CH', 'LU', 'GB'])
    expect(countryCodesOf('')).toEqual([])
  })
})
