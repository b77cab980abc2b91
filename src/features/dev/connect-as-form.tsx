// Dev tools: sign in as another user by e-mail (POST /api/dev/connect-as {userEmail}). Managers
// and administrators pick from GET /api/users; for a teleoperator that list is never requested
// (spec §2) and a free e-mail field is offered instead (also the fallback if the list fails).
import { useId, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { userQueries } from '../../api/users.ts'
import type { Role } from '../../contracts/roles.ts'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { fr } from '../../i18n/fr.ts'
import { canListUsers } from './dev-tools-visibility.ts'
import { personName } from '../../contracts/person-name.ts'

const t = fr.devtools

export type ConnectAsFormProps = {
  currentRole: Role
  busy: boolean
  onConnect: (userEmail: string) => void
}

export function ConnectAsForm({ currentRole, busy, onConnect }: ConnectAsFormProps) {
  const selectId = useId()
  const listAllowed = canListUsers(currentRole)
  const users = useQuery({ ...userQueries.list(), enabled: listAllowed })
  const [email, setEmail] = useState('')
  const showList = listAllowed && !users.isError

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const userEmail = email.trim()
    if (userEmail) onConnect(userEmail)
  }

  return (
    <form className="dev-tools__form" onSubmit={handleSubmit}>
      {showList ? (
        <>
          <label htmlFor={selectId}>{t.user}</label>
          <select
            id={selectId}
            value={email}
            disabled={users.isPending}
            onChange={(event) => setEmail(event.target.value)}
          >
            <option value="">{users.isPending ? t.loadingUsers : t.chooseUser}</option>
            {users.data?.map((user) => (
              <option key={user.id} value={user.email}>
                {t.userOption(personName(user), fr.roles[user.role], user.email)}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          {listAllowed ? <p className="dev-tools__note">{t.usersUnavailable}</p> : null}
          <TextField
            label={t.userEmail}
            name="userEmail"
            type="email"
            value={email}
            onChange={setEmail}
            required
          />
        </>
      )}
      <Button type="submit" variant="secondary" busy={busy} disabled={!email.trim()}>
        {t.connectAs}
      </Button>
    </form>
  )
}
