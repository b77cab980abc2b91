// The main navigation (French labels, spec §1). Each section reuses the access rule of its
// routes (access.ts), so a link shows exactly to the roles its page accepts. Developer pages are
// reached from the developer tools panel, not from here.
import type { AppEnv, Role } from '../../contracts/roles.ts'
import { fr } from '../../i18n/fr.ts'
import { isAllowed, sectionAccess, type RouteAccess } from '../access.ts'
import { paths } from '../paths.ts'

export type NavigationLink = {
  to: string
  label: string
  /** Highlight only on this exact path (a section's overview page). */
  end?: boolean
}

export type NavigationSection = {
  id: string
  /** null: links shown at the top level, without a heading. */
  label: string | null
  access: RouteAccess
  links: readonly NavigationLink[]
}

export const navigationSections: readonly NavigationSection[] = [
  {
    id: 'main',
    label: null,
    access: sectionAccess.home,
    links: [
      { to: paths.home(), label: fr.nav.home },
      { to: paths.activity.leaderboard(), label: fr.nav.leaderboard },
    ],
  },
  {
    id: 'activity',
    label: fr.nav.sections.activity,
    access: sectionAccess.activity,
    links: [
      { to: paths.activity.overview(), label: fr.nav.activity.overview, end: true },
      { to: paths.activity.statsTeleops(), label: fr.nav.activity.statsTeleops },
      { to: paths.activity.teleopsTimeline(), label: fr.nav.activity.teleopsTimeline },
      { to: paths.activity.gamification(), label: fr.nav.activity.gamification },
      { to: paths.activity.leadsFollowUp(), label: fr.nav.activity.leadsFollowUp },
    ],
  },
  {
    id: 'backoffice',
    label: fr.nav.sections.backoffice,
    access: sectionAccess.backoffice,
    links: [
      { to: paths.backoffice.configuration(), label: fr.nav.backoffice.configuration },
      { to: paths.backoffice.missions(), label: fr.nav.backoffice.missions },
      { to: paths.backoffice.markets(), label: fr.nav.backoffice.markets },
      { to: paths.backoffice.tags(), label: fr.nav.backoffice.tags },
      { to: paths.backoffice.sms(), label: fr.nav.backoffice.sms },
      { to: paths.backoffice.callProcesses(), label: fr.nav.backoffice.callProcesses },
      { to: paths.backoffice.mails(), label: fr.nav.backoffice.mails },
      { to: paths.backoffice.crons(), label: fr.nav.backoffice.crons },
      { to: paths.backoffice.teams(), label: fr.nav.backoffice.teams },
      { to: paths.backoffice.aircallWebhooksStatus(), label: fr.nav.backoffice.aircallWebhooksStatus },
    ],
  },
  {
    id: 'users',
    label: fr.nav.sections.users,
    access: sectionAccess.users,
    links: [{ to: paths.users(), label: fr.nav.sections.users }],
  },
  {
    id: 'affectations',
    label: fr.nav.sections.affectations,
    access: sectionAccess.affectations,
    links: [
      { to: paths.affectations.missions(), label: fr.nav.affectations.missions },
      { to: paths.affectations.teams(), label: fr.nav.affectations.teams },
    ],
  },
  {
    id: 'integration',
    label: fr.nav.sections.integration,
    access: sectionAccess.integration,
    links: [
      { to: paths.integration.integrate(), label: fr.nav.integration.integrate },
      { to: paths.integration.history(), label: fr.nav.integration.history },
    ],
  },
  {
    id: 'extractions',
    label: fr.nav.sections.extractions,
    access: sectionAccess.extractions,
    links: [{ to: paths.extractions(), label: fr.nav.extractions }],
  },
]

export function visibleSections(role: Role, appEnv: AppEnv | undefined): NavigationSection[] {
  return navigationSections.filter((section) => isAllowed(section.access, role, appEnv))
}
