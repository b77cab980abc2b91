// Issue #15 "SMS": segment counting on real GSM 03.38 tables, placeholders, the STOP rule.
import { describe, expect, it } from 'vitest'
import { countSms, isOptOutMessage, renderTemplate, SMS_SAMPLE_VALUES, templateProblem } from './sms.ts'
import { isTextablePhone } from './phone.ts'

describe('countSms', () => {
  it('fits 160 GSM-7 characters in one SMS and splits the 161st into two parts of 153', () => {
    expect(countSms('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      characters: 160,
      segments: 1,
      perSegment: 160,
    })
    expect(countSms('a'.repeat(161))).toEqual({
      encoding: 'GSM-7',
      characters: 161,
      segments: 2,
      perSegment: 153,
    })
    expect(countSms('a'.repeat(306)).segments).toBe(2)
    expect(countSms('a'.repeat(307)).segments).toBe(3)
  })

  it('counts the extension characters (€, [, {, ~) as two', () => {
    expect(countSms('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', characters: 160, segments: 1 })
    expect(countSms(`${'a'.repeat(159)}€`)).toMatchObject({ characters: 161, segments: 2 })
  })

  it('keeps É, é, è, à in GSM-7 but flips to UCS-2 (70 / 67) for Ê, À or ç', () => {
    expect(countSms(`É${'a'.repeat(159)}`)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
    expect(countSms('éèàùì').encoding).toBe('GSM-7')
    expect(countSms(`Ê${'a'.repeat(69)}`)).toEqual({
      encoding: 'UCS-2',
      characters: 70,
      segments: 1,
      perSegment: 70,
    })
    expect(countSms(`À${'a'.repeat(70)}`)).toEqual({
      encoding: 'UCS-2',
      characters: 71,
      segments: 2,
      perSegment: 67,
    })
    expect(countSms('ç').encoding).toBe('UCS-2')
  })

  it('counts nothing for an empty text', () => {
    expect(countSms('')).toMatchObject({ characters: 0, segments: 0 })
  })
})

describe('templates', () => {
  it('accepts the whitelisted placeholders and refuses any other, in French', () => {
    expect(templateProblem('Bonjour {prénom}, RDV le {date_rdv} à {heure_rdv} ({mission})')).toBeNull()
    expect(templateProblem('Bonjour {prenom} {{code}}')).toMatch(
      /^Variable inconnue : \{prenom\}, \{code\}\. Variables possibles/,
    )
    expect(templateProblem('Bonjour {prénom} }')).toMatch(/^Accolade sans variable/)
    expect(templateProblem('Bonjour {}')).toMatch(/^Variable inconnue : \{\}/)
  })

  it('renders the values in place of the placeholders', () => {
    expect(renderTemplate('Bonjour {prénom} {nom}, le {date_rdv} à {heure_rdv}', SMS_SAMPLE_VALUES)).toBe(
      'Bonjour Camille Martin, le mardi 3 mars à 14h30',
    )
  })
})

describe('opt-out and phones', () => {
  it('takes STOP, ARRET and ARRÊT in any case, with spaces or a final mark, and nothing else', () => {
    for (const text of ['STOP', 'stop', ' Stop ! ', 'ARRET', 'arrêt', 'Arrêt.', 'STOP SMS'])
      expect(isOptOutMessage(text), text).toBe(true)
    for (const text of ['Stop à 18h svp', 'non', 'STOPPER', ''])
      expect(isOptOutMessage(text), text).toBe(false)
  })

  it('texts French mobiles and foreign numbers, not French landlines', () => {
    expect(isTextablePhone('+33612345678')).toBe(true)
    expect(isTextablePhone('+33712345678')).toBe(true)
    expect(isTextablePhone('+33145678901')).toBe(false)
    expect(isTextablePhone('+4915112345678')).toBe(true)
    expect(isTextablePhone(null)).toBe(false)
  })
})
