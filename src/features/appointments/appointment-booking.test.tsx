import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import {
  availabilitiesAre,
  bookingAnswers,
  bookingConflicts,
  makeAppointment,
  makeAvailabilities,
  makeDays,
  SLOT_TAKEN,
} from '../../../tests/mocks/appointments.ts'
import { LEAD_UUID, leadSheetHandlers, makeLead } from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'
import { draftKey } from '../../stores/outcome-draft.ts'

const url = `/lead/${LEAD_UUID}/appointment`

function setup(...handlers: Parameters<typeof server.use>) {
  server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(makeLead()), ...handlers)
  return renderApp(url)
}

describe('appointment booking page', () => {
  it('shows the free slots by day in Paris time, and a full day as such', async () => {
    setup(availabilitiesAre(makeAvailabilities()))

    expect(
      await screen.findByRole('heading', { name: 'Rendez-vous pour Jeanne Durand', level: 1 }),
    ).toBeTruthy()
    expect(screen.getByText('Aucun rendez-vous n’est encore fixé pour ce lead.')).toBeTruthy()
    const monday = screen.getByRole('group', { name: 'lundi 23 novembre' })
    expect(
      within(monday)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['09:00', '10:00', '14:00'])
    expect(
      within(screen.getByRole('group', { name: 'mardi 24 novembre' })).getByLabelText('16:00'),
    ).toBeTruthy()
    expect(
      within(screen.getByRole('group', { name: 'mercredi 25 novembre' })).getByText('Complet'),
    ).toBeTruthy()
  })

  it('books the chosen slot with the keyboard, then follows the server to home', async () => {
    let body: unknown = null
    const { router } = setup(
      availabilitiesAre(makeAvailabilities()),
      bookingAnswers({ appointment: makeAppointment(), redirect: '/home' }, (b) => (body = b)),
    )
    const first = await screen.findByRole('radio', { name: '09:00' })
    first.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '10:00' }).checked).toBe(true)
    expect(screen.getByText('Créneau choisi : le lundi 23 novembre à 10:00.')).toBeTruthy()
    await userEvent.keyboard('{Enter}')

    await waitFor(() => expect(currentUrl(router)).toBe('/home'))
    // Issue #15: the lead has an address, the confirmation e-mail is ticked by default.
    expect(body).toEqual({ startsAt: '2026-11-23T09:00:00.000Z', confirmByEmail: true })
    expect(await screen.findByText('Rendez-vous fixé le lundi 23 novembre à 10:00.')).toBeTruthy()
  })

  it('asks for the confirmation SMS when the agent ticks it, and says why it did not go', async () => {
    let body: unknown = null
    setup(
      availabilitiesAre(makeAvailabilities()),
      bookingAnswers(
        {
          appointment: makeAppointment(),
          redirect: '/home',
          smsRefusal:
            'Ce numéro a demandé à ne plus recevoir de SMS (STOP reçu le 02/03/2026) : aucun SMS ne lui est envoyé.',
        },
        (b) => (body = b),
      ),
    )
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'Envoyer la confirmation par SMS',
    })
    expect(box.checked).toBe(false)
    await userEvent.click(box)
    await userEvent.click(screen.getByRole('radio', { name: '09:00' }))
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(body).toEqual({ startsAt: '2026-11-23T08:00:00.000Z', confirmByEmail: true, sendSms: true }),
    )
    expect(await screen.findByText(/a demandé à ne plus recevoir de SMS/)).toBeTruthy()
  })

  it('offers the SMS when only the second phone is a mobile (the one the server texts), not for two landlines', async () => {
    const landline = '+33140000000'
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(makeLead({ phone: landline, secondaryPhone: '+33712345678' })),
      availabilitiesAre(makeAvailabilities()),
    )
    const first = renderApp(url)
    expect(await screen.findByRole('checkbox', { name: 'Envoyer la confirmation par SMS' })).toBeTruthy()
    first.unmount()

    server.use(...leadSheetHandlers(makeLead({ phone: landline, secondaryPhone: '+33150000000' })))
    renderApp(url)
    expect(await screen.findByRole('checkbox', { name: 'Envoyer la confirmation par e-mail' })).toBeTruthy()
    expect(screen.queryByRole('checkbox', { name: 'Envoyer la confirmation par SMS' })).toBeNull()
  })

  it('books without the confirmation e-mail once the box is unticked', async () => {
    let body: unknown = null
    setup(
      availabilitiesAre(makeAvailabilities()),
      bookingAnswers({ appointment: makeAppointment(), redirect: '/home' }, (b) => (body = b)),
    )
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'Envoyer la confirmation par e-mail',
    })
    expect(box.checked).toBe(true)
    await userEvent.click(box)
    const first = await screen.findByRole('radio', { name: '09:00' })
    first.focus()
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(body).toEqual({ startsAt: '2026-11-23T09:00:00.000Z', confirmByEmail: false }))
  })

  it('asks for a slot before confirming', async () => {
    setup(availabilitiesAre(makeAvailabilities()))
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer le rendez-vous' }))
    expect(screen.getByRole('alert').textContent).toBe('Choisissez un créneau.')
  })

  it('says when the slot was taken meanwhile and shows the refreshed slots', async () => {
    const [monday, ...rest] = makeDays()
    const refreshed = {
      ...monday!,
      slots: monday!.slots.filter((s) => s.startsAt !== '2026-11-23T09:00:00.000Z'),
    }
    setup(
      availabilitiesAre(makeAvailabilities(), makeAvailabilities({ days: [refreshed, ...rest] })),
      bookingConflicts(),
    )
    await userEvent.click(await screen.findByRole('radio', { name: '10:00' }))
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }))

    expect((await screen.findByRole('alert')).textContent).toBe(SLOT_TAKEN)
    await waitFor(() => expect(screen.queryByRole('radio', { name: '10:00' })).toBeNull())
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false)
    expect(screen.queryByText(/Créneau choisi/)).toBeNull()
  })

  it('shows the current appointment and offers to move it', async () => {
    setup(availabilitiesAre(makeAvailabilities({ current: makeAppointment() })))
    expect(await screen.findByText('Le lundi 23 novembre à 10:00')).toBeTruthy()
    expect(screen.getByText(/Fixé par Camille Martin/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Déplacer le rendez-vous' })).toBeTruthy()
  })

  it('is read-only for a user who may not book this lead', async () => {
    setup(availabilitiesAre(makeAvailabilities({ canBook: false })))
    expect(await screen.findByText(/Seul l’utilisateur qui traite ce lead, ou un manager/)).toBeTruthy()
    expect(screen.queryByRole('radio')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Confirmer le rendez-vous' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Retour à la fiche du lead' }).getAttribute('href')).toBe(
      `/lead/${LEAD_UUID}`,
    )
  })
})

