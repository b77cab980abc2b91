// Issue #31 point 3: history panels show French values, never a code, raw JSON or a key name.
import { describe, expect, it } from 'vitest'
import { auditFieldLabel, auditLeadStatuses, auditSubstatuses, auditValue } from './audit-values.ts'
import { substatuses } from './backoffice-tags.ts'
import { leads } from './leads.ts'

describe('audit values in French', () => {
  it('name statuses exactly as the lead screens do', () => {
    expect(auditLeadStatuses).toEqual(leads.statuses)
    expect(auditSubstatuses).toEqual(substatuses)
  })

  it('spells out enum codes, by entity where a field means two things', () => {
    expect(auditValue('mission', 'callingRule', 'REGULATED')).toBe('Prospection encadrée')
    expect(auditValue('user', 'status', 'INACTIVE')).toBe('Inactif')
    expect(auditValue('user', 'role', 'TELEOPERATOR')).toBe('Téléopérateur')
    expect(auditValue('tag', 'status', 'RECALL')).toBe('À rappeler')
    expect(auditValue('tag', 'status', null)).toBe('Inchangé')
    expect(auditValue('import', 'state', 'ready')).toBe('Prêt à importer')
  })

  it('names a setting instead of its key, and reads its JSON value in words', () => {
    expect(auditFieldLabel('key')).toBe('Paramètre')
    expect(auditValue('configuration', 'key', 'leadProcessingDurationDays')).toBe(
      'Durée de traitement des leads',
    )
    expect(
      auditValue(
        'mission',
        'callingHours',
        JSON.stringify({
          days: [1, 2, 3, 4, 5],
          periods: [{ start: '10:00', end: '13:00' }],
          holidays: false,
        }),
      ),
    ).toBe('jours : lun., mar., mer., jeu., ven. ; plages : 10:00–13:00 ; jours fériés : non')
    expect(
      auditValue('configuration', 'value', JSON.stringify({ perLeadPerDay: 2, perAgentPerHour: 30 })),
    ).toBe('par lead sur 24 h : 2 ; par agent sur 60 min : 30')
  })

  it('writes numbers and booleans the French way, text as it is', () => {
    expect(auditValue('mission', 'leadProcessingDurationDays', 1200)).toBe('1\u202f200')
    expect(auditValue('tag', 'endsProcessing', false)).toBe('non')
    expect(auditValue('team', 'name', 'Équipe {nord}')).toBe('Équipe {nord}')
    expect(auditValue('team', 'members', '')).toBe('(aucun)')
  })
})
