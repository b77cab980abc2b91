// Issue #26 point 2: the SMS guards' settings on /backoffice/configuration. The caps and the allowed
// countries show their defaults (France métropolitaine and the DOM ticked, the other French
// territories not); an administrator changes them, and a cap out of bounds is refused next to its
// field without sending.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../../tests/mocks/session.ts'
import { renderApp } from '../../../../tests/setup/render-app.tsx'

const DEFAULT_COUNTRIES = ['FR', 'GP', 'MQ', 'GF', 'RE', 'YT']

function configurationServer() {
  const puts: { key: string; body: unknown }[] = []
  server.use(
    signedInAs(makeMe('ADMIN')),
    http.get('*/api/configuration', () =>
      HttpResponse.json({
        items: [
          { key: 'smsLimits', value: { perLeadPerDay: 2, perAgentPerHour: 30 }, version: 1, updatedAt: null },
          { key: 'smsCountries', value: DEFAULT_COUNTRIES, version: 1, updatedAt: null },
        ],
      }),
    ),
    http.get('*/api/audit/configuration/:id', () =>
      HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
    ),
    http.put('*/api/configuration/:key', async ({ request, params }) => {
      const body = (await request.json()) as { value: unknown; version: number }
      puts.push({ key: String(params.key), body })
      return HttpResponse.json({ key: params.key, value: body.value, version: 2, updatedAt: null })
    }),
  )
  return puts
}

describe('the SMS settings of the configuration', () => {
  it('ticks France métropolitaine and the DOM by default, and saves the countries chosen', async () => {
    const puts = configurationServer()
    renderApp('/backoffice/configuration')
    const section = within(
      await screen.findByRole('region', { name: 'Pays autorisés pour les SMS' }, { timeout: 15_000 }),
    )
    const ticked = (name: string) => (section.getByLabelText(name) as HTMLInputElement).checked
    for (const name of [
      'France métropolitaine',
      'Guadeloupe',
      'Martinique',
      'Guyane',
      'La Réunion',
      'Mayotte',
    ])
      expect(ticked(name), name).toBe(true)
    for (const name of ['Saint-Pierre-et-Miquelon', 'Nouvelle-Calédonie', 'Polynésie française'])
      expect(ticked(name), name).toBe(false)

    await userEvent.click(section.getByLabelText('Mayotte'))
    await userEvent.click(section.getByLabelText('Saint-Pierre-et-Miquelon'))
    await userEvent.type(section.getByLabelText(/^Autres pays/), 'be, ch')
    await userEvent.click(section.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(puts).toEqual([
        {
          key: 'smsCountries',
          body: { value: ['FR', 'GP', 'MQ', 'GF', 'RE', 'PM', 'BE', 'CH'], version: 1 },
        },
      ]),
    )
  }, 30_000)

  it('refuses a cap out of bounds next to its field without sending, and saves a valid one', async () => {
    const puts = configurationServer()
    renderApp('/backoffice/configuration')
    const section = within(
      await screen.findByRole('region', { name: 'Plafonds de SMS' }, { timeout: 15_000 }),
    )
    const perLead = section.getByLabelText('SMS au plus par lead sur 24 heures') as HTMLInputElement
    expect(perLead.value).toBe('2')
    expect(
      (section.getByLabelText('SMS au plus par utilisateur sur une heure') as HTMLInputElement).value,
    ).toBe('30')
    await userEvent.clear(perLead)
    await userEvent.type(perLead, '0')
    await userEvent.click(section.getByRole('button', { name: 'Enregistrer' }))
    expect(await section.findByText('Le nombre de SMS par lead est un nombre entre 1 et 20.')).toBeTruthy()
    expect(perLead.getAttribute('aria-invalid')).toBe('true')
    expect(puts).toEqual([])

    await userEvent.clear(perLead)
    await userEvent.type(perLead, '3')
    await userEvent.click(section.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'smsLimits', body: { value: { perLeadPerDay: 3, perAgentPerHour: 30 }, version: 1 } },
      ]),
    )
  }, 30_000)
})
