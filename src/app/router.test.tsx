import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../tests/mocks/server.ts'
import { displaySessionIs } from '../../tests/mocks/leaderboard.ts'
import { appEnvIs, makeMe, signedInAs } from '../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../tests/setup/render-app.tsx'
import { installFakePushBrowser } from '../../tests/fakes/push-browser.ts'
import { SUBSCRIBED_USER_KEY } from '../pwa/push-subscription.ts'

describe('routing rules (spec §2)', () => {
  it('sends a signed-out visitor of a private route to /login with the way back', async () => {
    const { router } = renderApp('/backoffice/missions?page=2')

    expect(await screen.findByLabelText('Adresse e-mail')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/backoffice/missions?page=2',
    )
  })

  it('redirects an unknown path to /404', async () => {
    const { router } = renderApp('/this/does/not/exist')

    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/404')
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/home')
  })

  it('sends / to /home inside the main layout', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')))
    const { router } = renderApp('/')

    expect(await screen.findByText('Bonjour Camille !')).toBeTruthy()
    expect(screen.getByText('Votre rôle : Téléopérateur.')).toBeTruthy()
    expect(currentUrl(router)).toBe('/home')
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy()
  })

  it('shows the access-denied view to a teleoperator who types a back-office URL', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')))
    const { router } = renderApp('/backoffice/missions')

    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/backoffice/missions')
    expect(screen.queryByRole('heading', { name: 'Missions' })).toBeNull()
  })

  it('opens the same URL for an administrator', async () => {
    server.use(
      signedInAs(makeMe('ADMIN')),
      http.get('*/api/sms/templates', () => HttpResponse.json({ templates: [] })),
    )
    renderApp('/backoffice/sms')

    expect(await screen.findByRole('heading', { name: 'SMS' })).toBeTruthy()
  })

  it('sends developer pages to /404 in production, as paths that do not exist (issue #26)', async () => {
    server.use(signedInAs(makeMe('ADMIN')), appEnvIs('production'))
    const devRequests: string[] = []
    const track = ({ request }: { request: Request }) => {
      const { pathname } = new URL(request.url)
      if (pathname.startsWith('/api/dev/')) devRequests.push(pathname)
    }
    server.events.on('request:start', track)
    try {
      // A developer page whose module starts its data (tests/mocks/dev-floor.ts) once loaded.
      const { router } = renderApp('/dev/uat-settings')

      expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy()
      expect(currentUrl(router)).toBe('/404')
      expect(screen.queryByRole('heading', { name: 'Paramètres UAT' })).toBeNull()
      expect(devRequests).toEqual([])
    } finally {
      server.events.removeListener('request:start', track)
    }
  })

  it('opens developer pages to any role outside production', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), appEnvIs('uat'))
    const { router } = renderApp('/dev/uat-settings')

    expect(await screen.findByRole('heading', { name: 'Paramètres UAT' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/dev/uat-settings')
  })

  it('shows the leaderboard without navigation chrome', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')))
    renderApp('/activity/leaderboard')

    expect(await screen.findByRole('heading', { name: 'Classement' })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull()
  })

  it('opens a display link’s leaderboard with nobody signed in (issue #14)', async () => {
    server.use(displaySessionIs({ name: 'Télévision du plateau' }))
    const token = 'T'.repeat(43)
    const { router } = renderApp(`/display/${token}`)

    expect(await screen.findByRole('heading', { name: 'Classement' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`/display/${token}`)
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull()
  })

  it('shows the blocking-reason overlay on any page, public ones included', async () => {
    renderApp('/login?redirect=%2Fhome&cause=ONGOING_CALL')

    expect(await screen.findByRole('dialog', { name: 'Appel en cours' })).toBeTruthy()
    expect(screen.getByLabelText('Adresse e-mail')).toBeTruthy()
  })

  it('returns to the requested page after signing in', async () => {
    const me = makeMe('ADMIN')
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ user: me })),
      // The page's loader asks an administrator for the mission's users and teams (issue #26).
      ...['*/api/assignments/mission/:id', '*/api/assignments/mission/:id/teams'].map((path) =>
        http.get(path, () =>
          HttpResponse.json(
            { error: { code: 'NOT_FOUND', message: 'Mission introuvable.' } },
            { status: 404 },
          ),
        ),
      ),
    )
    const { router } = renderApp('/affectations/mission/7')
    await screen.findByLabelText('Adresse e-mail')

    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'admin@demo.fr')
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Demo1234!')
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }))

    expect(await screen.findByRole('heading', { name: 'Utilisateurs de la mission' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/affectations/mission/7')
  })
})

