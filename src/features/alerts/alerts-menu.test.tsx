// The header's 'Alertes' panel (issue #5): a clear French state for every answer of the browser,
// the action that fits it, and the badge/tentacall preferences.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import { installFakePushBrowser, type FakePushBrowser } from '../../../tests/fakes/push-browser.ts'
import { AlertsMenu } from './alerts-menu.tsx'

const me = makeMe('MANAGER', { id: 2, preferences: { tour: false, badges: true, tentacalls: false } })
const PUBLIC_KEY = `B${'A'.repeat(86)}`
let browser: FakePushBrowser | null = null
let preferenceCalls: { key: string; body: unknown }[]

beforeEach(() => {
  preferenceCalls = []
  document.cookie = 'XSRF-TOKEN=abc; path=/'
  server.use(
    signedInAs(me),
    http.get('*/api/push/public-key', () => HttpResponse.json({ publicKey: PUBLIC_KEY })),
    http.post('*/api/push/subscription', () => HttpResponse.json({ ok: true })),
    http.delete('*/api/push/subscription', () => HttpResponse.json({ ok: true })),
    http.post('*/api/user/preference/:key', async ({ params, request }) => {
      preferenceCalls.push({ key: String(params.key), body: await request.json() })
      return HttpResponse.json(me)
    }),
  )
})
afterEach(() => {
  browser?.uninstall()
  browser = null
  localStorage.clear()
})

async function openPanel() {
  renderFeature(<AlertsMenu me={me} />)
  await userEvent.click(screen.getByRole('button', { name: 'Alertes' }))
  return screen.getByRole('dialog', { name: 'Alertes' })
}

describe('alerts panel', () => {
  it('turns alerts on from the click (permission asked then) and says they are on', async () => {
    browser = installFakePushBrowser()
    await openPanel()
    expect(await screen.findByText('Vous n’avez pas encore autorisé les notifications.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Activer les alertes' }))
    expect(await screen.findByText('Alertes activées sur ce navigateur.')).toBeTruthy()
    expect(browser.requestPermission).toHaveBeenCalledOnce()

    await userEvent.click(screen.getByRole('button', { name: 'Désactiver' }))
    expect(await screen.findByText('Alertes désactivées sur ce navigateur.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Activer les alertes' })).toBeTruthy()
  })

  it('explains a refusal by the browser and how to change it, with no button that cannot work', async () => {
    browser = installFakePushBrowser({ permission: 'denied' })
    await openPanel()
    expect(await screen.findByText('Alertes refusées par le navigateur.')).toBeTruthy()
    expect(screen.getByText(/autorisez les notifications et rechargez la page/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Activer les alertes' })).toBeNull()
  })

  it('says when the browser refuses at the prompt', async () => {
    browser = installFakePushBrowser({ promptAnswer: 'denied' })
    await openPanel()
    await userEvent.click(await screen.findByRole('button', { name: 'Activer les alertes' }))
    expect(await screen.findByText('Alertes refusées par le navigateur.')).toBeTruthy()
  })

  it('says when the browser has no push support', async () => {
    await openPanel()
    expect(await screen.findByText('Ce navigateur ne prend pas en charge les alertes.')).toBeTruthy()
  })

  it('shows an error, and a retry, when the push service cannot be reached', async () => {
    browser = installFakePushBrowser({ subscribeFails: true })
    await openPanel()
    await userEvent.click(await screen.findByRole('button', { name: 'Activer les alertes' }))
    expect(await screen.findByText('Impossible d’activer les alertes pour le moment.')).toBeTruthy()
    // Issue #29: the focus is back on the button, inside the dialog, and Escape still closes it.
    const retry = screen.getByRole('button', { name: 'Réessayer' })
    await waitFor(() => expect(document.activeElement).toBe(retry))
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Alertes' })).toBeNull()
  })

  it('after a refusal at the prompt, the focus is on the state and Escape closes the dialog', async () => {
    browser = installFakePushBrowser({ promptAnswer: 'denied' })
    await openPanel()
    await userEvent.click(await screen.findByRole('button', { name: 'Activer les alertes' }))
    const state = await screen.findByText('Alertes refusées par le navigateur.')
    await waitFor(() => expect(document.activeElement).toBe(state))
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Alertes' })).toBeNull()
  })

  it('shows and saves the badge and tentacall preferences', async () => {
    await openPanel()
    const badges = screen.getByRole('checkbox', { name: 'Les badges' })
    const tentacalls = screen.getByRole('checkbox', { name: 'Les tentacalls' })
    expect((badges as HTMLInputElement).checked).toBe(true)
    expect((tentacalls as HTMLInputElement).checked).toBe(false)
    await userEvent.click(tentacalls)
    await expect.poll(() => preferenceCalls).toEqual([{ key: 'tentacalls', body: { preferenceValue: true } }])
  })
})
