// Issue #11, tablets: the header's toggle opens the navigation drawer, focuses its first link,
// and Escape closes it with the focus back on the toggle (CSS alone hides it; jsdom has no layout).
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'

describe('the navigation toggle', () => {
  it('opens the drawer on its first link, and Escape closes it back onto the toggle', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')))
    renderApp('/home')
    const user = userEvent.setup()

    const toggle = await screen.findByRole('button', { name: 'Menu' })
    const navigation = screen.getByRole('navigation', { name: 'Navigation principale' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(toggle.getAttribute('aria-controls')).toBe(navigation.id)

    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(navigation.classList.contains('main-nav--open')).toBe(true)
    expect(document.activeElement).toBe(within(navigation).getAllByRole('link')[0])

    await user.keyboard('{Escape}')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(navigation.classList.contains('main-nav--open')).toBe(false)
    expect(document.activeElement).toBe(toggle)
  })

  it('closes when a link is followed', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')))
    renderApp('/home')
    const user = userEvent.setup()

    const toggle = await screen.findByRole('button', { name: 'Menu' })
    await user.click(toggle)
    const navigation = screen.getByRole('navigation', { name: 'Navigation principale' })
    await user.click(within(navigation).getAllByRole('link')[0]!)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })
})
