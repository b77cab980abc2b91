// Issue #11: search results say what the agent can do (the server's canPick and reason), who holds
// each lead and until when, when they are approximate; a row opens the lead's sheet.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { LeadSearchResult } from '../../contracts/lead.ts'
import {
  currentCall,
  LEAD_UUID,
  leadSheetHandlers,
  makeLead,
  makeSearchItem,
  makeSearchResult,
  ongoingCallIs,
} from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'

const HELD_UUID = '0f8fad5b-d9cb-469f-a165-70867728950e'

function results(overrides: Partial<LeadSearchResult> = {}): LeadSearchResult {
  return { ...makeSearchResult(), ...overrides }
}

const mixed = results({
  items: [
    makeSearchItem(),
    makeSearchItem({
      id: 43,
      uuid: HELD_UUID,
      firstName: 'Paul',
      lastName: 'Martin',
      status: 'IN_PROGRESS',
      processingUser: { id: 7, firstName: 'Julie', lastName: 'Moreau' },
      processingSince: '2026-11-25T09:30:00.000Z',
      canPick: false,
      pickRefusal: 'HELD',
    }),
    makeSearchItem({
      id: 44,
      firstName: 'Anne',
      lastName: 'Petit',
      isExpired: true,
      canPick: false,
      pickRefusal: 'EXPIRED',
    }),
    makeSearchItem({
      id: 45,
      firstName: 'Luc',
      lastName: 'Roux',
      status: 'APPOINTMENT',
      canPick: false,
      pickRefusal: 'CLOSED',
    }),
  ],
  total: 4,
})

/** Signed in as `role`, searching answers `answer`; types `text` and waits for the results table. */
async function searchFor(
  text: string,
  answer: LeadSearchResult,
  role: 'TELEOPERATOR' | 'ADMIN' = 'TELEOPERATOR',
) {
  server.use(
    signedInAs(makeMe(role)),
    ongoingCallIs(currentCall()),
    http.get('*/api/lead/search/:search/:page', () => HttpResponse.json(answer)),
  )
  const view = renderApp('/home')
  await userEvent.type(await screen.findByLabelText('Rechercher un lead'), text)
  // The search waits for the typing to pause (500 ms), then asks the server.
  const table = await screen.findByRole('table', { name: 'Résultats de la recherche' }, { timeout: 2000 })
  return { ...view, table }
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('link', { name }).closest('tr') as HTMLElement

describe('lead search results', () => {
  it('offers Prendre only where the server allows it, and says why not elsewhere', async () => {
    const { table } = await searchFor('mar', mixed)

    expect(
      within(rowOf(table, 'Jeanne Durand')).getByRole('button', { name: 'Prendre Jeanne Durand' }),
    ).toBeTruthy()
    expect(within(rowOf(table, 'Jeanne Durand')).getByText('Libre')).toBeTruthy()

    const held = rowOf(table, 'Paul Martin')
    expect(within(held).queryByRole('button')).toBeNull()
    expect(within(held).getByText(/Pris par Julie M\./)).toBeTruthy()
    expect(within(held).getByText('Déjà pris par un autre agent')).toBeTruthy()
    expect(within(held).getByText('En cours')).toBeTruthy()
    expect(within(held).getByText(/Isolation/)).toBeTruthy()

    const expired = rowOf(table, 'Anne Petit')
    expect(within(expired).queryByRole('button')).toBeNull()
    expect(within(expired).getByText('Expiré')).toBeTruthy()
    expect(within(expired).getByText('Délai de traitement dépassé')).toBeTruthy()

    const closed = rowOf(table, 'Luc Roux')
    expect(within(closed).queryByRole('button')).toBeNull()
    expect(within(closed).getByText('Rendez-vous')).toBeTruthy()
    expect(within(closed).getByText('Lead clos')).toBeTruthy()

    // Until when the free lead may be worked.
    expect(within(rowOf(table, 'Jeanne Durand')).getByText(/^Jusqu’au 31 décembre 2026$/)).toBeTruthy()
    expect(screen.queryByText(/Résultats approchants/)).toBeNull()
  })

  it('says when the results are only approximate', async () => {
    await searchFor('dufor', results({ approximate: true }))
    expect(screen.getByRole('note').textContent).toMatch(/^Résultats approchants/)
  })

  it('opens the lead’s sheet when a row is clicked', async () => {
    server.use(...leadSheetHandlers(makeLead({ processingUser: null, canRecordOutcome: false })))
    const { table, router } = await searchFor('dur', mixed)
    await userEvent.click(within(rowOf(table, 'Jeanne Durand')).getByText('06 12 34 56 78'))
    await waitFor(() => expect(currentUrl(router)).toBe(`/lead/${LEAD_UUID}`))
  })

  it('shows no action column to a user who may never take leads', async () => {
    const item = makeSearchItem({ canPick: false, pickRefusal: 'NOT_CALL_CAPABLE' })
    const { table } = await searchFor('dur', results({ items: [item] }), 'ADMIN')
    expect(within(table).queryByRole('columnheader', { name: 'Action' })).toBeNull()
    expect(within(table).queryByRole('button')).toBeNull()
  })
})
