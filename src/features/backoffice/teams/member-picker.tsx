// Adding members (issue #12): search the users by name or e-mail (the users list administrators
// already read), and add one with its button; the field keeps focus for the next one.
import { useState, type RefObject } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { teamMutations } from '../../../api/teams.ts'
import { userQueries } from '../../../api/users.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import type { Team } from '../../../contracts/teams.ts'
import type { User } from '../../../contracts/user.ts'
import { teamMembers as t } from '../../../i18n/fr/backoffice.ts'
import { personName } from '../../../contracts/person-name.ts'

const SHOWN = 8

export type MemberPickerProps = { team: Team; searchRef: RefObject<HTMLInputElement | null> }

/** Lower case without accents, to match "helene" with "Hélène". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

function matches(user: User, words: string[]): boolean {
  const haystack = fold(`${personName(user)} ${user.email}`)
  return words.every((word) => haystack.includes(word))
}

export function MemberPicker({ team, searchRef }: MemberPickerProps) {
  const queryClient = useQueryClient()
  const users = useQuery(userQueries.list())
  const add = useMutation(teamMutations.addMember(queryClient))
  const [search, setSearch] = useState('')
  const words = fold(search).split(/\s+/).filter(Boolean)
  const memberIds = new Set(team.members.map((member) => member.id))
  const found =
    words.length === 0
      ? []
      : (users.data ?? []).filter((user) => !memberIds.has(user.id) && matches(user, words))

  return (
    <div className="member-picker">
      <TextField
        ref={searchRef}
        type="search"
        label={t.addSearch}
        name="memberSearch"
        value={search}
        onChange={setSearch}
        autoComplete="off"
      />
      {words.length > 0 ? (
        found.length === 0 ? (
          <p role="status">{t.addNone}</p>
        ) : (
          <ul className="member-picker__results" aria-label={t.add}>
            {found.slice(0, SHOWN).map((user) => (
              <li key={user.id}>
                <span>
                  {user.firstName} {user.lastName} <span className="member-picker__email">{user.email}</span>
                </span>
                <Button
                  variant="secondary"
                  busy={add.isPending && add.variables?.userId === user.id}
                  onClick={() =>
                    // The button goes with its row: focus returns to the search for the next one.
                    add.mutate(
                      { teamId: team.id, userId: user.id },
                      { onSuccess: () => searchRef.current?.focus() },
                    )
                  }
                >
                  {t.addButton(personName(user))}
                </Button>
              </li>
            ))}
            {found.length > SHOWN ? <li role="status">{t.addMore(found.length - SHOWN)}</li> : null}
          </ul>
        )
      ) : null}
    </div>
  )
}
