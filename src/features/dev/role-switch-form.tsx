// Dev tools: switch the current account to any role for this session (POST /api/dev/switch-role).
import { useId, useState, type FormEvent } from 'react'
import { ROLES, type Role } from '../../contracts/roles.ts'
import { Button } from '../../components/ui/button.tsx'
import { fr } from '../../i18n/fr.ts'

const t = fr.devtools

export type RoleSwitchFormProps = {
  currentRole: Role
  busy: boolean
  onSwitch: (role: Role) => void
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

export function RoleSwitchForm({ currentRole, busy, onSwitch }: RoleSwitchFormProps) {
  const selectId = useId()
  const [role, setRole] = useState<Role>(currentRole)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSwitch(role)
  }

  return (
    <form className="dev-tools__form" onSubmit={handleSubmit}>
      <label htmlFor={selectId}>{t.role}</label>
      <select
        id={selectId}
        value={role}
        onChange={(event) => {
          if (isRole(event.target.value)) setRole(event.target.value)
        }}
      >
        {ROLES.map((value) => (
          <option key={value} value={value}>
            {fr.roles[value]}
          </option>
        ))}
      </select>
      <Button type="submit" busy={busy}>
        {t.switchRole}
      </Button>
    </form>
  )
}
