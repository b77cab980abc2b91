// Issue #14 "Timeline": the agent, day and search live in the URL (the server is asked exactly that),
// the day moves with its buttons (keyboard too), the search waits for typing to pause, and the day
// reads as a list of events and a summary sentence beside the decorative bar.
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { timelineServer } from '../../../tests/mocks/timeline.ts'
import { currentUrl } from '../../../tests/setup/render-app.tsx'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import { TimelineScreen } from './timeline-screen.tsx'

function renderTimeline(url: string) {
  return renderFeature(<TimelineScreen />, url)
}

function setUp() {
  const api = timelineServer()
  server.use(signedInAs(makeMe('MANAGER')), ...api.handlers)
  return api
}

describe('the teleoperator timeline', () => {
  it('shows the day the URL names: events in order, a summary, the lead linked', async () => {
    const api = setUp()
    renderTimeline('/activity/teleops-timeline?agent=3&day=2026-03-10')
    expect(
      await screen.findByRole('heading', { name: 'Journée de Camille Martin, mardi 10 mars 2026' }),
    ).toBeTruthy()
    expect(api.last()).toEqual({ userId: 3, day: '2026-03-10', search: null })
    const list = within(document.querySelector<HTMLElement>('ol.timeline-events')!)
    const items = list.getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('time')?.textContent)).toEqual([
      '08:55',
      '09:00',
      '09:00',
      '09:01',
      '09:04',
      '09:05',
      '09:20',
      '09:45',
    ])
    expect(items[4]!.textContent).toContain('Appel terminé')
    expect(items[4]!.textContent).toContain('Durée 3 min 20 s, dont 3 min 00 s de conversation')
    expect(items[2]!.textContent).toContain('Pendant 5 min 25 s')
    expect(items[5]!.textContent).toContain('Tag : Rappeler')
    expect(items[6]!.textContent).toContain('Lead hors de vos missions')
    expect(
      list.getAllByRole('link', { name: 'Ouvrir la fiche de Hélène Lefèvre' })[0]!.getAttribute('href'),
    ).toBe('/lead/8f9a2c1e-0000-4000-8000-000000000041')
    expect(items[1]!.textContent).toContain('06 12 34 56 78')
    expect(
      screen.getByText(/^De 08:55 à 09:45 : 2 appels \(1 décroché, 3 min 00 s de conversation\)/),
    ).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Légende' }).textContent).toContain(
      'Temps mort (15 min ou plus sans activité)',
    )
    expect(screen.getByRole('status').textContent).toBe('8 événements')
    expect(document.querySelector('.day-bar__chart')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('walks the days with the buttons, by keyboard too, and keeps them in the URL', async () => {
    const api = setUp()
    const { router } = renderTimeline('/activity/teleops-timeline?agent=3&day=2026-03-10')
    await screen.findByRole('heading', { name: /mardi 10 mars 2026/ })
    await userEvent.click(screen.getByRole('button', { name: 'Jour précédent' }))
    await waitFor(() => expect(currentUrl(router)).toBe('/activity/teleops-timeline?agent=3&day=2026-03-09'))
    expect(
      await screen.findByRole('heading', { name: 'Journée de Camille Martin, lundi 9 mars 2026' }),
    ).toBeTruthy()
    expect(screen.getByText('Aucune activité ce jour-là.')).toBeTruthy()
    expect(api.last()).toMatchObject({ day: '2026-03-09' })

    screen.getByRole('button', { name: 'Jour suivant' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(currentUrl(router)).toBe('/activity/teleops-timeline?agent=3&day=2026-03-10'))
    await screen.findByRole('heading', { name: /mardi 10 mars 2026/ })

    const dayField = screen.getByLabelText('Jour') as HTMLInputElement
    expect(dayField.value).toBe('2026-03-10')
    // jsdom types no date into a date field: the browser's picker sets the value.
    fireEvent.change(dayField, { target: { value: '2026-02-27' } })
    await waitFor(() => expect(currentUrl(router)).toBe('/activity/teleops-timeline?agent=3&day=2026-02-27'))

    await userEvent.selectOptions(screen.getByLabelText('Agent'), 'Julie Bernard (désactivé)')
    await waitFor(() => expect(currentUrl(router)).toBe('/activity/teleops-timeline?agent=4&day=2026-02-27'))
    await waitFor(() => expect(api.last()).toEqual({ userId: 4, day: '2026-02-27', search: null }))
  })

  it('searches once typing pauses, and says how many events match', async () => {
    const api = setUp()
    const { router } = renderTimeline('/activity/teleops-timeline?agent=3&day=2026-03-10')
    await screen.findByRole('heading', { name: /mardi 10 mars 2026/ })
    await userEvent.type(screen.getByLabelText('Rechercher (nom du lead, téléphone, tag)'), 'lefevre')
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/activity/teleops-timeline?agent=3&day=2026-03-10&q=lefevre'),
    )
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('5 événements sur 8 correspondent à la recherche'),
    )
    // One request for the whole word, none per letter.
    expect(api.asked.filter((asked) => asked.search !== null)).toEqual([
      { userId: 3, day: '2026-03-10', search: 'lefevre' },
    ])

    await userEvent.clear(screen.getByLabelText('Rechercher (nom du lead, téléphone, tag)'))
    await userEvent.type(screen.getByLabelText('Rechercher (nom du lead, téléphone, tag)'), 'personne')
    expect(await screen.findByText('Aucun événement ne correspond à la recherche.')).toBeTruthy()
  })

  it('asks for an agent first, and asks nothing before', async () => {
    const api = setUp()
    const { router } = renderTimeline('/activity/teleops-timeline')
    expect(await screen.findByText('Choisissez un agent pour voir sa journée.')).toBeTruthy()
    await screen.findByRole('option', { name: 'Camille Martin' })
    expect(api.asked).toEqual([])
    await userEvent.selectOptions(screen.getByLabelText('Agent'), 'Camille Martin')
    await waitFor(() => expect(currentUrl(router)).toBe('/activity/teleops-timeline?agent=3'))
    // Today, which stays out of the URL; the next day does not exist yet.
    await waitFor(() => expect(api.last()?.userId).toBe(3))
    expect(screen.getByRole('button', { name: 'Jour suivant' }).hasAttribute('disabled')).toBe(true)
  })
})
