import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'
import { authQueries } from '../../api/auth.ts'

function loginAnswers(status: number, code: string, message: string) {
  return http.post('*/api/login', () => HttpResponse.json({ error: { code, message } }, { status }))
}

async function signIn(email = 'teleop1@demo.fr', password = 'Demo1234!') {
  await userEvent.type(await screen.findByLabelText('Adresse e-mail'), email)
  await userEvent.type(screen.getByLabelText('Mot de passe'), password)
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
}

describe('login page', () => {
  it('has the French labels, the button and the forgotten-password link', async () => {
    renderApp('/login')

    expect(await screen.findByLabelText('Adresse e-mail')).toBeTruthy()
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
  })

  it.each([
    [401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.'],
    [403, 'ACCOUNT_INACTIVE', 'Ce compte est désactivé. Contactez votre administrateur.'],
    [429, 'TOO_MANY_ATTEMPTS', 'Trop de tentatives de connexion. Réessayez dans quelques minutes.'],
  ])('shows the server’s French message on %i %s and stays on /login', async (status, code, message) => {
    server.use(loginAnswers(status, code, message))
    const { router } = renderApp('/login')

    await signIn()

    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(router.state.location.pathname).toBe('/login')
  })

  it('sends the credentials and goes to /home without a returnTo', async () => {
    let body: unknown = null
    server.use(
      http.post('*/api/login', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ user: makeMe('TELEOPERATOR') })
      }),
    )
    const { router } = renderApp('/login')

    await signIn('teleop1@demo.fr', 'Demo1234!')

    expect(await screen.findByText('Bonjour Camille !')).toBeTruthy()
    expect(currentUrl(router)).toBe('/home')
    // Issue #17: by default the session ends with the browser.
    expect(body).toEqual({ email: 'teleop1@demo.fr', password: 'Demo1234!', rememberMe: false })
  })

  it('signs in through the mutation cache: the other tabs are told and `me` is the new user', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.json({ user: makeMe('MANAGER') })))
    const { queryClient } = renderApp('/login')
    const sessionChanges: unknown[] = []
    // What src/app/session-sync.ts listens to, to tell the other tabs.
    queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success')
        sessionChanges.push(event.mutation.meta?.changesSession)
    })

    await signIn()

    await waitFor(() => expect(sessionChanges).toEqual([true]))
    expect(queryClient.getQueryData(authQueries.me().queryKey)?.role).toBe('MANAGER')
  })

  it('asks for a persistent session only when « Rester connecté sur cet appareil » is ticked', async () => {
    let body: unknown = null
    server.use(
      http.post('*/api/login', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ user: makeMe('TELEOPERATOR') })
      }),
    )
    renderApp('/login')
    const remember = await screen.findByRole('checkbox', { name: 'Rester connecté sur cet appareil' })
    expect((remember as HTMLInputElement).checked).toBe(false)
    expect(remember.getAttribute('aria-describedby')).toBeTruthy()

    await userEvent.click(remember)
    await signIn('teleop1@demo.fr', 'Demo1234!')

    expect(await screen.findByText('Bonjour Camille !')).toBeTruthy()
    expect(body).toEqual({ email: 'teleop1@demo.fr', password: 'Demo1234!', rememberMe: true })
  })

  it('goes back to returnTo after signing in', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.json({ user: makeMe('ADMIN') })))
    const { router } = renderApp('/login?returnTo=%2Fbackoffice%2Fsms%3Fpage%3D3')

    await signIn()

    expect(await screen.findByRole('heading', { name: 'SMS' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/backoffice/sms?page=3')
  })

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\t/evil.example'])(
    'ignores a returnTo that leaves the site (%s)',
    async (returnTo) => {
      server.use(http.post('*/api/login', () => HttpResponse.json({ user: makeMe('TELEOPERATOR') })))
      const { router } = renderApp(`/login?${new URLSearchParams({ returnTo })}`)

      await signIn()

      expect(await screen.findByText('Bonjour Camille !')).toBeTruthy()
      expect(currentUrl(router)).toBe('/home')
    },
  )

  it('puts the focus on the e-mail field on arrival (issue #11)', async () => {
    renderApp('/login')
    const email = await screen.findByLabelText('Adresse e-mail')
    await waitFor(() => expect(document.activeElement).toBe(email))
  })
})
