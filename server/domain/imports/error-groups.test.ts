// Issue #31 point 2: the preview's errors grouped by cause, the value taken out of the message.
import { describe, expect, it } from 'vitest'
import { causeOf, errorGrouper, GROUP_VALUES, MAX_GROUPS, OTHER_CAUSES } from './error-groups.ts'

describe('causeOf', () => {
  it.each([
    ['Aucun marché ne couvre le code postal 13008.', 'Aucun marché ne couvre le code postal …', '13008'],
    [
      'Plusieurs marchés couvrent le code postal 2A004 : précisez-le.',
      'Plusieurs marchés couvrent le code postal … : précisez-le.',
      '2A004',
    ],
    ['Numéro de téléphone invalide : « 06 12 3 ».', 'Numéro de téléphone invalide : …', '06 12 3'],
    [
      'Code postal invalide : « abc » (5 chiffres attendus).',
      'Code postal invalide : … (5 chiffres attendus).',
      'abc',
    ],
    ['Le téléphone est obligatoire.', 'Le téléphone est obligatoire.', null],
  ])('%s', (message, cause, value) => {
    expect(causeOf(message)).toEqual({ cause, value })
  })
})

describe('errorGrouper', () => {
  it('counts each cause under its column, most rows first, keeping distinct values', () => {
    const grouper = errorGrouper()
    const phone = (value: string) => ({
      column: 'Tél',
      field: 'phone' as const,
      message: `Numéro de téléphone invalide : « ${value} ».`,
    })
    const noMarket = (code: string) => ({
      column: 'CP',
      field: 'postalCode' as const,
      message: `Aucun marché ne couvre le code postal ${code}.`,
    })
    grouper.add(2, [phone('12')])
    for (let line = 3; line < 40; line++) grouper.add(line, [noMarket(String(13000 + (line % 25)))])
    const [first, second] = grouper.groups()
    expect(first).toMatchObject({ column: 'CP', count: 37, lines: expect.any(Array) })
    expect(first!.lines.slice(0, 3)).toEqual([3, 4, 5])
    expect(first!.values).toHaveLength(GROUP_VALUES)
    expect(second).toEqual({
      column: 'Tél',
      field: 'phone',
      cause: 'Numéro de téléphone invalide : …',
      count: 1,
      lines: [2],
      values: ['12'],
    })
  })

  it('counts the causes past the groups it keeps in one last group: every error is counted', () => {
    const grouper = errorGrouper()
    const total = MAX_GROUPS + 7
    for (let i = 0; i < total; i++)
      grouper.add(i + 2, [{ column: `Col ${i}`, field: null, message: `Cause numéro ${i}.` }])
    grouper.add(total + 2, [{ column: 'Col 0', field: null, message: 'Cause numéro 0.' }])
    const groups = grouper.groups()
    expect(groups).toHaveLength(MAX_GROUPS + 1)
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(total + 1)
    expect(groups.at(-1)).toMatchObject({
      cause: OTHER_CAUSES,
      count: 7,
      lines: [52, 53, 54, 55, 56, 57, 58],
    })
  })
})
