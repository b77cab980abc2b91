// Issue #14 "display link": the administrator creates a link (its full address shown once, with a
// copy button) and revokes one after a confirmation; the list shows which are in force. Issue #31: a
// manager's form requires one of their teams.
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../../tests/mocks/server.ts'
import { renderFeature } from '../../../../tests/setup/render-feature.tsx'
import type { DisplayLink } from '../../../contracts/display-links.ts'
import { DisplayLinksScreen } from './display-links-screen.tsx'

const TOKEN = 'A'.repeat(43)

function link(overrides: Partial<DisplayLink> = {}): DisplayLink {
  return {
    id: 1,
    name: 'Télévision du plateau',
    team: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    createdBy: 'Alice Durand',
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  }
}

describe('the display links back office', () => {
  it('creates a link and shows its full address once, with a copy button', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    let links: DisplayLink[] = []
    const bodies: unknown[] = []
    server.use(
      http.get('*/api/display-links', () => HttpResponse.json({ links, teams: [], centreWide: true })),
      http.post('*/api/display-links', async ({ request }) => {
        const body = (await request.json()) as { name: string }
        bodies.push(body)
        links = [link({ name: body.name })]
        return HttpResponse.json({ link: links[0], token: TOKEN })
      }),
    )
    renderFeature(<DisplayLinksScreen />, '/backoffice/display-links')
    expect(await screen.findByText('Aucun lien d’affichage pour l’instant.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Nouveau lien d’affichage' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau lien d’affichage' })
    await user.type(within(dialog).getByLabelText('Nom de l’écran'), 'Salle de pause')
    await user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }))
    const created = await screen.findByRole('dialog', { name: 'Lien créé' })
    const address = within(created).getByLabelText('Adresse du lien') as HTMLInputElement
    expect(address.value).toBe(`${window.location.origin}/display/${TOKEN}`)
    await user.click(within(created).getByRole('button', { name: 'Copier l’adresse' }))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/display/${TOKEN}`)
    expect(within(created).getByRole('status').textContent).toBe('Adresse copiée')
    await user.click(within(created).getByRole('button', { name: 'Terminer' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByRole('rowheader', { name: 'Salle de pause' })).toBeTruthy()
    // Gone with the dialog: the address is nowhere on the page any more.
    expect(document.body.textContent).not.toContain(TOKEN)
    // An administrator's link shows the whole centre unless a team is chosen.
    expect(bodies).toEqual([{ name: 'Salle de pause', teamId: null }])
    const row = screen.getByRole('rowheader', { name: 'Salle de pause' }).closest('tr')!
    expect(within(row).getByText('Tout le centre')).toBeTruthy()
  })

  it('makes a manager choose one of their teams, and offers no centre-wide link', async () => {
    const user = userEvent.setup()
    const teams = [
      { id: 7, name: 'Plateau Nord' },
      { id: 9, name: 'Plateau Sud' },
    ]
    const bodies: { name: string; teamId: number | null }[] = []
    let links: DisplayLink[] = []
    server.use(
      http.get('*/api/display-links', () => HttpResponse.json({ links, teams, centreWide: false })),
      http.post('*/api/display-links', async ({ request }) => {
        const body = (await request.json()) as { name: string; teamId: number }
        bodies.push(body)
        links = [link({ name: body.name, team: teams.find((team) => team.id === body.teamId)! })]
        return HttpResponse.json({ link: links[0], token: TOKEN })
      }),
    )
    renderFeature(<DisplayLinksScreen />, '/backoffice/display-links')
    await screen.findByText('Aucun lien d’affichage pour l’instant.')
    await user.click(screen.getByRole('button', { name: 'Nouveau lien d’affichage' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau lien d’affichage' })
    const select = within(dialog).getByLabelText('Classement affiché') as HTMLSelectElement
    expect([...select.options].map((option) => option.text)).toEqual([
      'Choisissez une équipe',
      'Plateau Nord',
      'Plateau Sud',
    ])
    await user.type(within(dialog).getByLabelText('Nom de l’écran'), 'Écran Sud')
    await user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }))
    // No team chosen: the form says so and sends nothing.
    expect(within(dialog).getByText('Choisissez l’équipe dont l’écran affichera le classement.')).toBeTruthy()
    expect(select.getAttribute('aria-invalid')).toBe('true')
    expect(bodies).toEqual([])
    await user.selectOptions(select, 'Plateau Sud')
    await user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }))
    await screen.findByRole('dialog', { name: 'Lien créé' })
    expect(bodies).toEqual([{ name: 'Écran Sud', teamId: 9 }])
    await user.click(screen.getByRole('button', { name: 'Terminer' }))
    const row = (await screen.findByRole('rowheader', { name: 'Écran Sud' })).closest('tr')!
    expect(within(row).getByText('Plateau Sud')).toBeTruthy()
  })

  it('tells a manager of no team that no link can be created', async () => {
    const user = userEvent.setup()
    server.use(
      http.get('*/api/display-links', () => HttpResponse.json({ links: [], teams: [], centreWide: false })),
    )
    renderFeature(<DisplayLinksScreen />, '/backoffice/display-links')
    await screen.findByText('Aucun lien d’affichage pour l’instant.')
    await user.click(screen.getByRole('button', { name: 'Nouveau lien d’affichage' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau lien d’affichage' })
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Vous n’encadrez aucune équipe : aucun lien d’affichage ne peut être créé.',
    )
    expect(within(dialog).queryByLabelText('Classement affiché')).toBeNull()
  })

  it('revokes a link after a confirmation', async () => {
    const user = userEvent.setup()
    let links = [link(), link({ id: 2, name: 'Hall', revokedAt: '2026-11-24T09:00:00.000Z' })]
    const revoked: number[] = []
    server.use(
      http.get('*/api/display-links', () => HttpResponse.json({ links, teams: [], centreWide: true })),
      http.post('*/api/display-links/:id/revoke', ({ params }) => {
        revoked.push(Number(params.id))
        links = links.map((one) =>
          one.id === Number(params.id) ? { ...one, revokedAt: '2026-11-25T10:00:00.000Z' } : one,
        )
        return HttpResponse.json(links[0])
      }),
    )
    renderFeature(<DisplayLinksScreen />, '/backoffice/display-links')
    const row = (await screen.findByRole('rowheader', { name: 'Télévision du plateau' })).closest('tr')!
    expect(within(row).getByText('Actif')).toBeTruthy()
    // A revoked link has nothing left to revoke.
    const hall = screen.getByRole('rowheader', { name: 'Hall' }).closest('tr')!
    expect(within(hall).queryByRole('button')).toBeNull()
    await user.click(within(row).getByRole('button', { name: 'Révoquer le lien « Télévision du plateau »' }))
    const confirm = await screen.findByRole('dialog', { name: 'Révoquer ce lien ?' })
    await user.click(within(confirm).getByRole('button', { name: 'Révoquer' }))
    await waitFor(() => expect(within(row).getByText(/^Révoqué le/)).toBeTruthy())
    expect(revoked).toEqual([1])
    expect(await screen.findByText('Lien « Télévision du plateau » révoqué.')).toBeTruthy()
  })
})
