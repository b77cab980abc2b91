// "Lier à Aircall" (issue #12 "Users"): link the user's telephony account, by their e-mail among the
// Aircall users the provider lists, or by choosing one of them in a searchable list. A refusal (no
// user with that e-mail, an account already linked to someone else) shows in place.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { adminUserMutations, adminUserQueries } from '../../../api/user-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import type { AdminUser } from '../../../contracts/user-admin.ts'
import { aircallLink as t, userDetail } from '../../../i18n/fr/backoffice-users.ts'
import { notify } from '../../../stores/notifications.ts'

const SHOWN_MAX = 50

function AccountPicker({ user, onPick }: { user: AdminUser; onPick: (aircallId: number) => void }) {
  const [search, setSearch] = useState('')
  const accounts = useQuery(adminUserQueries.aircallAccounts(search.trim()))
  const page = accounts.data
  return (
    <div className="aircall-link__picker">
      <TextField
        type="search"
        label={t.search}
        name="aircallSearch"
        value={search}
        onChange={setSearch}
        autoComplete="off"
      />
      {page === undefined ? (
        <p role={accounts.isError ? 'alert' : 'status'}>
          {accounts.isError ? apiErrorMessage(accounts.error, t.loadFailed) : t.loading}
        </p>
      ) : page.items.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="aircall-link__accounts">
          {page.items.slice(0, SHOWN_MAX).map((account) => {
            const label = account.name ? `${account.name} (${account.email})` : account.email
            const mine = account.linkedUserId === user.id
            const taken = account.linkedUserId !== null && !mine
            return (
              <li key={account.id}>
                <span>{label}</span>
                {mine ? <em>{t.current}</em> : taken ? <em>{t.takenBy}</em> : null}
                <Button variant="secondary" disabled={mine || taken} onClick={() => onPick(account.id)}>
                  {t.pick(account.name ?? account.email)}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      {page && page.total > Math.min(page.items.length, SHOWN_MAX) ? (
        <p>{t.more(page.total - Math.min(page.items.length, SHOWN_MAX))}</p>
      ) : null}
    </div>
  )
}

export function AircallLink({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  const link = useMutation(adminUserMutations.linkAircall(queryClient))
  const [open, setOpen] = useState(false)
  const [picking, setPicking] = useState(false)

  function linkTo(aircallId?: number) {
    link.mutate(
      { id: user.id, aircallId },
      {
        onSuccess: () => {
          setOpen(false)
          setPicking(false)
          notify({ kind: 'success', message: t.linked })
        },
      },
    )
  }

  return (
    <section className="aircall-link" aria-labelledby="aircall-link-title">
      <h3 id="aircall-link-title">{t.title}</h3>
      <p>{user.aircallId === null ? userDetail.aircallNone : userDetail.aircallLinked(user.aircallId)}</p>
      {link.isError ? <p role="alert">{apiErrorMessage(link.error, t.failed)}</p> : null}
      {open ? (
        <div className="aircall-link__choices">
          <p className="aircall-link__hint">{t.byEmailHint}</p>
          <div className="aircall-link__buttons">
            <Button busy={link.isPending && !picking} onClick={() => linkTo()}>
              {t.byEmail}
            </Button>
            <Button variant="secondary" onClick={() => setPicking(!picking)}>
              {t.choose}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t.close}
            </Button>
          </div>
          {picking ? <AccountPicker user={user} onPick={(aircallId) => linkTo(aircallId)} /> : null}
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t.link}
        </Button>
      )}
    </section>
  )
}
