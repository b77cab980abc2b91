// Navigation by role (issue 2): sections the user's role may open, as plain links (Tab/Enter).
// Issue #11, tablets: below the desktop width the navigation is a drawer opened by the header's
// toggle (NavigationToggle); opening it focuses the first link, Escape closes it and gives focus
// back to the toggle, a click outside or on a link closes it. On desktop it is always shown.
import { useEffect, useRef, type Ref } from 'react'
import { NavLink } from 'react-router-dom'
import { MenuIcon } from '../../components/ui/icons.tsx'
import type { AppEnv, Role } from '../../contracts/roles.ts'
import { nav as navText } from '../../i18n/fr/nav.ts'
import { visibleSections, type NavigationLink } from './navigation-items.ts'

export const MAIN_NAVIGATION_ID = 'main-navigation'

export type MainNavigationProps = {
  role: Role
  appEnv: AppEnv | undefined
  /** The drawer's state on tablets; ignored on desktop, where the navigation is always shown. */
  open?: boolean
  /** Closes the drawer; `returnFocus` asks for the focus to go back to the toggle. */
  onClose?: (returnFocus: boolean) => void
}

function NavigationLinks({
  links,
  labelledBy,
  onNavigate,
}: {
  links: readonly NavigationLink[]
  labelledBy?: string
  onNavigate?: () => void
}) {
  return (
    <ul className="main-nav__links" aria-labelledby={labelledBy}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className="main-nav__link" onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

export function MainNavigation({ role, appEnv, open = false, onClose }: MainNavigationProps) {
  const navRef = useRef<HTMLElement>(null)

  useEffect(() => {
    if (!open || !onClose) return
    const close = onClose
    navRef.current?.querySelector<HTMLElement>('a')?.focus()
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') close(true)
    }
    function handlePointerDown(event: PointerEvent) {
      const target = event.target as Element | null
      if (!target || navRef.current?.contains(target)) return
      // The toggle handles its own clicks (it closes the drawer itself).
      if (target.closest(`[aria-controls="${MAIN_NAVIGATION_ID}"]`)) return
      close(false)
    }
    document.addEventListener('keydown', handleKeyDown)
    document.addEventListener('pointerdown', handlePointerDown)
    return () => {
      document.removeEventListener('keydown', handleKeyDown)
      document.removeEventListener('pointerdown', handlePointerDown)
    }
  }, [open, onClose])

  const handleNavigate = onClose ? () => onClose(false) : undefined

  return (
    <nav
      id={MAIN_NAVIGATION_ID}
      ref={navRef}
      className={open ? 'main-nav main-nav--open' : 'main-nav'}
      aria-label={navText.label}
    >
      {visibleSections(role, appEnv).map((section) => {
        const headingId = `main-nav-${section.id}`
        return (
          <div key={section.id} className="main-nav__section">
            {section.label ? (
              <h2 id={headingId} className="main-nav__heading">
                {section.label}
              </h2>
            ) : null}
            <NavigationLinks
              links={section.links}
              labelledBy={section.label ? headingId : undefined}
              onNavigate={handleNavigate}
            />
          </div>
        )
      })}
    </nav>
  )
}

export type NavigationToggleProps = {
  expanded: boolean
  onToggle: () => void
  ref?: Ref<HTMLButtonElement>
}

/** The header's button that opens and closes the navigation drawer; hidden on desktop (CSS). */
export function NavigationToggle({ expanded, onToggle, ref }: NavigationToggleProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="main-nav-toggle"
      aria-label={navText.toggle}
      aria-expanded={expanded}
      aria-controls={MAIN_NAVIGATION_ID}
      onClick={onToggle}
    >
      <MenuIcon />
    </button>
  )
}
