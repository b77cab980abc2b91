// Issue #26: the allowed countries' schema, shared by the configuration form and the server, knows
// every country libphonenumber can name a number's (so no allowed code can never match) and refuses
// what is not one, in French.
import { getCountries } from 'libphonenumber-js/max'
import { describe, expect, it } from 'vitest'
import { countryCodesOf, PHONE_COUNTRIES, smsCountriesSchema } from './sms-settings.ts'

const messages = (value: unknown) =>
  smsCountriesSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? []

describe('the SMS countries', () => {
  it('are the countries libphonenumber names numbers with', () => {
    expect([...PHONE_COUNTRIES].sort()).toEqual([...getCountries()].sort())
  })

  it('refuses a code that is no country, an empty list and a duplicate, in French', () => {
    expect(messages(['FR', 'UK', 'be'])).toEqual([
      'Code de pays inconnu : UK, be. Écrivez le code ISO à deux lettres (par exemple GB pour le Royaume-Uni, BE pour la Belgique).',
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
