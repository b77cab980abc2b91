import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
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
