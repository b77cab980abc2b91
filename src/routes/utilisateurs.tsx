// /utilisateurs (spec §2, issue #12 "Users"): administrators create, edit, activate or deactivate
// users, link their Aircall accounts and act on a selection; managers read their teams' users. Lazy
// like every route: nothing of it enters /login or /home.
import { adminUserQueries } from '../api/user-admin.ts'
import { listQueryOf, readUserView } from '../features/backoffice/users/user-list-params.ts'
import { UsersScreen } from '../features/backoffice/users/users-screen.tsx'
import { screenLoader } from './screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readUserView(new URL(request.url).searchParams)
  return [
    queryClient.ensureQueryData(adminUserQueries.page(listQueryOf(view))),
    ...(view.userId === null ? [] : [queryClient.ensureQueryData(adminUserQueries.detail(view.userId))]),
  ]
})

export function Component() {
  return <UsersScreen />
}
