// Issue #15 "SMS": the administrator's template editor counts characters and segments live (one
// character outside GSM-7 flips the whole text to UCS-2), previews the text with the sample lead,
// refuses an unknown variable before saving, restores the default text and saves with the version.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import { smsQueries } from '../../api/sms.ts'
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

describe('SMS templates, a save refused for a stale version', () => {
  const STALE =
    'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.'
  const LABEL = 'Texte du modèle « Nous avons essayé de vous joindre »'
  const theirs = template({ body: 'Bonjour {prénom}, version de Bob.', version: 4 })

  it('keeps the draft, shows the server’s reason, and offers the current version', async () => {
    const saved: { body: string; version: number }[] = []
    const listed: number[] = []
    let current = template()
    server.use(
      http.get('*/api/sms/templates', () => {
        listed.push(current.version)
        return HttpResponse.json({ templates: [current] })
      }),
      http.put('*/api/sms/templates/:key', async ({ request }) => {
        const body = (await request.json()) as { body: string; version: number }
        saved.push(body)
        // Bob saved first: the list now holds his version, the answer carries it.
        current = theirs
        if (body.version !== theirs.version)
          return HttpResponse.json(
            { error: { code: 'STALE_VERSION', message: STALE }, current: theirs },
            { status: 409 },
          )
        return HttpResponse.json(template({ body: body.body, version: 5 }))
      }),
    )
    const user = userEvent.setup()
    const { queryClient } = renderFeature(<SmsScreen />, '/backoffice/sms')
    const field = (await screen.findByLabelText(LABEL)) as HTMLTextAreaElement
    await user.type(field, ' Mon ajout.')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    const refusal = (await screen.findByText(STALE)).closest('[role="alert"]') as HTMLElement
    // The list refetched Bob's version: the draft stays, and so does the reason (said once, not notified).
    await waitFor(() => expect(listed).toEqual([3, 4]))
    await waitFor(() =>
      expect(queryClient.getQueryData(smsQueries.templates().queryKey)?.templates[0]?.version).toBe(4),
    )
    expect(field.value).toBe(`${DEFAULT} Mon ajout.`)
    expect(screen.getAllByText(STALE)).toHaveLength(1)

    await user.click(within(refusal).getByRole('button', { name: 'Afficher la version actuelle' }))
    expect(field.value).toBe('Bonjour {prénom}, version de Bob.')
    expect(screen.queryByText(STALE)).toBeNull()
    expect(
      await screen.findByText(
        'Version actuelle affichée : vos modifications non enregistrées ont été abandonnées.',
      ),
    ).toBeTruthy()
    // Edited again from Bob's version, the save names it.
    await user.type(field, ' Mon ajout.')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(saved.at(-1)).toEqual({ body: 'Bonjour {prénom}, version de Bob. Mon ajout.', version: 4 }),
    )
    expect(await screen.findByText('Modèle « Nous avons essayé de vous joindre » enregistré.')).toBeTruthy()
  })

  it('takes a newer version by itself while nothing is typed', async () => {
    let current = template()
    server.use(http.get('*/api/sms/templates', () => HttpResponse.json({ templates: [current] })))
    const { queryClient } = renderFeature(<SmsScreen />, '/backoffice/sms')
    const field = (await screen.findByLabelText(LABEL)) as HTMLTextAreaElement
    expect(field.value).toBe(DEFAULT)
    current = theirs
    await queryClient.invalidateQueries({ queryKey: smsQueries.all() })
    await waitFor(() => expect(field.value).toBe(theirs.body))
  })
})
