// Renders one feature's element on every path of a memory router, with the app's providers and a
// fresh query cache: for features tested apart from the route table (whose pages another feature
// owns). The API client's redirects go through this router, as in the app.
import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter } from 'react-router-dom'
import { setNavigator } from '../../src/app/navigation.ts'
import { AppProviders } from '../../src/app/providers.tsx'
import { createQueryClient } from '../../src/app/query-client.ts'

// The navigator is disconnected and the notifications cleared after each test by
// tests/setup/client.ts: a hook registered here would only run in the first file of a worker.

export function renderFeature(element: ReactNode, url = '/home') {
  const queryClient = createQueryClient()
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] })
  setNavigator((to, options) => void router.navigate(to, options))
  const view = render(<AppProviders queryClient={queryClient} router={router} />)
  return { ...view, router, queryClient }
}
