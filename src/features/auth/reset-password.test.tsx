import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'

const TOKEN = 'a'.repeat(43)

function tokenIs(valid: boolean) {
  return http.get('*/api/user/token/:token', () => HttpResponse.json({ valid }))
}

async function choosePassword(password: string, confirmation: string) {
  await userEvent.type(await screen.findByLabelText('Nouveau mot de passe'), password)
  await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), confirmation)
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }))
}

describe('reset password page', () => {
  it('says the link is invalid or expired, with a way to ask again', async () => {
    server.use(tokenIs(false))
    renderApp(`/reset-password?token=${TOKEN}`)

    expect(await screen.findByText('Ce lien est invalide ou expiré.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull()
  })

  it('says the same without a token', async () => {
    renderApp('/reset-password')
    expect(await screen.findByText('Ce lien est invalide ou expiré.')).toBeTruthy()
  })

  it('refuses two different passwords without calling the server', async () => {
    let called = false
    server.use(
      tokenIs(true),
      http.post('*/api/resetPassword', () => {
        called = true
        return HttpResponse.json({ ok: true })
      }),
    )
    renderApp(`/reset-password?token=${TOKEN}`)

    await choosePassword('Nouveau123', 'Nouveau124')

    expect(await screen.findByText('Les deux mots de passe ne correspondent pas.')).toBeTruthy()
    expect(called).toBe(false)
  })

  it('shows the server’s message for a weak password', async () => {
    server.use(
      tokenIs(true),
      http.post('*/api/resetPassword', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION',
              message: 'Données invalides.',
              fields: { password: 'Le mot de passe doit contenir au moins 8 caractères.' },
            },
          },
          { status: 400 },
        ),
      ),
    )
    renderApp(`/reset-password?token=${TOKEN}`)

    await choosePassword('court1', 'court1')

    expect(await screen.findByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeTruthy()
  })

  it('saves the password, says so and goes to /login', async () => {
    let body: unknown = null
    server.use(
      tokenIs(true),
      http.post('*/api/resetPassword', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ok: true })
      }),
    )
    const { router } = renderApp(`/reset-password?token=${TOKEN}`)

    await choosePassword('Nouveau123', 'Nouveau123')

    expect(
      await screen.findByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.'),
    ).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/login')
    expect(body).toEqual({ password: 'Nouveau123', token: TOKEN })
  })
})

describe('forgot password page', () => {
  it('confirms without saying whether the address exists', async () => {
    let body: unknown = null
    server.use(
      http.post('*/api/forgotPassword', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ok: true })
      }),
    )
    renderApp('/forgot-password')

    await userEvent.type(await screen.findByLabelText('Adresse e-mail'), 'personne@demo.fr')
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }))

    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Si un compte correspond à cette adresse/,
    )
    expect(body).toEqual({ email: 'personne@demo.fr' })
  })
})
