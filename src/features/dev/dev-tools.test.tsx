import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { appEnvIs, makeMe, makeUser, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'
import { authQueries } from '../../api/auth.ts'
import { configQueries } from '../../api/config.ts'
import { collapseDevTools } from './dev-tools-store.ts'

const TOGGLE = 'Outils de développement'

afterEach(() => collapseDevTools())

/** Records every GET /api/users the client makes. */
function usersEndpoint(users = [makeUser('ADMIN'), makeUser('MANAGER'), makeUser('TELEOPERATOR')]) {
  const calls: string[] = []
  server.use(
    http.get('*/api/users', ({ request }) => {
      calls.push(request.url)
      return HttpResponse.json(users)
    }),
  )
  return calls
}

async function openPanel() {
  const toggle = await screen.findByRole('button', { name: TOGGLE })
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  await userEvent.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  return screen.getByRole('complementary', { name: TOGGLE })
}

describe('developer tools panel', () => {
  it('is hidden in production', async () => {
    server.use(signedInAs(makeMe('ADMIN')), appEnvIs('production'))
    renderApp('/home')

    await screen.findByText('Bonjour Alice !')
    expect(screen.queryByRole('button', { name: TOGGLE })).toBeNull()
  })

  it('is hidden when nobody is signed in', async () => {
    server.use(appEnvIs('develop'))
    const { queryClient } = renderApp('/login')

    await screen.findByLabelText('Adresse e-mail')
    // Decided: the config is known and "who am I?" answered 401 (no user).
    await waitFor(() => {
      expect(queryClient.getQueryData(configQueries.app().queryKey)?.appEnv).toBe('develop')
      expect(queryClient.getQueryState(authQueries.me().queryKey)?.status).toBe('success')
    })
    expect(queryClient.getQueryData(authQueries.me().queryKey)).toBeNull()
    expect(screen.queryByRole('button', { name: TOGGLE })).toBeNull()
  })

  it('is shown in develop to a signed-in user, collapsed, and Escape collapses it again', async () => {
    server.use(signedInAs(makeMe('MANAGER')), appEnvIs('develop'))
    usersEndpoint()
    renderApp('/home')

    const panel = await openPanel()
    expect(within(panel).getByText('Environnement : develop')).toBeTruthy()

    await userEvent.keyboard('{Escape}')
    const toggle = screen.getByRole('button', { name: TOGGLE })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  it('never requests the user list for a teleoperator and offers an e-mail field instead', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), appEnvIs('develop'))
    const calls = usersEndpoint()
    const { queryClient } = renderApp('/home')

    const panel = await openPanel()

    expect(within(panel).getByLabelText('Adresse e-mail de l’utilisateur')).toBeTruthy()
    // A request would start as soon as the form mounted; once no query is fetching, it has reached msw.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(calls).toEqual([])
  })

  it('lists the users for a manager and signs in as the chosen one', async () => {
    const target = makeMe('TELEOPERATOR')
    let body: unknown = null
    // As the server does: once connected as the target, `me` answers with them.
    let me = makeMe('MANAGER')
    server.use(
      http.get('*/api/user/me', () => HttpResponse.json(me)),
      appEnvIs('develop'),
      http.post('*/api/dev/connect-as', async ({ request }) => {
        body = await request.json()
        me = target
        return HttpResponse.json({ user: target })
      }),
    )
    const calls = usersEndpoint()
    const { router } = renderApp('/backoffice/sms')

    const panel = await openPanel()
    const select = within(panel).getByLabelText('Utilisateur')
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4))
    expect(
      within(select).getByRole('option', { name: 'Camille Martin · Téléopérateur · teleop1@demo.fr' }),
    ).toBeTruthy()
    expect(calls).toHaveLength(1)

    await userEvent.selectOptions(select, 'teleop1@demo.fr')
    await userEvent.click(within(panel).getByRole('button', { name: 'Se connecter en tant que' }))

    expect(await screen.findByText('Connecté en tant que Téléopérateur')).toBeTruthy()
    expect(body).toEqual({ userEmail: 'teleop1@demo.fr' })
    await waitFor(() => expect(currentUrl(router)).toBe('/home'))
  })

  it('switches role: "Connecté en tant que Manager", then /home with the new role', async () => {
    let body: unknown = null
    // As the server does: once switched, `me` answers with the new role (the page refetches `me`
    // whenever its live channel syncs, which may come after the switch).
    let me = makeMe('TELEOPERATOR')
    server.use(
      http.get('*/api/user/me', () => HttpResponse.json(me)),
      appEnvIs('uat'),
      http.post('*/api/dev/switch-role', async ({ request }) => {
        body = await request.json()
        me = makeMe('TELEOPERATOR', { role: 'MANAGER' })
        return HttpResponse.json({ user: me })
      }),
    )
    usersEndpoint()
    const { router } = renderApp('/activity/leaderboard')

    const panel = await openPanel()
    await userEvent.selectOptions(within(panel).getByLabelText('Rôle'), 'MANAGER')
    await userEvent.click(within(panel).getByRole('button', { name: 'Changer de rôle' }))

    expect(await screen.findByText('Connecté en tant que Manager')).toBeTruthy()
    expect(body).toEqual({ role: 'MANAGER' })
    await waitFor(() => expect(currentUrl(router)).toBe('/home'))
    expect(await screen.findByText('Votre rôle : Manager.')).toBeTruthy()
    // The new role may list users: the panel now offers the list.
    expect(await within(panel).findByLabelText('Utilisateur')).toBeTruthy()
  })

  it('says "Erreur lors du changement de rôle" when the switch fails', async () => {
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      appEnvIs('develop'),
      http.post('*/api/dev/switch-role', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Introuvable.' } }, { status: 404 }),
      ),
    )
    const { router } = renderApp('/lead/abc')

    const panel = await openPanel()
    await userEvent.click(within(panel).getByRole('button', { name: 'Changer de rôle' }))

    expect(await screen.findByText('Erreur lors du changement de rôle')).toBeTruthy()
    expect(currentUrl(router)).toBe('/lead/abc')
  })
})
