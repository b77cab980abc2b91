// /utilisateurs (spec §2, issue #12 "Users"): administrators create, edit, activate or deactivate
// users, link their Aircall accounts and act on a selection; managers read their teams' users. Lazy
// like every route: nothing of it enters /login or /home.
import type { QueryClient } from '@tanstack/react-query'
import { adminUserQueries } from '../api/user-admin.ts'
import { listQueryOf, readUserView } from '../features/backoffice/users/user-list-params.ts'
import { UsersScreen } from '../features/backoffice/users/users-screen.tsx'
import { startQueries } from './start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const view = readUserView(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN' || me.role === 'MANAGER'
        ? [
            queryClient.ensureQueryData(adminUserQueries.page(listQueryOf(view))),
            ...(view.userId === null
              ? []
              : [queryClient.ensureQueryData(adminUserQueries.detail(view.userId))]),
          ]
        : [],
    )
  }

export function Component() {
  return <UsersScreen />
}
