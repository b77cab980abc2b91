// Issue #11, the call points on the lead sheet: the second phone has its own Appeler, Appeler is off
// (saying why) without an Aircall account, and the focus goes where the next key press is expected
// after Appeler, Terminer, Continuer and an outcome.
import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { CurrentCall } from '../../contracts/call.ts'
import { makeCurrentCall } from '../../../tests/mocks/calls.ts'
import { LEAD_UUID, currentCall, leadSheetHandlers, makeLead } from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'
import { cancelFocusRequest } from '../../components/ui/focus-request.ts'

beforeEach(() => {
  localStorage.clear()
  cancelFocusRequest()
})

const BAR = 'Appel en cours'
const withSecondPhone = makeLead({ secondaryPhone: '+33711223344' })

/** The current call served by GET /api/call/ongoing, start-outbound and force-end acting on it. */
function telephony() {
  let current: CurrentCall = currentCall()
  const started: unknown[] = []
  server.use(
    http.get('*/api/call/ongoing', () => HttpResponse.json(current)),
    http.post('*/api/call/start-outbound', async ({ request }) => {
      started.push(await request.json())
      current = makeCurrentCall({ callId: 70, leadId: 42, status: 'initial', answeredAt: null })
      return HttpResponse.json({ ok: true, callId: 70 })
    }),
    http.post('*/api/call/force-end', () => {
      current = currentCall()
      return HttpResponse.json({ ok: true, callId: 70 })
    }),
  )
  return { started }
}

describe('calling from the lead sheet', () => {
  it('offers Appeler on the second phone too, which asks the server for that phone', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(withSecondPhone))
    const { started } = telephony()
    renderApp(`/lead/${LEAD_UUID}`)

    expect(await screen.findByText('07 11 22 33 44')).toBeTruthy()
    const second = screen.getByRole('button', { name: 'Appeler le second téléphone' })
    await userEvent.click(second)
    await screen.findByRole('region', { name: BAR })
    expect(started).toEqual([{ leadId: 42, phone: 'secondary' }])
  })

  it('Appeler on the first phone names it; the focus then goes to the call bar’s Terminer', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(withSecondPhone))
    const { started } = telephony()
    renderApp(`/lead/${LEAD_UUID}`)

    await userEvent.click(await screen.findByRole('button', { name: 'Appeler' }))
    const bar = await screen.findByRole('region', { name: BAR })
    const end = within(bar).getByRole('button', { name: 'Terminer l’appel' })
    await waitFor(() => expect(document.activeElement).toBe(end))
    expect(started).toEqual([{ leadId: 42, phone: 'primary' }])
  })

  it('after Terminer, the focus goes to the outcome form’s first choice', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(makeLead()))
    telephony()
    renderApp(`/lead/${LEAD_UUID}`)

    await userEvent.click(await screen.findByRole('button', { name: 'Appeler' }))
    const bar = await screen.findByRole('region', { name: BAR })
    await userEvent.click(within(bar).getByRole('button', { name: 'Terminer l’appel' }))

    await waitFor(() => expect(screen.queryByRole('region', { name: BAR })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Intéressé' })))
  })

  it('after an outcome that keeps the agent on the sheet, the focus goes to its heading', async () => {
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      // The agent's call on the lead, ended, still without its outcome (issue #29).
      ...leadSheetHandlers(makeLead({ myCallId: 40 })),
      http.post('*/api/calls/tag', () => HttpResponse.json({ leadTagId: 1 })),
    )
    renderApp(`/lead/${LEAD_UUID}`)

    await userEvent.click(await screen.findByRole('radio', { name: 'Intéressé' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }))

    const heading = screen.getByRole('heading', { level: 1, name: 'Jeanne Durand' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
  })

  it('after Continuer on the blocking overlay, the focus goes to the outcome form', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(makeLead()))
    renderApp(`/lead/${LEAD_UUID}?redirect=%2Flead%2F${LEAD_UUID}&cause=UNTAGGED_CALL`)

    await screen.findByRole('radio', { name: 'Intéressé' })
    const overlay = await screen.findByRole('dialog', { name: 'Appel non taggé' })
    await userEvent.click(within(overlay).getByRole('button', { name: 'Continuer' }))

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Intéressé' })))
  })

  it('without an Aircall account, Appeler is off and says why and how to fix it', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR', { aircallId: null })), ...leadSheetHandlers(withSecondPhone))
    const { started } = telephony()
    renderApp(`/lead/${LEAD_UUID}`)

    const first = (await screen.findByRole('button', { name: 'Appeler' })) as HTMLButtonElement
    await waitFor(() => expect(first.disabled).toBe(true))
    const second = screen.getByRole('button', { name: 'Appeler le second téléphone' }) as HTMLButtonElement
    for (const button of [first, second]) {
      expect(button.disabled).toBe(true)
      const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '')
      expect(reason?.textContent).toMatch(/^Compte Aircall non relié : demandez à un administrateur/)
      expect(button.title).toBe(reason?.textContent)
    }
    // Issue #29: said in words under the first phone's Appeler, not in a tooltip alone.
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.hidden).toBe(false)
    expect(started).toEqual([])
  })

  it('says why Appeler is off in visible text, and keeps it off during a call (issue #29)', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(makeLead()))
    server.use(
      http.get('*/api/call/ongoing', () =>
        HttpResponse.json(makeCurrentCall({ callId: 70, leadId: 42, status: 'answered' })),
      ),
    )
    renderApp(`/lead/${LEAD_UUID}`)

    const call = (await screen.findByRole('button', { name: 'Appeler' })) as HTMLButtonElement
    await waitFor(() => expect(call.disabled).toBe(true))
    const reason = screen.getByText(/^Un appel est en cours : terminez-le/)
    expect(reason.hidden).toBe(false)
    expect(call.getAttribute('aria-describedby')).toBe(reason.id)
    await userEvent.click(call)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('with an Aircall account, Appeler is on', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(makeLead()))
    renderApp(`/lead/${LEAD_UUID}`)

    const call = (await screen.findByRole('button', { name: 'Appeler' })) as HTMLButtonElement
    expect(call.disabled).toBe(false)
    expect(call.getAttribute('aria-describedby')).toBeNull()
  })

  it('outside the mission’s calling hours, Appeler is off and says when the lead may be called (issue #12)', async () => {
    const lead = makeLead({
      calling: { refusal: 'OUTSIDE_CALLING_HOURS', nextCallAt: '2026-03-30T08:00:00.000Z' },
    })
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(lead))
    renderApp(`/lead/${LEAD_UUID}`)

    const call = (await screen.findByRole('button', { name: 'Appeler' })) as HTMLButtonElement
    expect(call.disabled).toBe(true)
    const reason = document.getElementById(call.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe(
      'Hors des horaires d’appel de la mission. Prochain appel possible le lundi 30 mars 2026 à 10:00.',
    )
  })
})