describe('the outcome pending for the booking (issue #29 point 3)', () => {
  const key = draftKey(makeMe('TELEOPERATOR').id, 42)
  const RDV_PRIS = 201
  /** « RDV pris » chosen on the sheet for the call 40: the draft the sheet leaves for this page. */
  const pendingDraft = { tagId: RDV_PRIS, details: '', comment: '', booking: { callId: 40 } }

  /** What another tab of the same browser does: write the storage, which fires `storage` here. */
  function otherTabWrites(value: object) {
    const newValue = JSON.stringify({ ...value, savedAt: Date.now() })
    localStorage.setItem(key, newValue)
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }))
    })
  }

  function setupPending(...handlers: Parameters<typeof server.use>) {
    localStorage.setItem(key, JSON.stringify({ ...pendingDraft, savedAt: Date.now() }))
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(makeLead({ step: 2, myCallId: 40 })),
      availabilitiesAre(makeAvailabilities()),
      ...handlers,
    )
    return renderApp(url)
  }

  it('books nothing once another tab changed the outcome, and says so', async () => {
    let requests = 0
    setupPending(
      http.post('*/api/lead/:id/appointment', () => {
        requests += 1
        return HttpResponse.json({ appointment: makeAppointment(), redirect: '/home' })
      }),
    )
    expect(await screen.findByText(/L’issue « RDV pris » sera enregistrée avec le rendez-vous/)).toBeTruthy()
    // The sheet in another tab chooses another outcome: the draft no longer waits for a booking.
    otherTabWrites({ tagId: 102, details: '', comment: '', booking: null })

    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^L’issue à enregistrer avec ce rendez-vous a changé dans un autre onglet : aucun créneau n’est réservé\./,
    )
    await userEvent.click(screen.getByRole('radio', { name: '09:00' }))
    expect(screen.getByRole('button', { name: 'Confirmer le rendez-vous' })).toHaveProperty('disabled', true)
    await userEvent.keyboard('{Enter}')
    expect(requests).toBe(0)
  })

  it('clears the pending outcome as soon as the booking answers, before the next lead is asked for', async () => {
    let draftAtHandOut: string | null = 'not asked'
    const { router } = setupPending(
      bookingAnswers({ appointment: makeAppointment(), redirect: '/home' }),
      http.post('*/api/lead/find-lead-to-process', () => {
        draftAtHandOut = localStorage.getItem(key)
        return HttpResponse.json({ message: 'Aucun lead à traiter pour le moment.' })
      }),
    )
    await userEvent.click(await screen.findByRole('radio', { name: '09:00' }))
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }))
    await waitFor(() => expect(currentUrl(router)).toBe('/home'))
    expect(draftAtHandOut).toBeNull()
  })

  it('drops a pending outcome whose call already has one (the booking went through, its answer lost)', async () => {
    let body: unknown = null
    localStorage.setItem(key, JSON.stringify({ ...pendingDraft, savedAt: Date.now() }))
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      // Still held (an outcome that keeps the lead), but no call of mine awaits an outcome any more.
      ...leadSheetHandlers(makeLead({ step: 2, myCallId: null })),
      availabilitiesAre(makeAvailabilities({ current: makeAppointment() })),
      bookingAnswers({ appointment: makeAppointment(), redirect: '/home' }, (b) => (body = b)),
    )
    renderApp(url)
    await userEvent.click(await screen.findByRole('radio', { name: '09:00' }))
    expect(screen.queryByText(/sera enregistrée avec le rendez-vous/)).toBeNull()
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Déplacer le rendez-vous' }))
    await waitFor(() => expect(body).toEqual({ startsAt: '2026-11-23T08:00:00.000Z', confirmByEmail: true }))
  })
})
