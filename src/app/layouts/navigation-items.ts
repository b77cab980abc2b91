// The main navigation (French labels, spec §1), derived from the route table: the routes with a
// `nav` section, in the table's order. A link shows exactly to the roles its page accepts, and a
// section only when it has a link to show. Developer pages are reached from the dev tools panel.
import { isAllowed, sectionAccess, type RouteAccess } from '../../contracts/route-access.ts'
import type { AppEnv, Role } from '../../contracts/roles.ts'
import { ROUTE_IDS, routeOf, type NavSectionId } from '../../contracts/routes.ts'
import { nav as navText } from '../../i18n/fr/nav.ts'

export type NavigationLink = {
  to: string
  label: string
  /** Highlight only on this exact path (a section's overview page). */
  end?: boolean
  access: RouteAccess
}

export type NavigationSection = {
  id: NavSectionId
  /** null: links shown at the top level, without a heading. */
  label: string | null
  links: readonly NavigationLink[]
}

function linksOf(section: NavSectionId): NavigationLink[] {
  return ROUTE_IDS.flatMap((id) => {
    const { path, nav, access } = routeOf(id)
    if (nav !== section || access === undefined) return []
    // Navigation entries are pages without parameters (routes.test.ts): the pattern is the path.
    // A section's overview page, named after the section, is highlighted only on its own path.
    return [
      { to: path, label: navText.routes[id], end: path === `/${section}`, access: sectionAccess[access] },
    ]
  })
}

/** Sections in the order of their first link in the table. */
export const navigationSections: readonly NavigationSection[] = [
  ...new Set(ROUTE_IDS.flatMap((id) => routeOf(id).nav ?? [])),
].map((id) => ({ id, label: navText.sections[id], links: linksOf(id) }))

export function visibleSections(role: Role, appEnv: AppEnv | undefined): NavigationSection[] {
  return navigationSections
    .map((section) => ({
      ...section,
      links: section.links.filter((link) => isAllowed(link.access, role, appEnv)),
    }))
    .filter((section) => section.links.length > 0)
}
