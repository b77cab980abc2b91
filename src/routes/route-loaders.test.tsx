// Route loaders (issue #10): a screen's data starts when its route is matched, before the screen
// renders, and navigation never waits for it.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { appointmentQueries } from '../api/appointments.ts'
import { cronQueries } from '../api/crons.ts'
import { authQueries } from '../api/auth.ts'
import { leadQueries } from '../api/leads.ts'
import { createQueryClient } from '../app/query-client.ts'
import { createAppRoutes, type RouteModule } from '../app/router.tsx'
import { paths } from '../contracts/app-paths.ts'
import type { Role } from '../contracts/roles.ts'
import { server } from '../../tests/mocks/server.ts'
import { makeAvailabilities } from '../../tests/mocks/appointments.ts'
import { LEAD_UUID, leadSheetHandlers, makeLead } from '../../tests/mocks/leads.ts'
import { makeMe, signedInAs } from '../../tests/mocks/session.ts'
import type { RouteObject } from 'react-router-dom'
import { renderApp } from '../../tests/setup/render-app.tsx'

function loaderArgs(path: string, params: Record<string, string>): LoaderFunctionArgs {
  return { request: new Request(`http://localhost:3000${path}`), params, context: {} } as LoaderFunctionArgs
}

/** A GET the test answers when it chooses: `requested` settles with the path once it is sent. */
function heldGet(pattern: string, body: JsonBodyType) {
  let release: () => void = () => undefined
  const answered = new Promise<void>((resolve) => (release = resolve))
  let sent: (path: string) => void = () => undefined
  const requested = new Promise<string>((resolve) => (sent = resolve))
  const handler = http.get(pattern, async ({ request }) => {
    sent(new URL(request.url).pathname)
    await answered
    return HttpResponse.json(body)
  })
  return { handler, requested, release }
}

describe('route loaders', () => {
  it('start the lead sheet’s request with nothing rendered, without making navigation wait', async () => {
    const lead = heldGet('*/api/lead/:id', makeLead())
    server.use(lead.handler)
    const queryClient = createQueryClient()
    queryClient.setQueryData(authQueries.me().queryKey, makeMe('TELEOPERATOR'))
    const { clientLoader }: RouteModule = await import('./lead/lead-sheet.tsx')

    const result = clientLoader!(queryClient)(loaderArgs(paths.lead(LEAD_UUID), { uuid: LEAD_UUID }))

    // Not a promise: the router renders at once, even offline with the request pending.
    expect(result).toBeNull()
    expect(await lead.requested).toBe(`/api/lead/${LEAD_UUID}`)
    // Under the key the sheet's useQuery reads, so the screen picks this request up.
    expect(queryClient.getQueryState(leadQueries.detail(LEAD_UUID).queryKey)?.fetchStatus).toBe('fetching')
    lead.release()
    await waitFor(() => expect(queryClient.getQueryData(leadQueries.detail(LEAD_UUID).queryKey)).toBeTruthy())
  })

  it('start the appointment page’s lead and availabilities', async () => {
    const lead = heldGet('*/api/lead/:id', makeLead())
    const slots = heldGet('*/api/lead/:id/appointment-availabilities', makeAvailabilities())
    server.use(lead.handler, slots.handler)
    const queryClient = createQueryClient()
    queryClient.setQueryData(authQueries.me().queryKey, makeMe('TELEOPERATOR'))
    const { clientLoader }: RouteModule = await import('./lead/appointment.tsx')

    const args = loaderArgs(paths.leadAppointment(LEAD_UUID), { uuid: LEAD_UUID })
    expect(clientLoader!(queryClient)(args)).toBeNull()

    expect(await lead.requested).toBe(`/api/lead/${LEAD_UUID}`)
    expect(await slots.requested).toBe(`/api/lead/${LEAD_UUID}/appointment-availabilities`)
    lead.release()
    slots.release()
    const keys = [
      leadQueries.detail(LEAD_UUID).queryKey,
      appointmentQueries.availabilities(LEAD_UUID).queryKey,
    ]
    await waitFor(() =>
      expect(keys.map((key) => queryClient.getQueryState(key)?.status)).toEqual(['success', 'success']),
    )
  })

  it('open the lead sheet with one request of the lead: the screen reuses the loader’s', async () => {
    const gets: string[] = []
    server.use(
      http.get('*/api/lead/:id', ({ params }) => {
        gets.push(String(params.id))
        return HttpResponse.json(makeLead())
      }),
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(makeLead()),
    )

    renderApp(paths.lead(LEAD_UUID))

    expect(await screen.findByText('Étape 1 / 2 – Découverte')).toBeTruthy()
    expect(gets).toEqual([LEAD_UUID])
  })

  it('start a screen’s data only for a role its route table entry lets in, without a check of its own', async () => {
    const crons = heldGet('*/api/crons', { items: [] })
    server.use(crons.handler)
    /** The loader the router gives /backoffice/crons (administrators only), run for `role`. */
    async function openCronsAs(role: Role) {
      const queryClient = createQueryClient()
      queryClient.setQueryData(authQueries.me().queryKey, makeMe(role))
      const route = findRoute(createAppRoutes(queryClient), 'backofficeCrons')!
      const lazy = route.lazy as () => Promise<Pick<RouteObject, 'loader'>>
      const { loader } = await lazy()
      expect(
        (loader as (args: LoaderFunctionArgs) => unknown)(loaderArgs(paths.backofficeCrons(), {})),
      ).toBeNull()
      return queryClient
    }

    const manager = await openCronsAs('MANAGER')
    await openCronsAs('ADMIN')

    // The administrator's request is sent: the manager's loader, started first, is done and sent none.
    expect(await crons.requested).toBe('/api/crons')
    expect(manager.getQueryState(cronQueries.list().queryKey)).toBeUndefined()
    crons.release()
  })
})

function findRoute(routes: RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    const found = route.id === id ? route : findRoute(route.children ?? [], id)
    if (found) return found
  }
  return undefined
}
