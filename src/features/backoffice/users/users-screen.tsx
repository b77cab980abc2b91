// /utilisateurs (issue #12 "Users"): the list (search, filters, sort and page in the URL, pages from
// the server), the selection and its bulk actions, the "Nouvel utilisateur" form and the panel of the
// user opened. Administrators change users; managers read their teams' users only.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RowSelectionState } from '@tanstack/react-table'
import { authQueries } from '../../../api/auth.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { adminUserMutations, adminUserQueries } from '../../../api/user-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ListScreen } from '../../../components/ui/list-screen.tsx'
import type { UserFormValues } from '../../../contracts/user-form.ts'
import { userForm, usersScreen as t, screenTitles } from '../../../i18n/fr/backoffice-users.ts'
import { notify } from '../../../stores/notifications.ts'
import { BulkActions } from './bulk-actions.tsx'
import { UserDetail } from './user-detail.tsx'
import { UserEditor } from './user-editor.tsx'
import { isFiltered, listQueryOf, USER_PAGE_SIZE, useUserView } from './user-list-params.ts'
import { UsersFilters } from './users-filters.tsx'
import { UsersTable } from './users-table.tsx'
import { WelcomeLinkDialog, type HandedOverLink } from './welcome-link-dialog.tsx'
import './users.css'
import { personName } from '../../../contracts/person-name.ts'

export function UsersScreen() {
  const queryClient = useQueryClient()
  const me = useQuery(authQueries.me())
  const readOnly = me.data?.role !== 'ADMIN'
  const [view, update] = useUserView()
  const list = useQuery(adminUserQueries.page(listQueryOf(view)))
  const create = useMutation(adminUserMutations.create(queryClient))
  const [selection, setSelection] = useState<RowSelectionState>({})
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number)

  const [handOver, setHandOver] = useState<HandedOverLink | null>(null)

  async function handleCreate(values: UserFormValues) {
    const { welcome, ...user } = await create.mutateAsync(values)
    const name = personName(user)
    // Issue #31: the message says what became of the welcome link, never that a mail left.
    if (welcome.kind === 'link') {
      notify({ kind: 'success', message: userForm.createdLink(name) })
      setHandOver({ name, url: welcome.url, expiresAt: welcome.expiresAt })
    } else {
      const message =
        welcome.kind === 'none' ? userForm.createdInactive(name) : userForm.createdMailQueued(name)
      notify({ kind: 'success', message })
    }
    update({ creating: false, userId: user.id })
  }

  return (
    <ListScreen
      block="users-screen"
      title={screenTitles.users}
      intro={readOnly ? t.introReadOnly : t.intro}
      header={
        <>
          {readOnly || view.creating ? null : (
            <div>
              <Button onClick={() => update({ creating: true, userId: null })}>{t.create}</Button>
            </div>
          )}
          {!readOnly && view.creating ? (
            <section className="users-screen__create" aria-labelledby="user-create-title">
              <h2 id="user-create-title">{userForm.createTitle}</h2>
              <UserEditor onSave={handleCreate} onCancel={() => update({ creating: false })} />
            </section>
          ) : null}
          <WelcomeLinkDialog link={handOver} onClose={() => setHandOver(null)} />
          <UsersFilters view={view} onChange={update} />
          {!readOnly && selectedIds.length > 0 ? (
            <BulkActions
              userIds={selectedIds}
              onDone={() => setSelection({})}
              onClear={() => setSelection({})}
            />
          ) : null}
        </>
      }
      list={list}
      errorText={(error) => apiErrorMessage(error, t.loadFailed)}
      emptyText={isFiltered(view) ? t.emptyFiltered : readOnly ? t.emptyReadOnly : t.empty}
      page={view.page}
      pageSize={USER_PAGE_SIZE}
      pagerLabel={t.pagesLabel}
      strings={t}
      onPage={(page) => update({ page })}
      aside={
        view.userId === null ? null : (
          <UserDetail
            key={view.userId}
            userId={view.userId}
            readOnly={readOnly}
            onClose={() => update({ userId: null })}
          />
        )
      }
    >
      {(users) => (
        <UsersTable
          users={users}
          sort={view.sort}
          order={view.order}
          openId={view.userId}
          selection={readOnly ? undefined : selection}
          onSelectionChange={setSelection}
          onSortChange={(sort, order) => update({ sort, order })}
          onOpen={(userId) => update({ userId, creating: false })}
        />
      )}
    </ListScreen>
  )
}
