// Issue #15 "/dev/uat-settings": the environment's facts, the simulator settings (proportions that
// make 100 %), and the reset of calls and leads after a confirmation, by an administrator only.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { UAT_SETTINGS } from '../../../tests/mocks/dev-floor.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import type { SimulatorSettings } from '../../contracts/dev-floor.ts'
import { UatScreen } from './uat-screen.tsx'

describe('the UAT settings screen', () => {
  it('shows the environment and saves simulator settings only when they make 100 %', async () => {
    const user = userEvent.setup()
    const saved: SimulatorSettings[] = []
    server.use(
      http.put('*/api/dev/uat-settings/simulator', async ({ request }) => {
        const body = (await request.json()) as SimulatorSettings
        saved.push(body)
        return HttpResponse.json(body)
      }),
    )
    renderFeature(<UatScreen />, '/dev/uat-settings')
    expect((await screen.findByText('Environnement (APP_ENV)')).nextElementSibling?.textContent).toBe('uat')
    expect(screen.getByText('Base de données').nextElementSibling?.textContent).toBe('PGlite (intégrée)')
    const answered = screen.getByLabelText('Décrochés (%)')
    await user.clear(answered)
    await user.type(answered, '50')
    expect(screen.getByRole('alert').textContent).toBe('Total : 110 %')
    expect(screen.getByRole('button', { name: 'Enregistrer' }).hasAttribute('disabled')).toBe(true)
    const noAnswer = screen.getByLabelText('Sans réponse (%)')
    await user.clear(noAnswer)
    await user.type(noAnswer, '25')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(saved).toEqual([{ ...UAT_SETTINGS.simulator, answeredPercent: 50, noAnswerPercent: 25 }])
  })

  it('resets calls and leads once confirmed, not on cancel', async () => {
    const user = userEvent.setup()
    let resets = 0
    server.use(
      signedInAs(makeMe('ADMIN')),
      http.post('*/api/dev/uat/reset-calls-and-leads', () => {
        resets += 1
        return HttpResponse.json({ ok: true, leads: 2400, appointments: 90 })
      }),
    )
    renderFeature(<UatScreen />, '/dev/uat-settings')
    const button = await screen.findByRole('button', { name: 'Réinitialiser appels et leads' })
    // Enabled once the page knows the user is an administrator.
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
    await user.click(button)
    await user.click(await screen.findByRole('button', { name: 'Annuler' }))
    expect(resets).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Réinitialiser appels et leads' }))
    await user.click(await screen.findByRole('button', { name: 'Réinitialiser' }))
    expect(await screen.findByText('Données réinitialisées : 2400 leads de démonstration.')).toBeTruthy()
    expect(resets).toBe(1)
  })

  it('offers the reset to administrators only, saying why to the others', async () => {
    server.use(signedInAs(makeMe('MANAGER')))
    renderFeature(<UatScreen />, '/dev/uat-settings')
    const button = await screen.findByRole('button', {
      name: 'Réinitialiser appels et leads',
      description:
        'Réservé aux administrateurs : la réinitialisation efface les appels et les leads de tous.',
    })
    expect(button.hasAttribute('disabled')).toBe(true)
  })
})
