// Appointment fixtures and msw handlers for the client tests of the booking page.
import { http, HttpResponse } from 'msw'
import type {
  Appointment,
  AppointmentAvailabilities,
  AppointmentDay,
  BookAppointmentResponse,
} from '../../src/contracts/appointment.ts'

/** Monday 23 and Tuesday 24 November 2026 (Paris winter time: UTC+1), Wednesday 25 full. */
export function makeDays(): AppointmentDay[] {
  const slot = (startsAt: string, endsAt: string) => ({ startsAt, endsAt })
  return [
    {
      date: '2026-11-23',
      slots: [
        slot('2026-11-23T08:00:00.000Z', '2026-11-23T09:00:00.000Z'),
        slot('2026-11-23T09:00:00.000Z', '2026-11-23T10:00:00.000Z'),
        slot('2026-11-23T13:00:00.000Z', '2026-11-23T14:00:00.000Z'),
      ],
    },
    { date: '2026-11-24', slots: [slot('2026-11-24T15:00:00.000Z', '2026-11-24T16:00:00.000Z')] },
    { date: '2026-11-25', slots: [] },
  ]
}

export function makeAvailabilities(
  overrides: Partial<AppointmentAvailabilities> = {},
): AppointmentAvailabilities {
  return {
    timeZone: 'Europe/Paris',
    durationMinutes: 60,
    days: makeDays(),
    current: null,
    canBook: true,
    ...overrides,
  }
}

export function makeAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 9,
    startsAt: '2026-11-23T09:00:00.000Z',
    endsAt: '2026-11-23T10:00:00.000Z',
    bookedAt: '2026-11-22T10:00:00.000Z',
    bookedBy: { id: 3, firstName: 'Camille', lastName: 'Martin' },
    ...overrides,
  }
}

/** GET availabilities answers the given values in turn (the last one again afterwards). */
export function availabilitiesAre(...answers: AppointmentAvailabilities[]) {
  let call = 0
  return http.get('*/api/lead/:id/appointment-availabilities', () => {
    const answer = answers[Math.min(call, answers.length - 1)]
    call += 1
    return HttpResponse.json(answer)
  })
}

export function bookingAnswers(response: BookAppointmentResponse, onBody?: (body: unknown) => void) {
  return http.post('*/api/lead/:id/appointment', async ({ request }) => {
    onBody?.(await request.json())
    return HttpResponse.json(response)
  })
}

export const SLOT_TAKEN = 'Ce créneau vient d’être réservé : choisissez-en un autre.'

export function bookingConflicts() {
  return http.post('*/api/lead/:id/appointment', () =>
    HttpResponse.json({ error: { code: 'CONFLICT', message: SLOT_TAKEN } }, { status: 409 }),
  )
}
