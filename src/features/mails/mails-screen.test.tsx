// Issue #15 "E-mails": the administrator edits a template (a variable inserted at the cursor, the
// preview following in a sandboxed frame, the server's refusal shown beside the field, the version
// edited sent), and reads the log with its filters in the URL and a resend.
import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import { mailQueries } from '../../api/mails.ts'
import { placeholderMessages } from '../../contracts/mail-placeholders.ts'
import type { MailContent, MailLogEntry, MailTemplate } from '../../contracts/mails.ts'
import { MailsScreen } from './mails-screen.tsx'

const confirmation: MailTemplate = {
  key: 'appointment-confirmation',
  subject: 'Confirmation de votre rendez-vous du {date_rdv}',
  html: '<p>Bonjour {prénom},</p>',
  text: 'Bonjour {prénom},',
  variables: ['prénom', 'nom', 'date_rdv', 'heure_rdv', 'mission'],
  version: 0,
  isDefault: true,
  updatedAt: null,
}

function templates() {
  return http.get('*/api/mail-templates', () =>
    HttpResponse.json({ templates: [confirmation], mailServerMissing: false }),
  )
}

function previews(seen: MailContent[]) {
  return http.post('*/api/mail-templates/:key/preview', async ({ request }) => {
    const body = (await request.json()) as MailContent
    seen.push(body)
    return HttpResponse.json({
      subject: body.subject.replace('{date_rdv}', 'jeudi 3 décembre 2026'),
      html: `<html><body>${body.html.replaceAll('{prénom}', 'Camille').replaceAll('{nom}', 'Martin')}</body></html>`,
      text: body.text.replaceAll('{prénom}', 'Camille').replaceAll('{nom}', 'Martin'),
    })
  })
}

describe('MailsScreen, templates', () => {
  it('inserts a variable at the cursor, previews it sandboxed, saves from the version edited', async () => {
    const seen: MailContent[] = []
    const saved: unknown[] = []
    server.use(
      templates(),
      previews(seen),
      http.put('*/api/mail-templates/appointment-confirmation', async ({ request }) => {
        saved.push(await request.json())
        return HttpResponse.json({ ...confirmation, version: 1, isDefault: false })
      }),
    )
    const user = userEvent.setup()
    renderFeature(<MailsScreen />, '/backoffice/mails')
    const text = await screen.findByLabelText('Version texte')
    expect(screen.getByRole('tab', { name: 'Modèles' }).getAttribute('aria-selected')).toBe('true')
    await user.click(text)
    await user.keyboard('{End} ')
    await user.click(screen.getByRole('button', { name: '{nom}' }))
    expect((text as HTMLTextAreaElement).value).toBe('Bonjour {prénom}, {nom}')
    const frame = await screen.findByTitle('Aperçu de l’e-mail en HTML')
    expect(frame.getAttribute('sandbox')).toBe('')
    expect(await screen.findByText('Bonjour Camille, Martin')).toBeTruthy()
    // Issue #31: the frame shows the server's own document (its CSP lets the mail's inline styles
    // apply), loaded by a hidden form that posts the draft and the XSRF token to it.
    expect(frame.getAttribute('srcdoc')).toBeNull()
    const form = document.querySelector<HTMLFormElement>(`form[target="${frame.getAttribute('name')}"]`)!
    expect(form.getAttribute('action')).toBe('/api/mail-templates/appointment-confirmation/preview-frame')
    expect(form.method).toBe('post')
    expect(new FormData(form).get('text')).toBe('Bonjour {prénom}, {nom}')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(saved).toEqual([{ ...confirmation, text: 'Bonjour {prénom}, {nom}', version: 0 }].map(pick)),
    )
  })

  it('shows the server’s refusal of a placeholder beside its field', async () => {
    const message = 'La variable {lien} n’existe pas pour ce modèle.'
    server.use(
      templates(),
      previews([]),
      http.put('*/api/mail-templates/:key', () =>
        HttpResponse.json(
          { error: { code: 'INVALID', message, fields: { html: message } } },
          { status: 400 },
        ),
      ),
    )
    const user = userEvent.setup()
    renderFeature(<MailsScreen />, '/backoffice/mails')
    const html = await screen.findByLabelText('Contenu HTML')
    await user.type(html, ' x')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(html.getAttribute('aria-invalid')).toBe('true')
  })

  it('shows beside the HTML and the text why a password mail cannot be saved without {lien}', async () => {
    const message = placeholderMessages.missingLink
    const welcome: MailTemplate = {
      ...confirmation,
      key: 'welcome',
      html: '<p><a href="{lien}">Choisir mon mot de passe</a></p>',
      text: 'Choisissez votre mot de passe : {lien}',
      variables: ['prénom', 'nom', 'lien'],
    }
    server.use(
      http.get('*/api/mail-templates', () =>
        HttpResponse.json({ templates: [confirmation, welcome], mailServerMissing: false }),
      ),
      previews([]),
      http.put('*/api/mail-templates/welcome', () =>
        HttpResponse.json(
          { error: { code: 'VALIDATION_ERROR', message, fields: { html: message, text: message } } },
          { status: 400 },
        ),
      ),
    )
    const user = userEvent.setup()
    renderFeature(<MailsScreen />, '/backoffice/mails?modele=welcome')
    const html = await screen.findByLabelText('Contenu HTML')
    const text = screen.getByLabelText('Version texte')
    await user.clear(html)
    await user.type(html, '<p>Bienvenue</p>')
    await user.clear(text)
    await user.type(text, 'Bienvenue')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2))
    for (const field of [html, text]) {
      expect(field.getAttribute('aria-invalid')).toBe('true')
      const described = document.getElementById(field.getAttribute('aria-describedby')!)
      expect(described?.textContent).toBe(message)
    }
  })
})

