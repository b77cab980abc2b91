// Issue #15 "/dev/call-center-activity": the tester picks virtual teleoperators and a speed, starts
// the floor, sees what each agent does and the counters, and stops it.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { NO_FLOOR } from '../../../tests/mocks/dev-floor.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import type { FloorActionBody, FloorState } from '../../contracts/dev-floor.ts'
import { FloorScreen } from './floor-screen.tsx'

const RUNNING: FloorState = {
  ...NO_FLOOR,
  running: true,
  owner: 'host:42',
  startedAt: '2026-11-26T09:00:00.000Z',
  speed: 10,
  agents: [{ userId: 3, name: 'Camille Lefèvre', activity: 'talking', leadId: 812, calls: 4 }],
  counters: { ...NO_FLOOR.counters, calls: 4, answered: 2, appointments: 1 },
}

describe('the simulated floor screen', () => {
  it('starts the floor with the chosen agents and speed, then shows them at work and stops it', async () => {
    const user = userEvent.setup()
    const sent: FloorActionBody[] = []
    let state = NO_FLOOR
    server.use(
      http.get('*/api/dev/call-center-activity', () => HttpResponse.json(state)),
      http.post('*/api/dev/call-center-activity', async ({ request }) => {
        const body = (await request.json()) as FloorActionBody
        sent.push(body)
        state = body.action === 'start' ? RUNNING : NO_FLOOR
        return HttpResponse.json(state)
      }),
    )
    renderFeature(<FloorScreen />, '/dev/call-center-activity')
    const start = await screen.findByRole('button', { name: 'Démarrer' })
    expect(start.hasAttribute('disabled')).toBe(true)
    await user.click(screen.getByRole('checkbox', { name: 'Camille Lefèvre' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vitesse' }), '×20')
    await user.click(start)

    expect(sent).toEqual([{ action: 'start', userIds: [3], speed: 20 }])
    expect(await screen.findByText('Simulation en cours à ×10 (processus host:42).')).toBeTruthy()
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows[1]?.textContent).toBe('Camille LefèvreEn conversation8124')
    expect(screen.getByText('RDV').nextElementSibling?.textContent).toBe('1')

    await user.click(screen.getByRole('button', { name: 'Arrêter' }))
    expect(sent.at(-1)).toEqual({ action: 'stop' })
    expect(await screen.findByText('Aucune simulation en cours.')).toBeTruthy()
  })

  it('selects every candidate at once', async () => {
    const user = userEvent.setup()
    renderFeature(<FloorScreen />, '/dev/call-center-activity')
    await user.click(await screen.findByRole('button', { name: 'Tout sélectionner' }))
    expect(screen.getByText('2 téléopérateurs choisis')).toBeTruthy()
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true)
  })
})
