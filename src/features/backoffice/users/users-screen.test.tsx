// Issue #12 "Users": the list's search, filters, sort and page live in the URL (a reload or the back
// button restores them and the server is asked for exactly that), and a save made from a stale
// version shows the server's French reason and the user as they now are.
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { AdminUser, UserPage } from '../../../contracts/user-admin.ts'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../../tests/setup/render-app.tsx'

const STALE =
  'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.'

function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 12,
    firstName: 'Léa',
    lastName: 'Dupont',
    email: 'lea.dupont@test.fr',
    role: 'TELEOPERATOR',
    status: 'ACTIVE',
    aircallId: null,
    avatar: null,
    teamIds: [3],
    version: 1,
    teams: [{ id: 3, name: 'Équipe Lyon' }],
    missions: [{ id: 5, name: 'Mission Soleil', color: '#aa3300' }],
    workingNow: true,
    createdAt: '2026-11-20T09:00:00.000Z',
    passwordChosen: false,
    ...overrides,
  }
}

/** The users API; records the query string of every list request. */
function usersServer(initial: AdminUser) {
  let user = initial
  const listQueries: URLSearchParams[] = []
  const page = (): UserPage => ({ items: [user], total: 60, page: 1, pageSize: 25 })
  server.use(
    signedInAs(makeMe('ADMIN')),
    http.get('*/api/users', ({ request }) => {
      listQueries.push(new URL(request.url).searchParams)
      return HttpResponse.json(page())
    }),
    http.get('*/api/user/:id', () => HttpResponse.json(user)),
    http.get('*/api/teams', () =>
      HttpResponse.json({
        items: [{ id: 3, name: 'Équipe Lyon', version: 1, archivedAt: null, memberCount: 1, managers: [] }],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    ),
    http.get('*/api/missions', () =>
      HttpResponse.json({ items: [{ id: 5, name: 'Mission Soleil' }], total: 1, page: 1, pageSize: 100 }),
    ),
    http.get('*/api/audit/user/:id', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
  )
  return {
    listQueries,
    lastQuery: () => Object.fromEntries(listQueries.at(-1) ?? []),
    /** Another administrator's save, unknown to this page. */
    changeBehindTheScenes: (changes: Partial<AdminUser>) => (user = { ...user, ...changes }),
  }
}

describe('the users screen', () => {
  it('reads search, filters, sort and page from the URL and asks the server for exactly that', async () => {
    const api = usersServer(makeAdminUser())
    renderApp(
      '/utilisateurs?q=dupont&role=TELEOPERATOR&team=3&aircall=1&working=1&sort=email&order=desc&page=2',
    )
    expect(await screen.findByRole('button', { name: 'Ouvrir la fiche de Léa Dupont' })).toBeTruthy()
    expect(api.lastQuery()).toEqual({
      search: 'dupont',
      role: 'TELEOPERATOR',
      teamId: '3',
      needsAircallLink: 'true',
      workingNow: 'true',
      sort: 'email',
      order: 'desc',
      page: '2',
      pageSize: '25',
    })
    const filters = within(screen.getByRole('group', { name: 'Filtres des utilisateurs' }))
    expect((filters.getByLabelText('Rechercher (nom ou e-mail)') as HTMLInputElement).value).toBe('dupont')
    expect((filters.getByLabelText('Rôle') as HTMLSelectElement).value).toBe('TELEOPERATOR')
    await waitFor(() => expect((filters.getByLabelText('Équipe') as HTMLSelectElement).value).toBe('3'))
    expect(screen.getByText('Page 2 sur 3')).toBeTruthy()
    const email = screen.getByRole('columnheader', { name: /E-mail/ })
    expect(email.getAttribute('aria-sort')).toBe('descending')
  })

  it('puts a filter change in the URL, back to page 1, and the back button restores the view', async () => {
    const api = usersServer(makeAdminUser())
    const { router } = renderApp('/utilisateurs?role=TELEOPERATOR&page=2')
    const filters = within(await screen.findByRole('group', { name: 'Filtres des utilisateurs' }))
    await userEvent.selectOptions(filters.getByLabelText('Statut'), 'INACTIVE')
    await waitFor(() => expect(currentUrl(router)).toBe('/utilisateurs?role=TELEOPERATOR&status=INACTIVE'))
    await waitFor(() => expect(api.lastQuery()).toMatchObject({ status: 'INACTIVE', page: '1' }))
    await userEvent.type(filters.getByLabelText('Rechercher (nom ou e-mail)'), 'léa')
    await waitFor(() => expect(api.lastQuery()).toMatchObject({ search: 'léa', status: 'INACTIVE' }))
    expect(currentUrl(router)).toBe('/utilisateurs?q=l%C3%A9a&role=TELEOPERATOR&status=INACTIVE')
    await router.navigate(-1)
    await waitFor(() => expect(currentUrl(router)).toBe('/utilisateurs?role=TELEOPERATOR&page=2'))
    await waitFor(() => expect((filters.getByLabelText('Statut') as HTMLSelectElement).value).toBe(''))
    expect((filters.getByLabelText('Rechercher (nom ou e-mail)') as HTMLInputElement).value).toBe('')
    expect((filters.getByLabelText('Rôle') as HTMLSelectElement).value).toBe('TELEOPERATOR')
    expect(await screen.findByText('Page 2 sur 3')).toBeTruthy()
  })

  it('shows the French reason and the current version when the user changed meanwhile', async () => {
    const api = usersServer(makeAdminUser())
    const puts: unknown[] = []
    server.use(
      http.put('*/api/user/:id', async ({ request }) => {
        puts.push(await request.json())
        const current = api.changeBehindTheScenes({ lastName: 'Durand', version: 2 })
        return HttpResponse.json(
          { error: { code: 'STALE_VERSION', message: STALE }, current },
          { status: 409 },
        )
      }),
    )
    renderApp('/utilisateurs?user=12')
    const panel = within(await screen.findByRole('region', { name: 'Léa Dupont' }))
    const firstName = panel.getByLabelText('Prénom')
    await userEvent.clear(firstName)
    await userEvent.type(firstName, 'Léane')
    await userEvent.click(panel.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(STALE)).toBeTruthy()
    expect(puts).toEqual([
      {
        firstName: 'Léane',
        lastName: 'Dupont',
        email: 'lea.dupont@test.fr',
        role: 'TELEOPERATOR',
        teamIds: [3],
        version: 1,
      },
    ])
    // The user as they now are: the heading and the fields, the reason still shown.
    const current = within(await screen.findByRole('region', { name: 'Léa Durand' }))
    await waitFor(() => expect((current.getByLabelText('Nom') as HTMLInputElement).value).toBe('Durand'))
    expect((current.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Léa')
    expect(current.getByText(STALE)).toBeTruthy()
  })
})

describe('creating a user (issue #31)', () => {
  async function createLea(welcome: unknown) {
    usersServer(makeAdminUser())
    server.use(
      http.post('*/api/users', () =>
        HttpResponse.json({ ...makeAdminUser({ id: 13 }), welcome }, { status: 201 }),
      ),
    )
    renderApp('/utilisateurs')
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvel utilisateur' }))
    const form = within(await screen.findByRole('region', { name: 'Nouvel utilisateur' }))
    await userEvent.type(form.getByLabelText('Prénom'), 'Léa')
    await userEvent.type(form.getByLabelText('Nom'), 'Dupont')
    await userEvent.type(form.getByLabelText('Adresse e-mail'), 'lea.dupont@test.fr')
    await userEvent.click(form.getByRole('button', { name: 'Créer l’utilisateur' }))
  }

  it('hands over the welcome link once, with its validity and a copy button, when no mail can go', async () => {
    const url = 'https://centre.example.fr/reset-password?token=abc'
    await createLea({ kind: 'link', url, expiresAt: '2026-12-01T13:30:00.000Z' })
    const dialog = within(await screen.findByRole('dialog', { name: 'Lien de bienvenue à remettre' }))
    expect(dialog.getByText(/Aucun serveur d’envoi n’est configuré/)).toBeTruthy()
    expect(dialog.getByText(/valable jusqu’au 1er décembre 2026 à 14:30/)).toBeTruthy()
    expect((dialog.getByLabelText('Lien de bienvenue') as HTMLInputElement).value).toBe(url)
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await userEvent.click(dialog.getByRole('button', { name: 'Copier le lien' }))
    expect(writeText).toHaveBeenCalledWith(url)
    expect(await dialog.findByText('Lien copié.')).toBeTruthy()
    expect(screen.getByText('Utilisateur Léa Dupont créé : remettez-lui son lien de bienvenue.')).toBeTruthy()
    await userEvent.click(dialog.getByRole('button', { name: 'J’ai remis le lien' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says the welcome mail is queued, not that it left', async () => {
    await createLea({ kind: 'mail-queued' })
    expect(
      await screen.findByText(
        'Utilisateur Léa Dupont créé : l’e-mail de bienvenue est en file d’envoi (suivi dans « E-mails »).',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('« Nouveau lien » on a user’s panel (issue #31)', () => {
  it('asks the server for a fresh link and shows it once, saying the older ones stop working', async () => {
    usersServer(makeAdminUser())
    const url = 'https://centre.example.fr/reset-password?token=fresh'
    const posts: string[] = []
    server.use(
      http.post('*/api/user/:id/welcome-link', ({ params }) => {
        posts.push(String(params.id))
        return HttpResponse.json({ url, expiresAt: '2026-12-01T13:30:00.000Z' })
      }),
    )
    renderApp('/utilisateurs?user=12')
    const panel = within(await screen.findByRole('region', { name: 'Léa Dupont' }))
    await userEvent.click(panel.getByRole('button', { name: 'Nouveau lien' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Lien de bienvenue à remettre' }))
    expect(posts).toEqual(['12'])
    expect(
      dialog.getByText('Ce nouveau lien remplace les précédents, qui ne fonctionnent plus.'),
    ).toBeTruthy()
    expect(dialog.getByText(/valable jusqu’au 1er décembre 2026 à 14:30/)).toBeTruthy()
    expect((dialog.getByLabelText('Lien de bienvenue') as HTMLInputElement).value).toBe(url)
    await userEvent.click(dialog.getByRole('button', { name: 'J’ai remis le lien' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows the server’s reason when it refuses', async () => {
    usersServer(makeAdminUser())
    server.use(
      http.post('*/api/user/:id/welcome-link', () =>
        HttpResponse.json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Ce compte est désactivé : réactivez-le avant de lui donner un lien.',
            },
          },
          { status: 409 },
        ),
      ),
    )
    renderApp('/utilisateurs?user=12')
    const panel = within(await screen.findByRole('region', { name: 'Léa Dupont' }))
    await userEvent.click(panel.getByRole('button', { name: 'Nouveau lien' }))
    expect((await panel.findByRole('alert')).textContent).toBe(
      'Ce compte est désactivé : réactivez-le avant de lui donner un lien.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is not offered once the user chose a password: they use « Mot de passe oublié »', async () => {
    usersServer(makeAdminUser({ passwordChosen: true }))
    renderApp('/utilisateurs?user=12')
    const panel = within(await screen.findByRole('region', { name: 'Léa Dupont' }))
    expect(
      panel.getByText(
        'Léa Dupont a choisi son mot de passe : en cas d’oubli, le lien « Mot de passe oublié » de la page de connexion lui en envoie un nouveau.',
      ),
    ).toBeTruthy()
    expect(panel.queryByRole('button', { name: 'Nouveau lien' })).toBeNull()
  })

  it('is not offered for a deactivated account', async () => {
    usersServer(makeAdminUser({ status: 'INACTIVE' }))
    renderApp('/utilisateurs?user=12')
    const panel = within(await screen.findByRole('region', { name: 'Léa Dupont' }))
    expect(panel.getByRole('button', { name: 'Réactiver le compte' })).toBeTruthy()
    expect(panel.queryByRole('button', { name: 'Nouveau lien' })).toBeNull()
  })
})