describe('main layout', () => {
  function navigationLinks() {
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' })
    return within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
  }

  it('shows a teleoperator only the home page, their recalls, the leaderboard and their own progress', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')))
    renderApp('/home')
    await screen.findByText('Bonjour Camille !')

    expect(navigationLinks()).toEqual(['Accueil', 'Mes rappels', 'Classement', 'Gamification'])
  })

  it('adds the activity section for a manager, and of the back office only the display links', async () => {
    server.use(signedInAs(makeMe('MANAGER')))
    renderApp('/home')
    await screen.findByText('Bonjour Marc !')

    const links = navigationLinks()
    expect(links).toContain('Statistiques des téléopérateurs')
    // Issue #12: a manager assigns their teams' members to missions; team membership and the back
    // office stay with administrators, but for their teams' display links (issue #31).
    expect(screen.getByRole('heading', { name: 'Affectations' })).toBeTruthy()
    expect(links).not.toContain('Équipes')
    expect(links).not.toContain('Configuration')
    expect(links).toContain('Liens d’affichage')
  })

  it('shows an administrator every section', async () => {
    server.use(signedInAs(makeMe('ADMIN')))
    renderApp('/home')
    await screen.findByText('Bonjour Alice !')

    for (const section of [
      'Activité',
      'Back-office',
      'Utilisateurs',
      'Affectations',
      'Intégration',
      'Extractions',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeTruthy()
    }
    expect(navigationLinks()).toContain('Statut des webhooks Aircall')
  })

  it('shows the user’s name, initials without an avatar, and a skip link', async () => {
    server.use(signedInAs(makeMe('MANAGER')))
    renderApp('/home')
    await screen.findByText('Bonjour Marc !')

    expect(screen.getByText('Marc Lefèvre')).toBeTruthy()
    expect(screen.getByText('ML')).toBeTruthy()
    await userEvent.click(screen.getByRole('link', { name: 'Aller au contenu' }))
    expect(document.activeElement).toBe(screen.getByRole('main'))
  })

  it('signs out with Se déconnecter and lands on /login', async () => {
    let loggedOut = false
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      http.post('*/api/logout', () => {
        loggedOut = true
        return HttpResponse.json({ ok: true, redirect: '/login' })
      }),
    )
    const { router } = renderApp('/home')
    await screen.findByText('Bonjour Camille !')

    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }))

    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy()
    expect(loggedOut).toBe(true)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull()
  })

  it('signing out unsubscribes this browser and the sign-out request names its push endpoint', async () => {
    const browser = installFakePushBrowser()
    try {
      const subscription = browser.subscribeBeforehand(Uint8Array.from({ length: 65 }, () => 4))
      localStorage.setItem(SUBSCRIBED_USER_KEY, String(makeMe('TELEOPERATOR').id))
      const logoutBodies: unknown[] = []
      server.use(
        signedInAs(makeMe('TELEOPERATOR')),
        http.post('*/api/push/subscription', () => HttpResponse.json({ ok: true })),
        http.post('*/api/logout', async ({ request }) => {
          logoutBodies.push(await request.json())
          return HttpResponse.json({ ok: true, redirect: '/login' })
        }),
      )
      renderApp('/home')
      await screen.findByText('Bonjour Camille !')

      await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }))

      expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy()
      expect(logoutBodies).toEqual([{ pushEndpoint: subscription.endpoint }])
      expect(subscription.unsubscribe).toHaveBeenCalled()
      expect(localStorage.getItem(SUBSCRIBED_USER_KEY)).toBeNull()
    } finally {
      browser.uninstall()
      localStorage.clear()
    }
  })
})
