import { describe, expect, it } from 'vitest'
import { visibleSections } from './navigation-items.ts'

describe('navigation items (from the route table)', () => {
  it('gives an administrator every section in order, each overview page highlighted on its own path', () => {
    const sections = visibleSections('ADMIN', 'production')

    expect(sections.map((section) => section.id)).toEqual([
      'main',
      'activity',
      'backoffice',
      'users',
      'affectations',
      'integration',
      'extractions',
    ])
    expect(sections[0]?.label).toBeNull()
    expect(sections[0]?.links.map((link) => link.to)).toEqual(['/home', '/activity/leaderboard'])
    expect(sections[1]?.links[0]).toMatchObject({ to: '/activity', label: 'Vue d’ensemble', end: true })
    expect(sections[1]?.links[1]).toMatchObject({ to: '/activity/stats-teleops', end: false })
    expect(sections[2]?.links.map((link) => link.label)).toEqual([
      'Configuration',
      'Missions',
      'Marchés',
      'Tags',
      'SMS',
      'Process d’appel',
      'Mails',
      'Crons',
      'Équipes',
      // Issue #14: the wall screens' display links.
      'Liens d’affichage',
      'Statut des webhooks Aircall',
    ])
  })

  it('shows a teleoperator only the links their role opens, and no developer page', () => {
    const sections = visibleSections('TELEOPERATOR', 'develop')

    expect(sections.map((section) => section.links.map((link) => link.label))).toEqual([
      // Issue #29: their own recalls.
      ['Accueil', 'Mes rappels', 'Classement'],
      // Issue #14: their own progress (the server scopes the reads).
      ['Gamification'],
    ])
  })

  it('shows a manager the display links of the back office, and nothing else of it (issue #31)', () => {
    const backoffice = visibleSections('MANAGER', 'production').find((section) => section.id === 'backoffice')
    expect(backoffice?.links.map((link) => link.to)).toEqual(['/backoffice/display-links'])
  })
})