describe('MailsScreen, a save refused for a stale version', () => {
  const STALE =
    'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.'
  const mine = { ...confirmation, version: 1, isDefault: false, updatedAt: '2026-11-26T08:00:00.000Z' }
  const theirs = { ...mine, html: '<p>Version de Bob</p>', version: 2 }

  function staleServer() {
    const saved: { html: string; version: number }[] = []
    const listed: number[] = []
    let current = mine
    server.use(
      http.get('*/api/mail-templates', () => {
        listed.push(current.version)
        return HttpResponse.json({ templates: [current] })
      }),
      previews([]),
      http.put('*/api/mail-templates/:key', async ({ request }) => {
        const body = (await request.json()) as { html: string; version: number }
        saved.push(body)
        // Bob saved first: the list now holds his version, the answer carries it.
        current = theirs
        if (body.version !== theirs.version)
          return HttpResponse.json(
            { error: { code: 'STALE_VERSION', message: STALE }, current: theirs },
            { status: 409 },
          )
        return HttpResponse.json({ ...theirs, ...body, version: 3 })
      }),
    )
    return { saved, listed }
  }

  it('keeps the draft, shows the server’s reason, and offers the current version', async () => {
    const { saved, listed } = staleServer()
    const user = userEvent.setup()
    const { queryClient } = renderFeature(<MailsScreen />, '/backoffice/mails')
    const html = (await screen.findByLabelText('Contenu HTML')) as HTMLTextAreaElement
    await user.type(html, '<p>Mon ajout</p>')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    const refusal = (await screen.findByText(STALE)).closest('[role="alert"]') as HTMLElement
    // The list refetched Bob's version: the draft stays, and so does the reason.
    await waitFor(() => expect(listed).toEqual([1, 2]))
    await waitFor(() =>
      expect(queryClient.getQueryData(mailQueries.templates().queryKey)?.templates[0]?.version).toBe(2),
    )
    expect(html.value).toBe('<p>Bonjour {prénom},</p><p>Mon ajout</p>')
    expect(screen.getByText(/Modifications non enregistrées/)).toBeTruthy()
    expect(screen.getByText(STALE)).toBeTruthy()

    await user.click(within(refusal).getByRole('button', { name: 'Afficher la version actuelle' }))
    expect(html.value).toBe('<p>Version de Bob</p>')
    expect(screen.queryByText(STALE)).toBeNull()
    expect(
      await screen.findByText(
        'Version actuelle affichée : vos modifications non enregistrées ont été abandonnées.',
      ),
    ).toBeTruthy()
    // Edited again from Bob's version, the save names it.
    await user.type(html, '<p>Mon ajout</p>')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ version: 2 }))
    expect(await screen.findByText('Modèle enregistré.')).toBeTruthy()
  })
})

function pick({ subject, html, text, version }: MailTemplate) {
  return { subject, html, text, version }
}

