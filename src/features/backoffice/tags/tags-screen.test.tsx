// Issue #12 "Tags": the form validates with the contract's schema before sending (French messages
// next to the fields), sends the recall delay in minutes whatever the unit typed, a stale save shows
// the server's reason, and retiring asks for confirmation first.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Tag, TagPage } from '../../../contracts/tags.ts'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../../tests/mocks/session.ts'
import { renderApp } from '../../../../tests/setup/render-app.tsx'

const STALE =
  'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.'

function makeTag(overrides: Partial<Tag> = {}): Tag {
  return {
    id: 4,
    label: 'Rappeler plus tard',
    color: '#a15c00',
    status: 'RECALL',
    substatus: 'CALLBACK_REQUESTED',
    endsProcessing: true,
    requiresAppointment: false,
    asksRecallDate: true,
    withoutCall: false,
    recallDelayMinutes: 120,
    experiencePoints: 5,
    version: 1,
    retiredAt: null,
    usageCount: 3,
    ...overrides,
  }
}

function tagsServer(tag: Tag) {
  const page = (): TagPage => ({ items: [tag], total: 1, page: 1, pageSize: 50 })
  server.use(
    signedInAs(makeMe('ADMIN')),
    http.get('*/api/tags', () => HttpResponse.json(page())),
    http.get('*/api/tag/:id', () => HttpResponse.json(tag)),
    http.get('*/api/audit/tag/:id', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
  )
}

describe('the tags screen', () => {
  it('lists tags with their status in French and their effects', async () => {
    tagsServer(makeTag())
    renderApp('/backoffice/tags')
    const table = within(await screen.findByRole('table', { name: 'Liste des tags' }))
    expect(table.getByRole('button', { name: 'Ouvrir le tag Rappeler plus tard' })).toBeTruthy()
    expect(table.getByText('À rappeler – Rappel demandé')).toBeTruthy()
    expect(
      table.getByText('termine le traitement, date de rappel choisie, rappel après 2 heures'),
    ).toBeTruthy()
  })

  it('says « sans appel » among the effects of a tag recorded without a call (issue #29)', async () => {
    tagsServer(makeTag({ withoutCall: true }))
    renderApp('/backoffice/tags')
    const table = within(await screen.findByRole('table', { name: 'Liste des tags' }))
    expect(
      table.getByText('termine le traitement, date de rappel choisie, sans appel, rappel après 2 heures'),
    ).toBeTruthy()
  })

  it('refuses bad fields next to them without sending, then sends the delay in minutes', async () => {
    const sent: unknown[] = []
    tagsServer(makeTag())
    server.use(
      http.post('*/api/tags', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json(makeTag({ id: 9, label: 'Rappel RDV' }), { status: 201 })
      }),
    )
    renderApp('/backoffice/tags?tag=new')
    const panel = within(await screen.findByRole('region', { name: 'Nouveau tag' }))
    await userEvent.click(panel.getByLabelText('L’agent choisit la date de rappel'))
    await userEvent.click(panel.getByRole('button', { name: 'Créer le tag' }))
    expect(await panel.findByText('Le libellé du tag est obligatoire.')).toBeTruthy()
    expect(panel.getByText('Indiquez le délai proposé par défaut pour la date de rappel.')).toBeTruthy()
    expect(document.activeElement).toBe(panel.getByLabelText('Libellé'))
    expect(sent).toEqual([])

    await userEvent.type(panel.getByLabelText('Libellé'), 'Rappel RDV')
    await userEvent.type(panel.getByLabelText('Délai de rappel'), '3')
    await userEvent.selectOptions(panel.getByLabelText('Unité du délai'), 'heures')
    await userEvent.selectOptions(panel.getByLabelText('Statut que prend le lead'), 'Rendez-vous')
    // Issue #29: « sans appel », off by default.
    const withoutCall = panel.getByLabelText<HTMLInputElement>(
      /^Sans appel : enregistrable sans avoir appelé/,
    )
    expect(withoutCall.checked).toBe(false)
    await userEvent.click(withoutCall)
    await userEvent.click(panel.getByRole('button', { name: 'Créer le tag' }))
    expect(await screen.findByRole('region', { name: 'Rappel RDV' })).toBeTruthy()
    expect(sent).toEqual([
      expect.objectContaining({
        label: 'Rappel RDV',
        status: 'APPOINTMENT',
        asksRecallDate: true,
        withoutCall: true,
        recallDelayMinutes: 180,
      }),
    ])
  })

  it('a new tag changes nothing by default and says in words what its effects will do (issue #31)', async () => {
    const sent: unknown[] = []
    tagsServer(makeTag())
    server.use(
      http.post('*/api/tags', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json(makeTag({ id: 9, label: 'Note', status: null, substatus: null }), {
          status: 201,
        })
      }),
    )
    renderApp('/backoffice/tags?tag=new')
    const panel = within(await screen.findByRole('region', { name: 'Nouveau tag' }))
    const status = panel.getByLabelText<HTMLSelectElement>('Statut que prend le lead')
    expect(status.selectedOptions[0]!.textContent).toBe('Inchangé (le lead garde son statut)')
    expect(panel.getByLabelText<HTMLSelectElement>('Sous-statut').disabled).toBe(true)
    const ends = panel.getByLabelText<HTMLInputElement>('Termine le traitement (le lead est libéré)')
    expect(ends.checked).toBe(false)
    const summary = within(panel.getByRole('region', { name: 'Ce que fera ce tag' }))
    expect(summary.getByText('Le lead garde son statut actuel.')).toBeTruthy()
    expect(summary.getByText('Le lead reste attribué à l’agent, qui poursuit son traitement.')).toBeTruthy()
    expect(summary.getByText('Aucun rappel n’est programmé.')).toBeTruthy()

    await userEvent.selectOptions(status, 'À rappeler')
    await userEvent.click(ends)
    await userEvent.type(panel.getByLabelText('Délai de rappel'), '2')
    await userEvent.selectOptions(panel.getByLabelText('Unité du délai'), 'heures')
    expect(summary.getByText('Le lead passe au statut « À rappeler ».')).toBeTruthy()
    expect(
      summary.getByText('Le traitement se termine : le lead est libéré et repart dans la file.'),
    ).toBeTruthy()
    expect(summary.getByText('Le lead est à rappeler 2 heures plus tard.')).toBeTruthy()

    await userEvent.selectOptions(status, 'Inchangé (le lead garde son statut)')
    await userEvent.type(panel.getByLabelText('Libellé'), 'Note')
    await userEvent.click(panel.getByRole('button', { name: 'Créer le tag' }))
    expect(await screen.findByRole('region', { name: 'Note' })).toBeTruthy()
    expect(sent).toEqual([
      expect.objectContaining({ label: 'Note', status: null, substatus: null, endsProcessing: true }),
    ])
  })

  it('shows the French reason when the tag changed meanwhile', async () => {
    tagsServer(makeTag())
    server.use(
      http.put('*/api/tag/:id', () =>
        HttpResponse.json(
          { error: { code: 'STALE_VERSION', message: STALE }, current: makeTag({ version: 2 }) },
          { status: 409 },
        ),
      ),
    )
    renderApp('/backoffice/tags?tag=4')
    const panel = within(await screen.findByRole('region', { name: 'Rappeler plus tard' }))
    await userEvent.clear(panel.getByLabelText('Libellé'))
    await userEvent.type(panel.getByLabelText('Libellé'), 'Rappeler demain')
    await userEvent.click(panel.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(STALE)).toBeTruthy()
  })

  it('retires a tag only after confirmation, with the version it shows', async () => {
    const retired: unknown[] = []
    tagsServer(makeTag())
    server.use(
      http.post('*/api/tag/:id/retire', async ({ request }) => {
        retired.push(await request.json())
        return HttpResponse.json(makeTag({ version: 2, retiredAt: '2026-11-25T10:00:00.000Z' }))
      }),
    )
    renderApp('/backoffice/tags?tag=4')
    const panel = within(await screen.findByRole('region', { name: 'Rappeler plus tard' }))
    // Used: it may be retired, never deleted.
    expect(panel.queryByRole('button', { name: 'Supprimer le tag' })).toBeNull()
    await userEvent.click(panel.getByRole('button', { name: 'Retirer le tag' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Retirer le tag ?' }))
    expect(retired).toEqual([])
    await userEvent.click(dialog.getByRole('button', { name: 'Retirer' }))
    expect(await screen.findByText(/Ce tag est retiré/)).toBeTruthy()
    expect(retired).toEqual([{ version: 1 }])
  })
})
