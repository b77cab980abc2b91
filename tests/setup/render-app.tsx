// Renders the real route table (src/app/router.tsx) in a memory router, with the app's providers
// and a fresh query cache, as the browser would at `url`.
import { render } from '@testing-library/react'
import { createMemoryRouter } from 'react-router-dom'
import { vi } from 'vitest'
import { connectRouter } from '../../src/app/navigation.ts'
import { AppProviders } from '../../src/app/providers.tsx'
import { createQueryClient } from '../../src/app/query-client.ts'
import { createAppRoutes } from '../../src/app/router.tsx'

// The router is disconnected and the notifications cleared after each test by tests/setup/client.ts:
// a hook registered here would only run in the first file of a worker (the module is shared).

export function renderApp(url: string) {
  // jsdom has no scrolling; ScrollRestoration calls window.scrollTo on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
  const queryClient = createQueryClient()
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [url] })
  // As main.tsx does: the API client's redirects and reloads go through the router.
  connectRouter(router, queryClient)
  const view = render(<AppProviders queryClient={queryClient} router={router} />)
  return { ...view, router, queryClient }
}

/** The router's current path + search, as the address bar would show it. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search
}
