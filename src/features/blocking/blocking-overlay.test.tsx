import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { BlockingOverlay } from './blocking-overlay.tsx'

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <BlockingOverlay /> }], { initialEntries: [url] })
  render(<RouterProvider router={router} />)
  return router
}

describe('BlockingOverlay', () => {
  it.each([
    ['UNFINISHED_PROCESSING_LEAD', 'Lead en cours de traitement', /terminer son traitement/],
    ['UNTAGGED_CALL', 'Appel non taggé', /tagger le lead/],
    ['ONGOING_CALL', 'Appel en cours', /terminer le traitement du lead/],
  ])('explains the cause %s with its title and message', (cause, title, message) => {
    renderAt(`/home?redirect=/lead/abc&cause=${cause}`)

    const dialog = screen.getByRole('dialog', { name: title })
    expect(dialog.textContent).toMatch(message)
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeTruthy()
  })

  it.each([
    ['/home?cause=UNTAGGED_CALL', 'only a cause'],
    ['/home?redirect=/lead/abc', 'only a redirect'],
    ['/home?redirect=/lead/abc&cause=UNKNOWN', 'an unknown cause'],
    ['/home?redirect=&cause=UNTAGGED_CALL', 'an empty redirect'],
  ])('shows nothing for %s (%s)', (url) => {
    renderAt(url)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Continuer removes redirect and cause, keeps the other parameters and replaces the entry', async () => {
    const router = renderAt('/lead/abc?tab=x&redirect=/lead/abc&cause=ONGOING_CALL')
    const initialAction = router.state.historyAction

    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/lead/abc')
    expect(router.state.location.search).toBe('?tab=x')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(initialAction).toBe('POP')
  })

  it.each([
    ['Escape', async () => userEvent.keyboard('{Escape}')],
    ['the close icon', async () => userEvent.click(screen.getByRole('button', { name: 'Fermer' }))],
    [
      'a click on the overlay',
      async () => userEvent.click(screen.getByRole('dialog').parentElement as HTMLElement),
    ],
  ])('closing with %s removes both parameters too', async (_label, close) => {
    const router = renderAt('/home?redirect=/lead/abc&cause=UNTAGGED_CALL&page=2')

    await close()

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.search).toBe('?page=2')
  })

  it('puts the focus on Continuer', () => {
    renderAt('/home?redirect=/lead/abc&cause=UNTAGGED_CALL')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continuer' }))
  })
})
