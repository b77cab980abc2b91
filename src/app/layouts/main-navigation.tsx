// Navigation by role (issue 2): sections the user's role may open, as plain links (Tab/Enter).
import { NavLink } from 'react-router-dom'
import type { AppEnv, Role } from '../../contracts/roles.ts'
import { nav as navText } from '../../i18n/fr/nav.ts'
import { visibleSections, type NavigationLink } from './navigation-items.ts'

export type MainNavigationProps = {
  role: Role
  appEnv: AppEnv | undefined
}

function NavigationLinks({ links, labelledBy }: { links: readonly NavigationLink[]; labelledBy?: string }) {
  return (
    <ul className="main-nav__links" aria-labelledby={labelledBy}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className="main-nav__link">
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

export function MainNavigation({ role, appEnv }: MainNavigationProps) {
  return (
    <nav className="main-nav" aria-label={navText.label}>
      {visibleSections(role, appEnv).map((section) => {
        const headingId = `main-nav-${section.id}`
        return (
          <div key={section.id} className="main-nav__section">
            {section.label ? (
              <h2 id={headingId} className="main-nav__heading">
                {section.label}
              </h2>
            ) : null}
            <NavigationLinks links={section.links} labelledBy={section.label ? headingId : undefined} />
          </div>
        )
      })}
    </nav>
  )
}
