// Everything the app renders inside: server-data cache, router, global notifications, and the
// offline banner and update prompt (issue #5).
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import type { createAppRouter } from './router.tsx'
import { NotificationsOutlet } from './notifications-outlet.tsx'
import { AwardToastsOutlet } from './award-toasts-outlet.tsx'
import { PwaStatus } from '../pwa/pwa-status.tsx'

export type AppProvidersProps = {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
}

export function AppProviders({ queryClient, router }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <PwaStatus />
      <RouterProvider router={router} />
      <NotificationsOutlet />
      <AwardToastsOutlet />
    </QueryClientProvider>
  )
}
