// Issue #14 "Overview": a manager sees what each agent of their teams is doing, today's figures and the
// missions' queues; when the server signals an agent's activity on the live channel, the screen shows
// the new state without a reload; the team filter is in the URL.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { ActivityOverview, AgentNow } from '../../../contracts/activity.ts'
import { liveServer } from '../../../../tests/mocks/live.ts'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../../tests/setup/render-app.tsx'

const NONE = {
  callsMade: 0,
  callsReceived: 0,
  answered: 0,
  talkSeconds: 0,
  tags: 0,
  appointments: 0,
  leadsProcessed: 0,
  xp: 0,
}

function agent(overrides: Partial<AgentNow>): AgentNow {
  return {
    userId: 11,
    firstName: 'Julie',
    lastName: 'Morel',
    avatar: null,
    state: 'idle',
    since: '2026-11-26T09:15:00.000Z',
    call: null,
    lead: null,
    today: NONE,
    ...overrides,
  }
}

function overview(agents: AgentNow[]): ActivityOverview {
  return {
    day: '2026-11-26',
    now: new Date().toISOString(),
    teamId: null,
    teams: [
      { id: 3, name: 'Équipe Lyon' },
      { id: 4, name: 'Équipe Nantes' },
    ],
    agents,
    today: {
      ...NONE,
      callsMade: 6,
      callsReceived: 2,
      answered: 4,
      talkSeconds: 725,
      appointments: 1,
      leadsProcessed: 5,
    },
    missions: [
      {
        id: 1,
        name: 'Panneaux solaires',
        color: '#f5a623',
        toHandOut: 1240,
        recallsDue: 12,
        recallsOverdue: 3,
        expiringSoon: 41,
      },
    ],
  }
}

function overviewServer(initial: AgentNow[]) {
  let agents = initial
  const queries: URLSearchParams[] = []
  server.use(
    signedInAs(makeMe('MANAGER')),
    http.get('*/api/activity/overview', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return HttpResponse.json(overview(agents))
    }),
  )
  return { queries, setAgents: (next: AgentNow[]) => (agents = next) }
}

/** French numbers use narrow no-break spaces (`1 240`, `50 %`): compared with plain ones. */
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ')

const subscribed = () =>
  liveServer.received.flatMap((m) => {
    const message = m as { type?: string; channel?: string }
    return message.type === 'subscribe' ? [message.channel] : []
  })

describe('the activity overview', () => {
  it('shows agents, today’s figures and queues, and follows a live signal without a reload', async () => {
    const api = overviewServer([
      agent({ userId: 11, firstName: 'Julie', lastName: 'Morel' }),
      agent({ userId: 12, firstName: 'Hugo', lastName: 'Bernard', state: 'signedOut', since: null }),
    ])
    renderApp('/activity')
    const list = await screen.findByRole('list', { name: 'Agents et ce qu’ils font' })
    const julie = within(list).getByText('Julie Morel').closest('li')!
    expect(within(julie).getByText('En pause')).toBeTruthy()
    expect(within(list).getByText('Hugo Bernard').closest('li')!.textContent).toContain('Déconnecté')
    // Today: 8 calls, 4 answered of 8, 12 min 05 s of talk.
    expect(text(screen.getByText('Taux de décroché').nextElementSibling)).toBe('50 %')
    expect(text(screen.getByText('Temps de conversation').nextElementSibling)).toBe('12 min 05 s')
    const queues = screen.getByRole('table', { name: 'Leads en attente par mission' })
    const row = within(queues).getByRole('row', { name: /Panneaux solaires/ })
    expect(within(row).getAllByRole('cell').map(text)).toEqual(['1 240', '12', '3', '41'])

    // Julie starts a call: the server signals her activity to the manager's own channel.
    await waitFor(() => expect(subscribed()).toContain('user:2:activity'))
    const startedAt = new Date(Date.now() - 5_000).toISOString()
    api.setAgents([
      agent({
        state: 'call',
        since: startedAt,
        call: {
          callId: 90,
          direction: 'outbound',
          startedAt,
          answeredAt: startedAt,
          lead: { id: 5, uuid: '00000000-0000-4000-8000-000000000005', name: 'Paul Girard' },
        },
      }),
      agent({ userId: 12, firstName: 'Hugo', lastName: 'Bernard', state: 'signedOut', since: null }),
    ])
    liveServer.publish('user:2:activity', { userId: 11, cause: 'call' })
    const calling = await within(list).findByText('En appel')
    const card = calling.closest('li')!
    expect(within(card).getByRole('link', { name: 'Ouvrir la fiche de Paul Girard' })).toBeTruthy()
    expect(card.textContent).toContain('en communication depuis 0:0')
    expect(api.queries).toHaveLength(2)
  })

  it('keeps the team chosen in the URL and asks the server for it', async () => {
    const api = overviewServer([agent({})])
    const { router } = renderApp('/activity?team=4')
    const select = await screen.findByLabelText('Équipe')
    expect((select as HTMLSelectElement).value).toBe('4')
    expect(api.queries[0]!.get('teamId')).toBe('4')
    await userEvent.selectOptions(select, 'Toutes mes équipes')
    await waitFor(() => expect(currentUrl(router)).toBe('/activity'))
    await waitFor(() => expect(api.queries.at(-1)!.get('teamId')).toBeNull())
  })
})
