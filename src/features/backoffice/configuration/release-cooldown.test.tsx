// Issue #29 point 1: the cool-down before a lead an agent handed back is handed to them again, on
// /backoffice/configuration: 24 hours by default, a whole number of hours from 0 to 720, refused next
// to its field without sending.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../../tests/mocks/session.ts'
import { renderApp } from '../../../../tests/setup/render-app.tsx'

describe('the cool-down of a lead handed back', () => {
  it('shows 24 hours, refuses 721 in French without sending, saves 48', async () => {
    const puts: { key: string; body: unknown }[] = []
    server.use(
      signedInAs(makeMe('ADMIN')),
      http.get('*/api/configuration', () =>
        HttpResponse.json({
          items: [{ key: 'releaseCooldownHours', value: 24, version: 1, updatedAt: null }],
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
    renderApp('/backoffice/configuration')
    const section = within(await screen.findByRole('region', { name: 'Lead rendu' }, { timeout: 15_000 }))
    const field = section.getByLabelText(
      'Délai avant de reproposer un lead rendu au même agent (heures, 0 : aucun)',
    ) as HTMLInputElement
    expect(field.value).toBe('24')
    await userEvent.clear(field)
    await userEvent.type(field, '721')
    await userEvent.click(section.getByRole('button', { name: 'Enregistrer' }))
    expect(
      await section.findByText(
        'Le délai avant de reproposer un lead rendu est un nombre entier d’heures entre 0 et 720 (30 jours).',
      ),
    ).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(puts).toEqual([])
    await userEvent.clear(field)
    await userEvent.type(field, '48')
    await userEvent.click(section.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(puts).toEqual([{ key: 'releaseCooldownHours', body: { value: 48, version: 1 } }]),
    )
  }, 30_000)
})
