// Issue #14 "Lead follow-up": the mission, market and opened list live in the URL (the server is
// asked exactly that), every count opens its leads (by keyboard too), a lead waiting for a forced
// appointment links to its booking page, and a lead held too long is freed once confirmed.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { followUpServer } from '../../../tests/mocks/follow-up.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl } from '../../../tests/setup/render-app.tsx'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import { FollowUpScreen } from './follow-up-screen.tsx'

function setUp(options?: Parameters<typeof followUpServer>[0]) {
  const api = followUpServer(options)
  server.use(signedInAs(makeMe('MANAGER')), ...api.handlers)
  return api
}

const render = (url: string) => renderFeature(<FollowUpScreen />, url)

describe('the lead follow-up', () => {
  it('shows the mission of the URL: situations, one card per market, substatuses and steps', async () => {
    const api = setUp()
    render('/activity/leads-follow-up?mission=5')
    const table = within(
      await screen.findByRole('list', {
        name: 'Leads de la mission Mission Soleil par marché et par statut',
      }),
    )
    expect(api.pipelines).toEqual(['5'])
    expect(table.getByRole('button', { name: 'Nord, Nouveau : 3 leads' })).toBeTruthy()
    expect(table.getByRole('button', { name: 'Tous les marchés, Total : 8 leads' })).toBeTruthy()
    // One card per market, every status in it (issue #31 point 4: no table cut on a tablet).
    expect(table.getByRole('listitem', { name: 'Nord' })).toBeTruthy()
    expect(table.getByRole('heading', { level: 3, name: 'Tous les marchés' })).toBeTruthy()
    expect(table.getByRole('button', { name: 'Sud, Faux numéro : 0 lead' }).hasAttribute('disabled')).toBe(
      true,
    )
    const alerts = within(screen.getByRole('region', { name: 'À traiter' }))
    expect(alerts.getByRole('button', { name: 'Pris depuis plus de 2 h : 1 lead' })).toBeTruthy()
    expect(alerts.getByRole('button', { name: 'Expirent sous 7 jours : 2 leads' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'En attente de RDV forcé : 1 lead' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Étape 1 : 6 leads' })).toBeTruthy()
  })

  it('opens the leads of a count, by keyboard, into the URL, and focuses the list', async () => {
    const api = setUp()
    const { router } = render('/activity/leads-follow-up?mission=5')
    const cell = await screen.findByRole('button', { name: 'Nord, Nouveau : 3 leads' })
    cell.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        '/activity/leads-follow-up?mission=5&market=12&bucket=status&value=NEW',
      ),
    )
    const heading = await screen.findByRole('heading', { name: 'Nouveau – Nord' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(api.lastList()).toEqual({
      missionId: '5',
      marketId: '12',
      bucket: 'status',
      value: 'NEW',
      page: '1',
    })
    // The market chosen scopes the situations too.
    expect(screen.getByRole('button', { name: 'Expirent sous 7 jours : 2 leads' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'RDV à forcer : 0 lead' }).hasAttribute('disabled')).toBe(true)
    const link = screen.getByRole('link', { name: 'Ouvrir la fiche de Hélène N0' })
    expect(link.getAttribute('href')).toBe('/lead/8f9a2c1e-0000-4000-8000-000000000041')

    await userEvent.click(screen.getByRole('button', { name: 'Suivante' }))
    await waitFor(() => expect(currentUrl(router)).toContain('&page=2'))
    await waitFor(() => expect(api.lastList()).toMatchObject({ page: '2' }))
    expect(await screen.findByText('Page 2 sur 2')).toBeTruthy()

    // Another market closes the list.
    await userEvent.selectOptions(screen.getByLabelText('Marché'), 'Tous les marchés')
    await waitFor(() => expect(currentUrl(router)).toBe('/activity/leads-follow-up?mission=5'))
    expect(screen.queryByRole('heading', { name: /– Nord/ })).toBeNull()
  })

  it('links a lead waiting for a forced appointment to its booking page', async () => {
    setUp()
    render('/activity/leads-follow-up?mission=5&bucket=forced-appointment')
    const link = await screen.findByRole('link', { name: 'Prendre le RDV de Marc Dupont' })
    expect(link.getAttribute('href')).toBe('/lead/8f9a2c1e-0000-4000-8000-000000000042/appointment')
    expect(screen.getByRole('heading', { name: 'RDV à forcer – Tous les marchés' })).toBeTruthy()
  })

  it('frees a lead held too long once confirmed, and the counts follow', async () => {
    const api = setUp()
    render('/activity/leads-follow-up?mission=5&bucket=held-long')
    const row = within(
      (await screen.findByRole('link', { name: 'Ouvrir la fiche de Hélène Lefèvre' })).closest('tr')!,
    )
    expect(row.getByText(/^Pris par Camille Martin depuis le/)).toBeTruthy()
    await userEvent.click(row.getByRole('button', { name: 'Libérer le lead Hélène Lefèvre' }))
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Libérer les leads de Camille Martin ?' }),
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Annuler' }))
    expect(api.unassigned).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Libérer le lead Hélène Lefèvre' }))
    const again = within(await screen.findByRole('dialog', { name: 'Libérer les leads de Camille Martin ?' }))
    await userEvent.click(again.getByRole('button', { name: 'Libérer' }))
    expect(await screen.findByText('Leads de Camille Martin libérés.')).toBeTruthy()
    expect(api.unassigned).toEqual([{ userId: 3 }])
    expect(await screen.findByText('Aucun lead.')).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Pris depuis plus de 2 h : 0 lead' })).toBeTruthy()
  })

  it('says so when the manager follows no mission', async () => {
    setUp({ missions: [] })
    render('/activity/leads-follow-up')
    expect(
      await screen.findByText('Aucune mission à suivre : vos équipes ne sont affectées à aucune mission.'),
    ).toBeTruthy()
  })
})