describe('MailsScreen, log', () => {
  const failed: MailLogEntry = {
    id: 7,
    template: 'appointment-confirmation',
    to: 'zoe@exemple.fr',
    leadId: 3,
    userId: null,
    subject: 'Confirmation de votre rendez-vous',
    status: 'failed',
    attempts: 2,
    error: '550 Mailbox unavailable',
    queuedAt: '2026-11-26T09:00:00.000Z',
    sentAt: null,
    resendOf: null,
    test: false,
  }

  it('filters through the URL, shows statuses in French and resends', async () => {
    const asked: string[] = []
    const resent: string[] = []
    server.use(
      http.get('*/api/mail-log', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json({ items: [failed], total: 1, page: 1, pageSize: 25 })
      }),
      http.post('*/api/mail-log/:id/resend', ({ params }) => {
        resent.push(String(params.id))
        return HttpResponse.json({ id: 8 }, { status: 202 })
      }),
    )
    const user = userEvent.setup()
    const { router } = renderFeature(<MailsScreen />, '/backoffice/mails?vue=journal')
    const row = (await screen.findByText('zoe@exemple.fr')).closest('tr')!
    expect(within(row).getByText('Échec')).toBeTruthy()
    expect(within(row).getByText('550 Mailbox unavailable')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Statut'), 'Échec')
    expect(router.state.location.search).toBe('?vue=journal&status=failed')
    await waitFor(() => expect(asked).toContain('?status=failed&page=1'))
    await user.click(within(row).getByRole('button', { name: 'Renvoyer' }))
    await waitFor(() => expect(resent).toEqual(['7']))
  })

  function manyPages(asked: string[]) {
    return http.get('*/api/mail-log', ({ request }) => {
      const search = new URL(request.url).searchParams
      asked.push(search.toString())
      return HttpResponse.json({ items: [failed], total: 60, page: Number(search.get('page')), pageSize: 25 })
    })
  }

  it('leaves page 1 out of the URL', async () => {
    server.use(manyPages([]))
    const user = userEvent.setup()
    const { router } = renderFeature(<MailsScreen />, '/backoffice/mails?vue=journal')
    await user.click(await screen.findByRole('button', { name: 'Suivants' }))
    expect(router.state.location.search).toBe('?vue=journal&page=2')
    await screen.findByText('Page 2 sur 3')
    await user.click(screen.getByRole('button', { name: 'Précédents' }))
    expect(router.state.location.search).toBe('?vue=journal')
  })

  it('searches the recipient once typing pauses, and shows the URL’s search after going back', async () => {
    const asked: string[] = []
    server.use(manyPages(asked))
    const user = userEvent.setup()
    const applied = { timeout: 3_000 }
    const { router } = renderFeature(<MailsScreen />, '/backoffice/mails?vue=journal')
    const field = (await screen.findByLabelText('Destinataire')) as HTMLInputElement
    await user.type(field, 'zoe@exemple')
    await waitFor(() => expect(router.state.location.search).toBe('?vue=journal&q=zoe%40exemple'), applied)
    await waitFor(() => expect(asked).toContain('q=zoe%40exemple&page=1'), applied)
    // One request once typing stops, not one per key (a loaded machine may pause the typing once or
    // twice beyond the delay).
    expect(asked.filter((search) => search.startsWith('q=')).length).toBeLessThanOrEqual(3)

    await user.click(screen.getByRole('button', { name: 'Suivants' }))
    expect(router.state.location.search).toBe('?vue=journal&q=zoe%40exemple&page=2')
    await user.clear(field)
    await user.type(field, 'max')
    await waitFor(() => expect(router.state.location.search).toBe('?vue=journal&q=max'), applied)
    // The search replaced page 2's entry: back is page 1 of the first search.
    await act(() => router.navigate(-1))
    expect(router.state.location.search).toBe('?vue=journal&q=zoe%40exemple')
    await screen.findByText('Page 1 sur 3')
    expect(field.value).toBe('zoe@exemple')
  })

  it('says at the top when production has no mail server (issue #31)', async () => {
    server.use(
      http.get('*/api/mail-templates', () =>
        HttpResponse.json({ templates: [confirmation], mailServerMissing: true }),
      ),
      previews([]),
    )
    renderFeature(<MailsScreen />, '/backoffice/mails')
    expect((await screen.findByText(/Aucun serveur d’envoi \(SMTP_URL\)/)).getAttribute('role')).toBe('alert')
  })
})
