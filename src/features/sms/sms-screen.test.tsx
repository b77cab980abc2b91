// Issue #15 "SMS": the administrator's template editor counts characters and segments live (one
// character outside GSM-7 flips the whole text to UCS-2), previews the text with the sample lead,
// refuses an unknown variable before saving, restores the default text and saves with the version.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import type { SmsTemplate } from '../../contracts/sms.ts'
import { SmsScreen } from './sms-screen.tsx'

const DEFAULT = 'Bonjour {prénom}, nous avons essayé de vous joindre.'

function template(overrides: Partial<SmsTemplate> = {}): SmsTemplate {
  return {
    key: 'missed-call',
    body: DEFAULT,
    defaultBody: DEFAULT,
    version: 3,
    updatedAt: '2026-11-26T08:00:00.000Z',
    ...overrides,
  }
}

function serve(templates: SmsTemplate[]) {
  const saved: unknown[] = []
  server.use(
    http.get('*/api/sms/templates', () => HttpResponse.json({ templates })),
    http.put('*/api/sms/templates/:key', async ({ request }) => {
      const body = (await request.json()) as { body: string; version: number }
      saved.push(body)
      return HttpResponse.json(template({ body: body.body, version: body.version + 1 }))
    }),
  )
  return saved
}

describe('SMS templates', () => {
  it('counts 160 GSM-7 characters as one SMS, the 161st as two, and one Ê as UCS-2', async () => {
    serve([template({ body: 'a'.repeat(160) })])
    renderFeature(<SmsScreen />, '/backoffice/sms')
    const field = await screen.findByLabelText('Texte du modèle « Nous avons essayé de vous joindre »')
    expect(screen.getByText('Texte brut : 160 caractères · 1 SMS · GSM-7')).toBeTruthy()
    const user = userEvent.setup()
    await user.type(field, 'a')
    expect(screen.getByText('Texte brut : 161 caractères · 2 SMS · GSM-7')).toBeTruthy()
    await user.clear(field)
    await user.type(field, `Ê${'a'.repeat(69)}`)
    expect(screen.getByText('Texte brut : 70 caractères · 1 SMS · UCS-2 (caractères spéciaux)')).toBeTruthy()
    await user.type(field, 'a')
    expect(screen.getByText('Texte brut : 71 caractères · 2 SMS · UCS-2 (caractères spéciaux)')).toBeTruthy()
  })

  it('previews the text with the sample lead and its own count', async () => {
    serve([template()])
    renderFeature(<SmsScreen />, '/backoffice/sms')
    expect(await screen.findByText('Bonjour Camille, nous avons essayé de vous joindre.')).toBeTruthy()
    expect(screen.getByText('Aperçu : 51 caractères · 1 SMS · GSM-7')).toBeTruthy()
  })

  it('refuses an unknown variable before saving', async () => {
    serve([template()])
    renderFeature(<SmsScreen />, '/backoffice/sms')
    const field = await screen.findByLabelText('Texte du modèle « Nous avons essayé de vous joindre »')
    const user = userEvent.setup()
    await user.type(field, ' {{code}')
    expect(screen.getByRole('alert').textContent).toContain('Variable inconnue : {code}')
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('restores the default text and saves it with the version it was edited from', async () => {
    const saved = serve([template({ body: 'Bonjour {nom}' })])
    renderFeature(<SmsScreen />, '/backoffice/sms')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Revenir au texte par défaut' }))
    expect(
      (screen.getByLabelText('Texte du modèle « Nous avons essayé de vous joindre »') as HTMLTextAreaElement)
        .value,
    ).toBe(DEFAULT)
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(saved).toEqual([{ body: DEFAULT, version: 3 }]))
  })
})
